import { sql } from 'drizzle-orm';
import { batchInput, rows, type Executor } from '../platform/db.ts';

/**
 * What each user moved today per limited operation (`daily_totals`, keyed by the Africa/Lagos
 * business date). A daily limit is reserved with one guarded upsert per item, so two requests
 * can never both fit under what is left of a limit, whichever API instance runs them; the
 * amount is given back when the money comes back (a failed or reversed payout).
 */
export interface DailyReservation {
  userId: string;
  /** The `transaction_limits` item the limit comes from, e.g. `withdraw`. */
  operation: string;
  /** YYYY-MM-DD, Africa/Lagos. */
  day: string;
  amountMinor: bigint;
  /** The day's limit; null: no limit (the total is still kept). */
  limitMinor: bigint | null;
}

export type ReservationOutcome =
  | { reserved: true }
  /** Over the limit: nothing changed; `usedMinor` is what was already moved today. */
  | { reserved: false; usedMinor: bigint };

/**
 * Reserves a batch, at most one item per (user, operation) (the callers' batches have one item
 * per user). Rows are written in user order, so concurrent batches lock them in one order.
 */
export async function reserveDailyTotals(
  executor: Executor,
  reservations: readonly DailyReservation[],
): Promise<ReservationOutcome[]> {
  if (reservations.length === 0) return [];
  const input = batchInput('input', {
    ord: ['int', reservations.map((_, ord) => ord)],
    user_id: ['uuid', reservations.map((item) => item.userId)],
    operation: ['text', reservations.map((item) => item.operation)],
    day: ['date', reservations.map((item) => item.day)],
    amount_minor: ['bigint', reservations.map((item) => item.amountMinor)],
    limit_minor: ['bigint', reservations.map((item) => item.limitMinor)],
  });
  const found = await rows<{ ord: number; reserved: boolean; used_minor: string }>(
    executor,
    sql`with input as (select * from ${input}),
        reserved as (
          insert into daily_totals as total (user_id, product, day, amount_minor)
          select user_id, operation, day, amount_minor from input
           where limit_minor is null or amount_minor <= limit_minor
           order by user_id
          on conflict (user_id, product, day) do update
             set amount_minor = total.amount_minor + excluded.amount_minor
           where total.amount_minor + excluded.amount_minor <= coalesce(
                   (select limit_minor from input
                     where input.user_id = total.user_id and input.operation = total.product
                       and input.day = total.day),
                   total.amount_minor + excluded.amount_minor)
          returning user_id, product
        )
        select input.ord, reserved.user_id is not null as reserved,
               coalesce(total.amount_minor, 0)::text as used_minor
          from input
          left join reserved on reserved.user_id = input.user_id
               and reserved.product = input.operation
          left join daily_totals total on total.user_id = input.user_id
               and total.product = input.operation and total.day = input.day
         order by input.ord`,
  );
  return found.map((row) =>
    row.reserved ? { reserved: true } : { reserved: false, usedMinor: BigInt(row.used_minor) },
  );
}

/** Gives a reserved amount back (never below zero). */
export async function releaseDailyTotal(
  executor: Executor,
  release: Omit<DailyReservation, 'limitMinor'>,
): Promise<void> {
  await executor.execute(
    sql`update daily_totals
           set amount_minor = greatest(amount_minor - ${release.amountMinor.toString()}::bigint, 0)
         where user_id = ${release.userId} and product = ${release.operation}
           and day = ${release.day}::date`,
  );
}

/** What the user moved on `day` for `operation`. */
export async function dailyTotal(
  executor: Executor,
  userId: string,
  operation: string,
  day: string,
): Promise<bigint> {
  const [found] = await rows<{ amount_minor: string }>(
    executor,
    sql`select amount_minor::text from daily_totals
         where user_id = ${userId} and product = ${operation} and day = ${day}::date`,
  );
  return BigInt(found?.amount_minor ?? '0');
}
