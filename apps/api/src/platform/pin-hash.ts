import { createHmac, createSecretKey, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { verifyPassword } from './passwords.ts';

/**
 * How a transaction PIN is stored (decision 0028): a keyed hash, HMAC-SHA-256 under a key
 * derived from the app secret, over the owner's id, a random salt and the digits.
 *
 * A 4-digit PIN has 10,000 values, so a slow hash (argon2) protects it from nobody who has the
 * table: 10,000 tries take minutes. What protects it is a key that is not in the database (a copy
 * of the table alone cannot be guessed against at all) and the lock after 5 wrong tries (the only
 * guessing left is online). The check is a constant-time comparison of the whole digest, and it
 * costs microseconds instead of tens of milliseconds on every money-out request.
 *
 * PINs stored before this (argon2id, `$argon2id$…`) are still checked, and rewritten in this form
 * the first time they are given right.
 */
const scheme = 'hmac-sha256';

export interface PinCheck {
  matches: boolean;
  /** The PIN matched a hash in the older form: store `hash(…)` in its place. */
  outdated: boolean;
}

export function pinHasher(appSecret: string) {
  // A key object made once: HMAC with a raw buffer builds one on every call.
  const key = createSecretKey(
    Buffer.from(hkdfSync('sha256', appSecret, 'ajo-transaction-pin', 'pin-hash:v1', 32)),
  );
  const digest = (userId: string, salt: string, pin: string) =>
    createHmac('sha256', key).update(`${userId}:${salt}:${pin}`).digest();

  return {
    hash(userId: string, pin: string): string {
      const salt = randomBytes(16).toString('hex');
      return `${scheme}$${salt}$${digest(userId, salt, pin).toString('hex')}`;
    },

    async check(userId: string, stored: string, pin: string): Promise<PinCheck> {
      if (stored.startsWith('$argon2')) {
        return { matches: await verifyPassword(stored, pin), outdated: true };
      }
      const [kind, salt, expected] = stored.split('$');
      if (kind !== scheme || !salt || !expected) return { matches: false, outdated: false };
      const given = digest(userId, salt, pin);
      const wanted = Buffer.from(expected, 'hex');
      return {
        matches: wanted.length === given.length && timingSafeEqual(wanted, given),
        outdated: false,
      };
    },
  };
}

export type PinHasher = ReturnType<typeof pinHasher>;
