import { sql } from 'drizzle-orm';
import { addMonths } from '@ajo/contracts/savings';
import { formatMoney } from '@ajo/money/format';
import { insertActivities } from '../../money/activity.ts';
import { move, walletsOf } from '../../money/ledger/ledger.service.ts';
import { addDays, readableDate } from '../../platform/clock.ts';
import { batchInput, rows, type Database } from '../../platform/db.ts';
import { insertNotifications } from '../../platform/notifications.ts';

/** A short wallet is tried on the due date and on this many following days, then missed. */
export const collectionRetries = 2;

/** Plans collected per transaction (each user once per batch, as the ledger requires). */
export const collectionBatchSize = 2_000;

/**
 * Lanes collected at once, each in its own transactions and owning the plans of its share of the
 * users (by a hash of the user id), so no wallet is ever touched by two lanes and the lanes never
 * wait on each other. Two keep both of a two-core database's cores busy (docs/bench.md, row t).
 */
export const collectionLanes = 2;

/** The due date after `due` for a plan started on `startOn` (monthly keeps the start's day). */
export function nextDueDate(startOn: string, due: string, frequency: 'WEEKLY' | 'MONTHLY'): string {
  if (frequency === 'WEEKLY') return addDays(due, 7);
  for (let months = 1; ; months += 1) {
    const next = addMonths(startOn, months);
    if (next > due) return next;
  }
}

/**
 * An automatic plan's instalment: its collection amount, or what is left of its target when that
 * is less. A plan whose target is reached (by instalments or top ups) is not collected again:
 * the user was told collection runs until the target is reached (target-savings.ts).
 */
const instalmentSql = sql`least(p.collection_minor,
    coalesce(p.target_minor - p.balance_minor, p.collection_minor))`;

interface DuePlan {
  id: string;
  saving_id: string;
  user_id: string;
  reason: string;
  ledger_account_id: string;
  collection_minor: string;
  /** Null when the plan has no target (not for automatic plans today, but the column allows it). */
  left_minor: string | null;
  next_collection_on: string;
  start_on: string;
  maturity_on: string;
  frequency: 'WEEKLY' | 'MONTHLY';
  attempts: number;
}

export interface CollectionRun {
  collected: number;
  retrying: number;
  missed: number;
}

/**
 * Automatic collection, set-based: every active automatic plan whose instalment is due by `today`,
 * was not tried today and has not reached its target is tried once, in batches of one plan per
 * user (the plans locked, skipping those another worker holds). A collected instalment moves
 * wallet → plan in a ledger entry keyed by (plan, due date), so it can never be taken twice, and
 * is recorded with the plan's new balance and next due date in the same transaction. A short
 * wallet leaves the instalment `retrying` (tried again on each of the next `collectionRetries`
 * days) and then `missed`, when the plan moves on to its next due date; the user is told each
 * time.
 */
export async function collectDue(
  database: Database,
  today: string,
  at: Date,
): Promise<CollectionRun> {
  const lanes = await Promise.all(
    Array.from({ length: collectionLanes }, (_, lane) => collectLane(database, today, at, lane)),
  );
  return {
    collected: lanes.reduce((sum, lane) => sum + lane.collected, 0),
    retrying: lanes.reduce((sum, lane) => sum + lane.retrying, 0),
    missed: lanes.reduce((sum, lane) => sum + lane.missed, 0),
  };
}

async function collectLane(
  database: Database,
  today: string,
  at: Date,
  lane: number,
): Promise<CollectionRun> {
  const run: CollectionRun = { collected: 0, retrying: 0, missed: 0 };
  // Passes over the plans in id order: a pass takes each user's first due plan per batch and
  // each plan's earliest due date, so a second plan of one user, or a later due date of a plan
  // behind on its instalments, waits for the next pass. Done when a pass finds nothing.
  for (;;) {
    const before = run.collected + run.retrying + run.missed;
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const batch = await collectBatch(database, today, at, lane, after);
      if (!batch) break;
      run.collected += batch.collected;
      run.retrying += batch.retrying;
      run.missed += batch.missed;
      after = batch.lastPlanId;
    }
    if (run.collected + run.retrying + run.missed === before) return run;
  }
}

