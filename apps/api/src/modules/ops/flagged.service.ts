import { sql } from 'drizzle-orm';
import type { FlaggedDeposit, MoneyCorrection, ResolveFlaggedBody } from '@ajo/contracts/ops-money';
import type { Currency } from '@ajo/money/currency';
import { formatMinorAsDecimal } from '@ajo/money/format';
import { findActivityById } from '../../money/activity.ts';
import type { Clock } from '../../platform/clock.ts';
import { rows, type Database, type Executor } from '../../platform/db.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { isoTimestamp } from '../../platform/timestamps.ts';
import { recordAudit } from './audit.ts';
import { correctionsService, type Actor } from './corrections.service.ts';

/** `review_decisions.subject_type` of a flagged movement (its `transactions.id`). */
export const FLAGGED_SUBJECT = 'transaction';

const minutesBetween = (from: string | Date, to: Date) =>
  Math.max(0, Math.floor((to.getTime() - new Date(from).getTime()) / 60_000));

export interface ReviewDecisionRow {
  subject_type: string;
  subject_id: string;
  outcome: string;
  note: string;
  correction_id: string | null;
  created_at: string | Date;
}

export const toReviewDecision = (row: ReviewDecisionRow) => ({
  subject_type: row.subject_type,
  subject_id: row.subject_id,
  outcome: row.outcome,
  note: row.note,
  correction_id: row.correction_id,
  at: isoTimestamp(row.created_at),
});

/**
 * Records one decision about a subject; answers undefined when it already has one (the unique
 * index on the subject makes a second decision, even a concurrent one, impossible).
 */
export async function recordDecision(
  executor: Executor,
  decision: {
    subjectType: string;
    subjectId: string;
    outcome: string;
    note: string;
    operatorId: string;
    at: Date;
  },
) {
  const [inserted] = await rows<ReviewDecisionRow & { id: string }>(
    executor,
    sql`insert into review_decisions (subject_type, subject_id, outcome, note, operator_id,
          created_at)
        values (${decision.subjectType}, ${decision.subjectId}, ${decision.outcome},
          ${decision.note}, ${decision.operatorId}, ${decision.at.toISOString()})
        on conflict (subject_type, subject_id) do nothing
        returning id, subject_type, subject_id, outcome, note, correction_id, created_at`,
  );
  return inserted;
}

/**
 * Deposits whose provider's answer contradicted ours (another amount, a payment after we marked
 * it failed): never credited by a job, they wait here for a person. Crediting one proposes a
 * money correction, which a second operator must approve; dismissing one records why.
 */
export function flaggedService(deps: { database: Database; clock: Clock }) {
  const { database, clock } = deps;
  const corrections = correctionsService(deps);

  async function list(): Promise<FlaggedDeposit[]> {
    const found = await rows<{
      id: string;
      reference: string;
      user_id: string;
      currency: Currency;
      amount_minor: string;
      channel: string;
      status: string;
      provider: string | null;
      provider_reference: string | null;
      review_reason: string;
      created_at: string | Date;
    }>(
      database.db,
      sql`select t.id, t.reference, t.user_id, t.currency, t.amount_minor::text as amount_minor,
                 t.channel, t.status, t.provider, t.provider_reference, t.review_reason,
                 t.created_at
            from transactions t
           where t.review_reason is not null
             and not exists (select 1 from review_decisions d
                              where d.subject_type = ${FLAGGED_SUBJECT}
                                and d.subject_id = t.id::text)
           order by t.created_at limit 200`,
    );
    const now = clock.now();
    return found.map((row) => ({
      transaction_id: row.id,
      reference: row.reference,
      user_id: row.user_id,
      currency: row.currency,
      amount: formatMinorAsDecimal(BigInt(row.amount_minor)),
      channel: row.channel,
      status: row.status,
      provider: row.provider,
      provider_reference: row.provider_reference,
      review_reason: row.review_reason,
      created_at: isoTimestamp(row.created_at),
      age_minutes: minutesBetween(row.created_at, now),
    }));
  }

  /**
   * Decides a flagged deposit once: `credit` proposes a correction of its amount (linked by its
   * reference), which still needs a checker; `dismiss` only records why. Audited in the same
   * transaction; a second decision is a 409.
   */
  async function resolve(actor: Actor, transactionId: string, body: ResolveFlaggedBody) {
    return database.unitOfWork(async (tx) => {
      const flagged = await findActivityById(tx, transactionId);
      if (flagged?.review_reason == null) {
        throw notFound('There is no deposit flagged for review with this id');
      }
      const now = clock.now();
      const decision = await recordDecision(tx, {
        subjectType: FLAGGED_SUBJECT,
        subjectId: transactionId,
        outcome: body.outcome === 'credit' ? 'credit_proposed' : 'dismissed',
        note: body.reason,
        operatorId: actor.operatorId,
        at: now,
      });
      if (!decision) {
        throw conflict('already_resolved', 'This flagged deposit was already resolved');
      }
      let correction: MoneyCorrection | null = null;
      if (body.outcome === 'credit') {
        correction = await corrections.proposeIn(tx, actor, {
          user_id: flagged.user_id,
          currency: flagged.currency,
          direction: 'credit',
          amount: formatMinorAsDecimal(BigInt(flagged.amount_minor)),
          reason: body.reason,
          related_reference: flagged.reference,
        });
        await tx.execute(sql`update review_decisions set correction_id = ${correction.id}
            where subject_type = ${FLAGGED_SUBJECT} and subject_id = ${transactionId}`);
      }
      await recordAudit(tx, {
        operatorId: actor.operatorId,
        action: 'flagged_deposit.resolved',
        subjectType: FLAGGED_SUBJECT,
        subjectId: transactionId,
        before: { reference: flagged.reference, status: flagged.status, decision: null },
        after: {
          reference: flagged.reference,
          outcome: decision.outcome,
          amount: formatMinorAsDecimal(BigInt(flagged.amount_minor)),
          currency: flagged.currency,
          correction_id: correction?.id ?? null,
        },
        reason: body.reason,
        ipAddress: actor.ipAddress,
        now,
      });
      return {
        decision: toReviewDecision({ ...decision, correction_id: correction?.id ?? null }),
        correction,
      };
    });
  }

  return { list, resolve };
}
