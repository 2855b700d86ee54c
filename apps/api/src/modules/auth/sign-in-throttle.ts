import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rows, type Executor } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { verifyPassword } from '../../platform/passwords.ts';

/**
 * The per-account sign-in throttle (beside the per-IP rate limit). It is keyed by the email as
 * typed, whether or not an account exists, so being throttled reveals nothing.
 *
 * - After 5 wrong passwords the address is blocked for 1 minute; each further one (once the
 *   block is over) blocks it for 2, 4, 8, then at most 15 minutes. Failures are forgotten after a
 *   day without any.
 * - A device the owner has signed in on before carries a signed cookie and is neither blocked
 *   nor counted, so an attacker guessing passwords cannot lock the owner out of their own phone.
 *   The cookie is signed over the account's current password hash: a password reset or change
 *   ends the trust of every device, so a cookie kept by someone who once knew the old password
 *   does not let them guess the new one without the throttle.
 * - A correct password or a password reset clears the count.
 */
export const failuresBeforeBlock = 5;
const maxBlockMs = 15 * 60_000;
const forgetAfterMs = 24 * 60 * 60_000;

const blockFor = (failures: number) =>
  Math.min(60_000 * 2 ** (failures - failuresBeforeBlock), maxBlockMs);

export async function refuseWhileBlocked(executor: Executor, email: string, now: Date) {
  const [throttle] = await rows<{ blocked_until: string | Date | null }>(
    executor,
    sql`select blocked_until from sign_in_throttles where email = ${email}`,
  );
  const blockedUntil = throttle?.blocked_until ? new Date(throttle.blocked_until) : undefined;
  if (!blockedUntil || blockedUntil <= now) return;
  const minutes = Math.ceil((blockedUntil.getTime() - now.getTime()) / 60_000);
  throw new AppError(
    'sign_in_throttled',
    `Too many wrong passwords for this email. Try again in ${String(minutes)} ${minutes === 1 ? 'minute' : 'minutes'}, or reset your password.`,
    429,
  );
}

/** Counts a wrong password; answers the count so the caller can tell the owner once. */
export async function recordFailure(executor: Executor, email: string, now: Date) {
  const forgetBefore = new Date(now.getTime() - forgetAfterMs).toISOString();
  const [counted] = await rows<{ failures: number }>(
    executor,
    sql`insert into sign_in_throttles (email, failures, last_failed_at)
        values (${email}, 1, ${now.toISOString()})
        on conflict (email) do update set
          failures = case when sign_in_throttles.last_failed_at < ${forgetBefore} then 1
                          else sign_in_throttles.failures + 1 end,
          last_failed_at = excluded.last_failed_at
        returning failures`,
  );
  const failures = counted?.failures ?? 1;
  if (failures >= failuresBeforeBlock) {
    const blockedUntil = new Date(now.getTime() + blockFor(failures)).toISOString();
    await executor.execute(
      sql`update sign_in_throttles set blocked_until = ${blockedUntil} where email = ${email}`,
    );
  }
  return failures;
}

export async function clearFailures(executor: Executor, email: string) {
  await executor.execute(sql`delete from sign_in_throttles where email = ${email}`);
}

/**
 * The password asked for again inside a session (to change it, set or reset the PIN, close the
 * account) is throttled as sign-in is: a session in the wrong hands cannot guess the password
 * any faster than the sign-in page lets anyone. It keeps its own count, so guesses on the sign-in
 * page by someone without the session never lock the owner out of their own settings.
 */
export async function checkPasswordAgain(
  executor: Executor,
  account: { email: string; passwordHash: string },
  password: string,
  now: Date,
): Promise<boolean> {
  const key = `in-session:${account.email}`;
  await refuseWhileBlocked(executor, key, now);
  if (await verifyPassword(account.passwordHash, password)) {
    await clearFailures(executor, key);
    return true;
  }
  await recordFailure(executor, key, now);
  return false;
}

const deviceSignature = (secret: string, email: string, passwordHash: string, nonce: string) =>
  createHmac('sha256', secret)
    .update(`trusted-device:${email}:${passwordHash}:${nonce}`)
    .digest('base64url');

/** A token for the device that just signed in to `email`, kept in an HttpOnly cookie. */
export function trustedDeviceToken(secret: string, email: string, passwordHash: string): string {
  const nonce = randomBytes(16).toString('base64url');
  return `${nonce}.${deviceSignature(secret, email, passwordHash, nonce)}`;
}

/** Whether `token` was issued to this address while its password was the current one. */
export function isTrustedDevice(
  secret: string,
  email: string,
  passwordHash: string,
  token: string | undefined,
) {
  const [nonce, signature] = token?.split('.') ?? [];
  if (!nonce || !signature) return false;
  const expected = Buffer.from(deviceSignature(secret, email, passwordHash, nonce));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