async function collectBatch(
  database: Database,
  today: string,
  at: Date,
  lane: number,
  after: string,
) {
  return database.unitOfWork(async (tx) => {
    // Only the plan row is read to choose: what was tried today lives on it, so choosing never
    // depends on how many instalments have been recorded.
    const locked = await rows<{ id: string }>(
      tx,
      sql`select p.id from savings_plans p
             where p.id > ${after}::uuid and p.status = 'active'
               and p.collection_method = 'automatic' and p.next_collection_on <= ${today}::date
               and (p.collection_tried_on is null or p.collection_tried_on < ${today}::date)
               and (p.target_minor is null or p.balance_minor < p.target_minor)
               and (hashtext(p.user_id::text) & 2147483647) % ${collectionLanes} = ${lane}
             order by p.id
             limit ${collectionBatchSize}
             for update skip locked`,
    );
    const lastPlanId = locked.at(-1)?.id;
    if (!lastPlanId) return undefined;
    // A second statement, under the plans' locks: it sees what another worker committed while the
    // first was choosing, so a plan tried today meanwhile is left alone.
    const due = await rows<DuePlan>(
      tx,
      sql`select distinct on (p.user_id) p.id, p.saving_id, p.user_id, p.reason,
                   p.ledger_account_id,
                   ${instalmentSql}::text as collection_minor,
                   (p.target_minor - p.balance_minor)::text as left_minor, p.next_collection_on::text,
                   p.start_on::text, p.maturity_on::text, p.frequency,
                   p.collection_attempts as attempts
              from savings_plans p
              join ${batchInput('locked', { id: ['uuid', locked.map((plan) => plan.id)] })}
                on locked.id = p.id
             where p.status = 'active' and p.next_collection_on <= ${today}::date
               and (p.collection_tried_on is null or p.collection_tried_on < ${today}::date)
               and (p.target_minor is null or p.balance_minor < p.target_minor)
             order by p.user_id, p.next_collection_on, p.id`,
    );
    if (due.length === 0) return { collected: 0, retrying: 0, missed: 0, lastPlanId };
    const wallets = await walletsOf(
      tx,
      due.map((plan) => plan.user_id),
      'NGN',
    );
    const results = await move(
      tx,
      due.map((plan) => ({
        idempotencyKey: `savings-collection:${plan.id}:${plan.next_collection_on}`,
        kind: 'saving_collection',
        description: `Automatic saving: ${plan.reason}`,
        currency: 'NGN' as const,
        postings: [
          {
            accountId: wallets.get(plan.user_id) ?? '',
            amountMinor: -BigInt(plan.collection_minor),
          },
          { accountId: plan.ledger_account_id, amountMinor: BigInt(plan.collection_minor) },
        ],
        metadata: { plan_id: plan.id, due_on: plan.next_collection_on },
        at,
      })),
    );
    const outcomes = due.map((plan, index) => {
      const result = results[index];
      const collected = result?.outcome === 'posted' || result?.outcome === 'replayed';
      const attempts = plan.attempts + 1;
      const missed = !collected && attempts > collectionRetries;
      const next = nextDueDate(plan.start_on, plan.next_collection_on, plan.frequency);
      return {
        plan,
        collected,
        fresh: result?.outcome === 'posted',
        attempts,
        missed,
        status: collected ? 'collected' : missed ? 'missed' : 'retrying',
        // Collected or missed: on to the next instalment, if one falls before the end date.
        nextOn:
          collected || missed ? (next < plan.maturity_on ? next : null) : plan.next_collection_on,
      };
    });
    const input = batchInput('outcome', {
      plan_id: ['uuid', outcomes.map((outcome) => outcome.plan.id)],
      due_on: ['date', outcomes.map((outcome) => outcome.plan.next_collection_on)],
      amount: ['bigint', outcomes.map((outcome) => outcome.plan.collection_minor)],
      status: ['text', outcomes.map((outcome) => outcome.status)],
      attempts: ['int', outcomes.map((outcome) => outcome.attempts)],
      next_on: ['date', outcomes.map((outcome) => outcome.nextOn)],
      added: [
        'bigint',
        outcomes.map((outcome) => (outcome.fresh ? outcome.plan.collection_minor : '0')),
      ],
    });
    await tx.execute(sql`insert into savings_collections (plan_id, due_on, amount_minor, status,
            attempts, last_attempt_on, collected_at)
          select plan_id, due_on, amount, status, attempts, ${today}::date,
                 case when status = 'collected' then ${at.toISOString()}::timestamptz end
            from ${input}
          on conflict (plan_id, due_on) do update set status = excluded.status,
            attempts = excluded.attempts, last_attempt_on = excluded.last_attempt_on,
            collected_at = excluded.collected_at`);
    // On to the next instalment (its tries start again), or tried today and waiting a day.
    await tx.execute(sql`update savings_plans p
          set balance_minor = p.balance_minor + outcome.added,
              principal_minor = p.principal_minor + outcome.added,
              next_collection_on = outcome.next_on,
              collection_attempts = case when outcome.status = 'retrying'
                                         then outcome.attempts else 0 end,
              collection_tried_on = case when outcome.status = 'retrying'
                                         then ${today}::date end
         from ${input} where p.id = outcome.plan_id`);
    const collected = outcomes.filter((outcome) => outcome.fresh);
    const activities = await insertActivities(
      tx,
      collected.map((outcome) => ({
        userId: outcome.plan.user_id,
        kind: 'saving' as const,
        status: 'successful' as const,
        direction: 'debit' as const,
        channel: 'wallet' as const,
        currency: 'NGN' as const,
        amountMinor: BigInt(outcome.plan.collection_minor),
        feeMinor: 0n,
        reference: `AJO-COL-${outcome.plan.id.slice(0, 8).toUpperCase()}-${outcome.plan.next_collection_on.replaceAll('-', '')}-${outcome.plan.id.slice(-6).toUpperCase()}`,
        provider: null,
        providerReference: null,
        description: `Automatic saving: ${outcome.plan.reason}`,
        metadata: {
          saving: {
            saving_id: outcome.plan.saving_id,
            order_id: outcome.plan.id,
            product: 'target_saving',
            event: 'collected',
            due_on: outcome.plan.next_collection_on,
          },
        },
        at,
      })),
    );
    const short = outcomes.filter((outcome) => !outcome.collected);
    // Money taken without the user pressing anything is told each time, with what comes next.
    const collectedNotices = collected.map((outcome, index) => {
      const amount = formatMoney(BigInt(outcome.plan.collection_minor), 'NGN');
      const reached = outcome.plan.left_minor === outcome.plan.collection_minor;
      const next = reached
        ? ' Your target is reached: collection stops here.'
        : outcome.nextOn
          ? ` The next instalment is due on ${readableDate(outcome.nextOn)}.`
          : ' That was the last instalment of the plan.';
      return {
        userId: outcome.plan.user_id,
        title: 'Savings instalment collected',
        body: `${amount} was saved to ${outcome.plan.reason} from your wallet.${next}`,
        now: at,
        transactionId: activities[index]?.id,
      };
    });
    await insertNotifications(tx, [
      ...collectedNotices,
      ...short.map((outcome) => {
        const amount = formatMoney(BigInt(outcome.plan.collection_minor), 'NGN');
        return {
          userId: outcome.plan.user_id,
          title: outcome.missed ? 'Savings instalment missed' : 'Savings instalment not collected',
          body: outcome.missed
            ? `We could not collect ${amount} for ${outcome.plan.reason} due on ${readableDate(outcome.plan.next_collection_on)}: your wallet was short each time we tried. It is recorded as missed; top up the plan by hand to stay on track.`
            : `Your wallet was short of the ${amount} for ${outcome.plan.reason} due on ${readableDate(outcome.plan.next_collection_on)}. Fund your wallet: we will try again tomorrow.`,
          now: at,
        };
      }),
    ]);
    return {
      collected: outcomes.filter((outcome) => outcome.collected).length,
      retrying: outcomes.filter((outcome) => outcome.status === 'retrying').length,
      missed: outcomes.filter((outcome) => outcome.missed).length,
      lastPlanId,
    };
  });
}
