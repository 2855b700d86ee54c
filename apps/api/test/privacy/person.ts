import { randomInt } from 'node:crypto';
import { expect } from 'vitest';
import type { Caller } from '../support/calls.ts';
import { freshBvn, latestCode, setTestPin, uniqueEmail } from '../support/people.ts';
import { linkBankAccountVia, openBankAccountVia } from '../support/withdrawal-helpers.ts';
import type { FastifyInstance } from 'fastify';

// A person whose names, phone and BVN nobody else in the database shares, so a search for them
// after erasure finds only what is theirs.

const letters = 'abcdefghijklmnopqrstuvwxyz';
const word = (length: number) =>
  Array.from({ length }, () => letters[randomInt(letters.length)] ?? 'a').join('');

export interface Person {
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  bvn: string;
  token: string;
  accountNumber: string;
}

export function newIdentity(label: string) {
  return {
    email: uniqueEmail(label),
    firstName: `Ngozi${word(6)}`.replace(/^./, 'N'),
    lastName: `Okon${word(6)}`,
    phone: `803${String(randomInt(0, 10_000_000)).padStart(7, '0')}`,
    bvn: freshBvn(),
  };
}

/** Registers, confirms, verifies the BVN and opens the funding account in the person's name. */
export async function newPerson(
  app: FastifyInstance,
  call: Caller,
  label: string,
): Promise<Person> {
  const identity = newIdentity(label);
  const registered = await call('/v1/auth/register', {
    payload: {
      email: identity.email,
      password: 'correct-horse-battery',
      first_name: identity.firstName,
      last_name: identity.lastName,
      phone: identity.phone,
    },
  });
  expect(registered.statusCode, registered.body).toBe(201);
  const code = await latestCode(app, identity.email);
  const confirmed = await call('/v1/auth/confirm-account', {
    payload: { email: identity.email, token: code },
  });
  const token = confirmed.json<{ data: { token: string } }>().data.token;
  await setTestPin(call, token);
  const fullName = `${identity.firstName} ${identity.lastName}`;
  const verified = await call('/v1/virtualaccount/verify-bvn-sandbox', {
    token,
    payload: { Bvn: identity.bvn },
  });
  expect(verified.statusCode, verified.body).toBe(200);
  const created = await call('/v1/virtualaccount/create-sandbox-account', {
    token,
    payload: { account_name: fullName, customer: { name: fullName }, kyc: { bvn: identity.bvn } },
  });
  expect(created.statusCode, created.body).toBe(200);
  const accountNumber = created.json<{ data: { data: { account_number: string } } }>().data.data
    .account_number;
  return { ...identity, token, accountNumber };
}

/** Links a bank account in the person's own name at the sandbox bank; answers its id. */
export async function linkOwnBank(call: Caller, person: Person): Promise<string> {
  const account = await openBankAccountVia(call, `${person.firstName} ${person.lastName}`);
  const linked = await linkBankAccountVia(call, person.token, account);
  expect(linked.statusCode, linked.body).toBe(200);
  return linked.json<{ data: { id: string } }>().data.id;
}
