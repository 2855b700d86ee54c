import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rows, type Executor } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';

export type CodePurpose = 'confirm_account' | 'password_reset' | 'pin_reset';

const lifetimeMs = 10 * 60_000;
const maxFailedAttempts = 5;
const maxSendsPerHour = 5;

export const invalidCode = () =>
  new AppError('invalid_code', 'This code is wrong or has expired; request a new one', 400);

const hashCode = (secret: string, email: string, purpose: CodePurpose, code: string) =>
  createHmac('sha256', secret).update(`${purpose}:${email}:${code}`).digest('hex');

/**
 * Issues a 6-digit code from a CSPRNG, stored as a keyed hash. Earlier codes for the same
 * purpose stop working. At most 5 per address and purpose per hour: codes asked for without a
 * session (sign-up, password reset) cannot use up a signed-in person's PIN reset. Answers the code to email, or
 * undefined when `deliver` is false (an unknown address: the row keeps the limit identical).
 */
export async function issueCode(
  tx: Executor,
  options: { email: string; purpose: CodePurpose; now: Date; secret: string; deliver: boolean },
): Promise<string | undefined> {
  const hourAgo = new Date(options.now.getTime() - 3_600_000).toISOString();
  const [sent] = await rows<{ count: number }>(
    tx,
    sql`select count(*)::int as count from one_time_codes
         where email = ${options.email} and purpose = ${options.purpose}
           and created_at > ${hourAgo}`,
  );
  if ((sent?.count ?? 0) >= maxSendsPerHour) {
    throw new AppError(
      'too_many_codes',
      'Too many codes were requested for this email; try again in an hour',
      429,
    );
  }
  await tx.execute(sql`update one_time_codes set consumed_at = ${options.now.toISOString()}
    where email = ${options.email} and purpose = ${options.purpose} and consumed_at is null`);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await tx.execute(sql`
    insert into one_time_codes (email, purpose, code_hash, expires_at, created_at)
    values (${options.email}, ${options.purpose},
            ${hashCode(options.secret, options.email, options.purpose, code)},
            ${new Date(options.now.getTime() + lifetimeMs).toISOString()}, ${options.now.toISOString()})`);
  return options.deliver ? code : undefined;
}

/**
 * Checks a code. A miss counts against the code (5 misses burn it). `consume` ends it; without
 * it the code is only marked verified (the reset flow checks it again when the password changes).
 * Answers false instead of throwing, so the caller commits the counted miss before refusing.
 */
export async function checkCode(
  tx: Executor,
  options: {
    email: string;
    purpose: CodePurpose;
    code: string;
    now: Date;
    secret: string;
    consume: boolean;
  },
): Promise<boolean> {
  const [current] = await rows<{ id: string; code_hash: string; failed_attempts: number }>(
    tx,
    sql`select id, code_hash, failed_attempts from one_time_codes
         where email = ${options.email} and purpose = ${options.purpose} and consumed_at is null
           and expires_at > ${options.now.toISOString()}
         order by created_at desc limit 1 for update`,
  );
  if (!current || current.failed_attempts >= maxFailedAttempts) return false;
  const expected = Buffer.from(current.code_hash, 'hex');
  const given = Buffer.from(
    hashCode(options.secret, options.email, options.purpose, options.code),
    'hex',
  );
  if (!timingSafeEqual(expected, given)) {
    await tx.execute(sql`update one_time_codes set failed_attempts = failed_attempts + 1
      where id = ${current.id}`);
    return false;
  }
  await tx.execute(
    options.consume
      ? sql`update one_time_codes set consumed_at = ${options.now.toISOString()}, verified_at = coalesce(verified_at, ${options.now.toISOString()}) where id = ${current.id}`
      : sql`update one_time_codes set verified_at = ${options.now.toISOString()} where id = ${current.id}`,
  );
  return true;
}
