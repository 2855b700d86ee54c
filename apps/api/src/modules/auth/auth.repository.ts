import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { User } from '@ajo/contracts/auth';
import { rows, type Executor } from '../../platform/db.ts';
import { isoTimestamp } from '../../platform/timestamps.ts';

export interface UserRow {
  id: string;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  country_code: string;
  phone: string;
  status: string;
  tier: number;
  referral_code: string;
  email_confirmed_at: string | Date | null;
  /** Hash of the sign-up ticket of the registration waiting for its code; null once confirmed. */
  signup_binding_hash: string | null;
  created_at: string | Date;
  virtual_account_id?: string | null;
  virtual_account_reference?: string | null;
}

const userColumns = sql`id, email, password_hash, first_name, last_name, country_code, phone,
  status, tier, referral_code, email_confirmed_at, signup_binding_hash, created_at`;

/** The user with their funding account's id and reference (both empty before the BVN step). */
const userWithAccountColumns = sql`${userColumns},
  (select va.id::text from virtual_accounts va where va.user_id = users.id) as virtual_account_id,
  (select va.account_reference from virtual_accounts va where va.user_id = users.id)
    as virtual_account_reference`;

export async function findUserByEmail(executor: Executor, email: string) {
  const [user] = await rows<UserRow>(
    executor,
    sql`select ${userWithAccountColumns} from users where email = ${email}`,
  );
  return user;
}

export async function findUserById(executor: Executor, id: string) {
  const [user] = await rows<UserRow>(
    executor,
    sql`select ${userWithAccountColumns} from users where id = ${id}`,
  );
  return user;
}

export async function findUserIdByReferralCode(executor: Executor, referralCode: string) {
  const [user] = await rows<{ id: string }>(
    executor,
    sql`select id from users where referral_code = ${referralCode.toUpperCase()}`,
  );
  return user?.id;
}

/** A referral code people can read aloud: name letters plus random, unambiguous characters. */
export function newReferralCode(firstName: string): string {
  const letters = firstName
    .toUpperCase()
    .replace(/[^A-Z]/g, '')
    .slice(0, 4)
    .padEnd(3, 'X');
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const random = [...randomBytes(5)].map((byte) => alphabet[byte % alphabet.length]).join('');
  return `${letters}${random}`;
}

/** What a person types when they register, as stored until the address is confirmed. */
export interface RegistrationDetails {
  passwordHash: string;
  firstName: string;
  lastName: string;
  countryCode: string;
  phone: string;
  referredBy: string | undefined;
  signupBindingHash: string;
  now: Date;
}

export async function insertUser(
  executor: Executor,
  user: RegistrationDetails & { email: string },
): Promise<UserRow> {
  const [inserted] = await rows<UserRow>(
    executor,
    sql`insert into users (email, password_hash, first_name, last_name, country_code, phone,
                           referral_code, referred_by, signup_binding_hash, created_at, updated_at)
        values (${user.email}, ${user.passwordHash}, ${user.firstName}, ${user.lastName},
                ${user.countryCode}, ${user.phone}, ${newReferralCode(user.firstName)},
                ${user.referredBy ?? null}, ${user.signupBindingHash}, ${user.now.toISOString()},
                ${user.now.toISOString()})
        returning ${userColumns}`,
  );
  if (!inserted) throw new Error('user was not inserted');
  return inserted;
}

/**
 * A new registration of an address nobody has confirmed replaces what the earlier one typed:
 * whoever proves the mailbox must end up with their own password and names (decision 0007).
 */
export async function replacePendingRegistration(
  executor: Executor,
  userId: string,
  details: RegistrationDetails,
): Promise<UserRow> {
  const [replaced] = await rows<UserRow>(
    executor,
    sql`update users set password_hash = ${details.passwordHash},
               first_name = ${details.firstName}, last_name = ${details.lastName},
               country_code = ${details.countryCode}, phone = ${details.phone},
               referred_by = ${details.referredBy ?? null},
               signup_binding_hash = ${details.signupBindingHash},
               updated_at = ${details.now.toISOString()}
         where id = ${userId} and email_confirmed_at is null
        returning ${userColumns}`,
  );
  if (!replaced) throw new Error('the pending registration was not replaced');
  return replaced;
}

export async function markEmailConfirmed(executor: Executor, userId: string, now: Date) {
  await executor.execute(sql`update users set email_confirmed_at = coalesce(email_confirmed_at, ${now.toISOString()}),
    signup_binding_hash = null, updated_at = ${now.toISOString()} where id = ${userId}`);
}

export async function updatePasswordHash(
  executor: Executor,
  userId: string,
  passwordHash: string,
  now: Date,
) {
  await executor.execute(sql`update users set password_hash = ${passwordHash},
    updated_at = ${now.toISOString()} where id = ${userId}`);
}

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    country_code: row.country_code,
    phone: row.phone,
    status: row.status,
    tier: row.tier,
    referral_code: row.referral_code,
    // Filled in by the BVN step; empty until then (the client opens the BVN modal on empty).
    virtual_account: {
      id: row.virtual_account_id ?? '',
      account_reference: row.virtual_account_reference ?? '',
    },
    created_at: isoTimestamp(row.created_at),
  };
}
