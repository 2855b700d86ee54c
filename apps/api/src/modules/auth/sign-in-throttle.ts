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

/** The address's block, as the person reads it. */
function throttled(blockedUntil: Date, now: Date) {
  const minutes = Math.ceil((blockedUntil.getTime() - now.getTime()) / 60_000);
  return new AppError(
    'sign_in_throttled',
    `Too many wrong passwords for this email. Try again in ${String(minutes)} ${minutes === 1 ? 'minute' : 'minutes'}, or reset your password.`,
    429,
  );
}

/**
 * Admits one password attempt for the address, or refuses it while the address is blocked. The
 * attempt is counted as a failure before the password is checked (a correct one clears the count
 * with `clearFailures`), in one statement under the row's lock: a hundred guesses sent at once
 * are admitted five at a time, exactly as a hundred sent one after another. Answers the count
 * with this attempt, so the caller can tell the owner once, when it reaches the block.
 */
export async function admitAttempt(executor: Executor, email: string, now: Date) {
  const forgetBefore = new Date(now.getTime() - forgetAfterMs).toISOString();
  const counted = sql`case when sign_in_throttles.last_failed_at < ${forgetBefore} then 1
                           else sign_in_throttles.failures + 1 end`;
  const [admitted] = await rows<{ failures: number }>(
    executor,
    sql`insert into sign_in_throttles (email, failures, last_failed_at)
        values (${email}, 1, ${now.toISOString()})
        on conflict (email) do update set
          failures = ${counted},
          last_failed_at = excluded.last_failed_at,
          blocked_until = case when ${counted} >= ${failuresBeforeBlock}
            then ${now.toISOString()}::timestamptz + interval '1 millisecond' *
                 least(60000 * power(2, ${counted} - ${failuresBeforeBlock}), ${maxBlockMs})
            else sign_in_throttles.blocked_until end
          where sign_in_throttles.blocked_until is null
             or sign_in_throttles.blocked_until <= ${now.toISOString()}
        returning failures`,
  );
  if (admitted) return admitted.failures;
  const [blocked] = await rows<{ blocked_until: string | Date }>(
    executor,
    sql`select blocked_until from sign_in_throttles where email = ${email}`,
  );
  throw throttled(blocked ? new Date(blocked.blocked_until) : now, now);
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
  await admitAttempt(executor, key, now);
  if (!(await verifyPassword(account.passwordHash, password))) return false;
  await clearFailures(executor, key);
  return true;
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
