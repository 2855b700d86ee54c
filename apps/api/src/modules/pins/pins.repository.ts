import { sql } from 'drizzle-orm';
import { batchInput, rows, type Executor } from '../../platform/db.ts';

export interface PinRow {
  pin_hash: string;
  failed_attempts: number;
  locked_until: Date | string | null;
  set_at: Date | string;
  changed_at: Date | string | null;
}

export interface PinOwner {
  id: string;
  email: string;
  first_name: string;
  password_hash: string;
}

export async function findOwner(executor: Executor, userId: string) {
  const [owner] = await rows<PinOwner>(
    executor,
    sql`select id, email, first_name, password_hash from users where id = ${userId}`,
  );
  return owner;
}

export async function findPin(executor: Executor, userId: string) {
  const [pin] = await rows<PinRow>(
    executor,
    sql`select pin_hash, failed_attempts, locked_until, set_at, changed_at from transaction_pins
         where user_id = ${userId}`,
  );
  return pin;
}

/**
 * The PIN read in the session guard's own statement (`SessionGuard.reading`): a money-out request
 * checks its session and its PIN in one round trip. `pin_hash` is null when none is set.
 */
export const pinBesideSession = {
  columns: sql`p.pin_hash, p.failed_attempts, p.locked_until, p.set_at`,
  joins: sql`left join transaction_pins p on p.user_id = session.user_id`,
};

/** The first PIN; answers false when one exists already (two racing requests: one wins). */
export async function insertPin(executor: Executor, userId: string, pinHash: string, now: Date) {
  const inserted = await rows<{ user_id: string }>(
    executor,
    sql`insert into transaction_pins (user_id, pin_hash, set_at)
        values (${userId}, ${pinHash}, ${now.toISOString()})
        on conflict (user_id) do nothing returning user_id`,
  );
  return inserted.length === 1;
}

/** A new PIN in place of the old (or the first): the lock and the wrong-try count cleared. */
export async function replacePin(executor: Executor, userId: string, pinHash: string, now: Date) {
  const at = now.toISOString();
  await executor.execute(sql`insert into transaction_pins (user_id, pin_hash, set_at, changed_at)
      values (${userId}, ${pinHash}, ${at}, ${at})
      on conflict (user_id) do update set pin_hash = excluded.pin_hash, failed_attempts = 0,
        locked_until = null, changed_at = excluded.changed_at`);
}

/** The same PIN stored in the current form (decision 0028): nothing else about it changes. */
export async function rehashPin(executor: Executor, userId: string, pinHash: string) {
  await executor.execute(
    sql`update transaction_pins set pin_hash = ${pinHash} where user_id = ${userId}`,
  );
}

/**
 * Counts one wrong PIN in one statement, so parallel wrong tries each count (the row lock
 * orders them). A lock that has run out starts the count again. At `maxAttempts` it locks until
 * `lockUntil`. Answers nothing when the PIN is locked already (nothing counted).
 */
export async function countWrongPin(
  executor: Executor,
  options: { userId: string; now: Date; maxAttempts: number; lockUntil: Date },
) {
  const now = options.now.toISOString();
  const [counted] = await rows<{ failed_attempts: number; locked_until: Date | string | null }>(
    executor,
    sql`update transaction_pins set
          failed_attempts = case when locked_until is not null then 1 else failed_attempts + 1 end,
          locked_until = case
            when (case when locked_until is not null then 1 else failed_attempts + 1 end)
                 >= ${options.maxAttempts}
            then ${options.lockUntil.toISOString()}::timestamptz else null end
        where user_id = ${options.userId} and (locked_until is null or locked_until <= ${now})
        returning failed_attempts, locked_until`,
  );
  return counted;
}

/** The PINs of these users as they are now (not as the session read them). */
export async function currentPins(executor: Executor, userIds: readonly string[]) {
  const input = batchInput('wanted', { user_id: ['uuid', userIds] });
  return rows<{ user_id: string; failed_attempts: number; locked_until: Date | string | null }>(
    executor,
    sql`select p.user_id, p.failed_attempts, p.locked_until
          from transaction_pins p join ${input} on wanted.user_id = p.user_id`,
  );
}

/**
 * Starts the wrong-try count again for these users' right PINs, against the row as it is now:
 * the row lock orders this after any wrong try counted at the same time, so a PIN that those
 * tries locked is not unlocked here. Answers the users whose count was cleared.
 */
export async function clearWrongTries(
  executor: Executor,
  userIds: readonly string[],
  now: Date,
): Promise<Set<string>> {
  const input = batchInput('admitted', { user_id: ['uuid', userIds] });
  const cleared = await rows<{ user_id: string }>(
    executor,
    sql`update transaction_pins p set failed_attempts = 0, locked_until = null
          from ${input}
         where p.user_id = admitted.user_id
           and (p.locked_until is null or p.locked_until <= ${now.toISOString()})
        returning p.user_id`,
  );
  return new Set(cleared.map((row) => row.user_id));
}
