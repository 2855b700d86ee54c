import { PIN_LOCK_MINUTES, PIN_MAX_ATTEMPTS, type PinStatus } from '@ajo/contracts/pin';
import { batcher, succeeded } from '../../platform/batcher.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db.ts';
import type { EmailOutbox } from '../../platform/email-outbox.ts';
import { insertNotification } from '../../platform/notifications.ts';
import { isoTimestamp } from '../../platform/timestamps.ts';
import { checkCode, checkPasswordAgain, invalidCode, issueCode } from '../auth/auth.service.ts';
import {
  pinChangedEmail,
  pinChangedNotice,
  pinCodeEmail,
  pinLockedEmail,
  pinLockedNotice,
} from './pin-emails.ts';
import {
  attemptsLeft,
  isWeakPin,
  lagosTime,
  pinChangeRefusals,
  pinRefusals,
} from './pin-policies.ts';
import { pinHasher } from '../../platform/pin-hash.ts';
import * as repository from './pins.repository.ts';

export interface PinsDeps {
  database: Database;
  clock: Clock;
  outbox: EmailOutbox;
  secret: string;
}

const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

export function pinsService(deps: PinsDeps) {
  const { database, clock, outbox, secret } = deps;
  const hasher = pinHasher(secret);
  /** Whether a lock is in force now (a lock that ran out no longer counts). */
  const lockedUntil = (row: Pick<repository.PinRow, 'locked_until'>, now: Date) => {
    const until = row.locked_until === null ? undefined : asDate(row.locked_until);
    return until && until > now ? until : undefined;
  };

  /**
   * Right PINs, admitted against the row as it is now, not as the session read it: a burst of
   * guesses all read the row before any of them was counted, and without this a right one among
   * them went through after the wrong ones had locked it. A PIN with no wrong tries counted is
   * admitted on the read alone (nothing to write, so nothing to commit); one with wrong tries
   * counted has them cleared under the row lock, which orders the clearing after any wrong try
   * counted at the same moment, so a PIN those tries locked stays locked.
   */
  async function admitNow(userIds: readonly string[]) {
    const now = clock.now();
    const admitted = new Set<string>();
    const toClear: string[] = [];
    for (const row of await repository.currentPins(database.db, userIds)) {
      if (lockedUntil(row, now)) continue;
      if (row.failed_attempts === 0 && row.locked_until === null) admitted.add(row.user_id);
      else toClear.push(row.user_id);
    }
    if (toClear.length > 0) {
      for (const userId of await repository.clearWrongTries(database.db, toClear, now)) {
        admitted.add(userId);
      }
    }
    return admitted;
  }

  /** Right PINs checked at the same time share one statement (group commit, decision 0013). */
  const admissions = batcher<string, boolean>({
    maxBatch: 64,
    conflictKey: (userId) => userId,
    run: async (userIds) => {
      const admitted = await admitNow(userIds);
      return userIds.map((userId) => succeeded(admitted.has(userId)));
    },
  });

  async function status(userId: string): Promise<PinStatus> {
    const row = await repository.findPin(database.db, userId);
    if (!row)
      return {
        is_set: false,
        attempts_left: PIN_MAX_ATTEMPTS,
        locked_until: null,
        set_at: null,
        changed_at: null,
      };
    const now = clock.now();
    const until = lockedUntil(row, now);
    const expired = row.locked_until !== null && !until;
    return {
      is_set: true,
      attempts_left: until ? 0 : expired ? PIN_MAX_ATTEMPTS : attemptsLeft(row.failed_attempts),
      locked_until: until ? isoTimestamp(until) : null,
      set_at: isoTimestamp(asDate(row.set_at)),
      changed_at: row.changed_at === null ? null : isoTimestamp(asDate(row.changed_at)),
    };
  }

  async function ownerWithPassword(userId: string, password: string) {
    const owner = await repository.findOwner(database.db, userId);
    const passwordOk =
      owner !== undefined &&
      (await checkPasswordAgain(
        database.db,
        { email: owner.email, passwordHash: owner.password_hash },
        password,
        clock.now(),
      ));
    if (!owner || !passwordOk) {
      throw pinChangeRefusals.wrongPassword();
    }
    return owner;
  }

  /** The first PIN, with the password; refused when one is set already. */
  async function setFirst(userId: string, input: { pin: string; password: string }) {
    if (isWeakPin(input.pin)) throw pinChangeRefusals.weak();
    await ownerWithPassword(userId, input.password);
    if (await repository.findPin(database.db, userId)) throw pinChangeRefusals.alreadySet();
    const pinHash = hasher.hash(userId, input.pin);
    const inserted = await repository.insertPin(database.db, userId, pinHash, clock.now());
    if (!inserted) throw pinChangeRefusals.alreadySet();
    return status(userId);
  }

  /** Emails a code for changing or resetting the PIN (at most 5 codes an hour per address). */
  async function sendCode(userId: string) {
    const now = clock.now();
    const sentTo = await database.unitOfWork(async (tx) => {
      const owner = await repository.findOwner(tx, userId);
      if (!owner) throw invalidCode();
      const code = await issueCode(tx, {
        email: owner.email,
        purpose: 'pin_reset',
        now,
        secret,
        deliver: true,
      });
      if (code) await outbox.queue(tx, pinCodeEmail(owner.email, owner.first_name, code));
      return owner.email;
    });
    outbox.flush();
    return { sent_to: sentTo };
  }

  /** A new PIN with the password and the emailed code; clears a lock. The owner is told. */
  async function change(userId: string, input: { pin: string; password: string; code: string }) {
    if (isWeakPin(input.pin)) throw pinChangeRefusals.weak();
    const owner = await ownerWithPassword(userId, input.password);
    const pinHash = hasher.hash(userId, input.pin);
    const now = clock.now();
    const changed = await database.unitOfWork(async (tx) => {
      const valid = await checkCode(tx, {
        email: owner.email,
        purpose: 'pin_reset',
        code: input.code,
        now,
        secret,
        consume: true,
      });
      if (!valid) return false;
      await repository.replacePin(tx, userId, pinHash, now);
      await insertNotification(tx, { userId, ...pinChangedNotice, now });
      await outbox.queue(tx, pinChangedEmail(owner.email, owner.first_name));
      return true;
    });
    // A wrong code is refused after its miss was counted (committed above).
    if (!changed) throw invalidCode();
    outbox.flush();
    return status(userId);
  }

  /**
   * Checks the PIN sent with a money-out request: refuses when none is set, when locked, when
   * missing or wrong (counted; the try that reaches the limit locks it and tells the owner).
   * `row` is the stored PIN, read with the session by the route's guard (null: none is set).
   */
  async function verify(userId: string, given: string | undefined, row: repository.PinRow | null) {
    if (!row) throw pinRefusals.notSet();
    const until = lockedUntil(row, clock.now());
    if (until) throw pinRefusals.locked(until);
    if (given === undefined || !/^\d{4}$/.test(given)) throw pinRefusals.missing();
    const check = await hasher.check(userId, row.pin_hash, given);
    if (check.matches) {
      if (check.outdated)
        await repository.rehashPin(database.db, userId, hasher.hash(userId, given));
      // `row` was read with the session: wrong tries sent at the same moment may have locked
      // the PIN since. Only the row as it is now admits a right PIN.
      if (!(await admissions(userId))) {
        const current = await repository.findPin(database.db, userId);
        const now = clock.now();
        throw pinRefusals.locked((current && lockedUntil(current, now)) ?? now);
      }
      return;
    }
    const now = clock.now();
    const lockUntil = new Date(now.getTime() + PIN_LOCK_MINUTES * 60_000);
    const counted = await database.unitOfWork(async (tx) => {
      const result = await repository.countWrongPin(tx, {
        userId,
        now,
        maxAttempts: PIN_MAX_ATTEMPTS,
        lockUntil,
      });
      if (
        result !== undefined &&
        result.locked_until !== null &&
        result.failed_attempts === PIN_MAX_ATTEMPTS
      ) {
        const owner = await repository.findOwner(tx, userId);
        const at = lagosTime(lockUntil);
        await insertNotification(tx, {
          userId,
          title: pinLockedNotice.title,
          body: pinLockedNotice.body(at),
          now,
        });
        if (owner) await outbox.queue(tx, pinLockedEmail(owner.email, owner.first_name, at));
      }
      return result;
    });
    if (!counted) {
      const current = await repository.findPin(database.db, userId);
      const lock = current && lockedUntil(current, now);
      throw pinRefusals.locked(lock ?? lockUntil);
    }
    if (counted.locked_until !== null) {
      outbox.flush();
      throw pinRefusals.locked(asDate(counted.locked_until));
    }
    throw pinRefusals.incorrect(attemptsLeft(counted.failed_attempts));
  }

  return { status, setFirst, sendCode, change, verify };
}

export type PinsService = ReturnType<typeof pinsService>;
