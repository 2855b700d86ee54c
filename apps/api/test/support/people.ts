import { randomBytes, randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { callerFor, TEST_PIN, type Caller } from './calls.ts';

// New people: an address, a registration, the emailed code, a BVN.

export const uniqueEmail = (label: string) => `${label}-${randomBytes(5).toString('hex')}@ajo.test`;

export const validRegistration = (email: string) => ({
  email,
  password: 'correct-horse-battery',
  first_name: 'Chiamaka',
  last_name: 'Eze',
  phone: '8031234567',
});

const usedBvns = new Set<string>();
/**
 * A BVN of the sandbox's "22" family (its record carries the registered name) that nobody else
 * in this process has: one BVN belongs to one user. Random, so processes sharing a database
 * (the server-process tests) do not collide either.
 */
export function freshBvn(): string {
  for (;;) {
    const bvn = `22${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;
    if (!usedBvns.has(bvn)) {
      usedBvns.add(bvn);
      return bvn;
    }
  }
}

/**
 * The newest code the sandbox emailed to an address. Email leaves through the job queue just
 * after the answer, so this waits for the app's background work, then polls the mailbox.
 */
export async function latestCode(target: FastifyInstance | Caller, email: string): Promise<string> {
  if (typeof target !== 'function') await target.background.idle();
  const call = callerFor(target);
  // An app in process has sent everything once idle; a server is polled for a while.
  const attempts = typeof target === 'function' ? 50 : 1;
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    const mailbox = await call(`/v1/sandbox/mailbox?email=${encodeURIComponent(email)}`);
    const items = mailbox.json<{ data: { items: { text: string }[] } }>().data.items;
    // Notices without a code (a failed sign-in, an existing account) may be newer.
    const code = items
      .map((item) => /\b(\d{6})\b/.exec(item.text)?.[1])
      .find((found) => found !== undefined);
    if (code) return code;
    if (attempt + 1 < attempts) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no code in the mailbox of ${email}`);
}

/**
 * Registers, confirms with the emailed code, sets the transaction PIN (TEST_PIN, which the
 * callers send by default) and answers the new user's bearer token.
 */
export async function signUp(
  target: FastifyInstance | Caller,
  email: string,
  options: { pin?: string | null } = {},
): Promise<string> {
  const call = callerFor(target);
  const registered = await call('/v1/auth/register', { payload: validRegistration(email) });
  if (registered.statusCode >= 400) throw new Error(`register failed: ${registered.body}`);
  const code = await latestCode(target, email);
  const confirmed = await call('/v1/auth/confirm-account', { payload: { email, token: code } });
  const token = confirmed.json<{ data: { token?: string } }>().data.token;
  if (!token) throw new Error(`sign-up failed: ${confirmed.body}`);
  if (options.pin === null) return token;
  await setTestPin(call, token, options.pin ?? TEST_PIN);
  return token;
}

/** Sets a signed-up user's transaction PIN (TEST_PIN unless told), as `signUp` does. */
export async function setTestPin(
  target: FastifyInstance | Caller,
  token: string,
  pin = TEST_PIN,
  password = validRegistration('').password,
) {
  const set = await callerFor(target)('/v1/pin', { token, payload: { pin, password } });
  if (set.statusCode !== 200) throw new Error(`setting the PIN failed: ${set.body}`);
}
