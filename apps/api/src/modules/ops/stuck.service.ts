import { sql } from 'drizzle-orm';
import type { StuckMovement } from '@ajo/contracts/ops-money';
import type { Currency } from '@ajo/money/currency';
import { formatMinorAsDecimal } from '@ajo/money/format';
import type { Clock } from '../../platform/clock.ts';
import { rows, type Database, type Executor } from '../../platform/db.ts';
import { AppError, conflict, notFound } from '../../platform/errors.ts';
import { isoTimestamp } from '../../platform/timestamps.ts';
import { recordAudit } from './audit.ts';
import type { Actor } from './corrections.service.ts';
import { recordDecision, toReviewDecision } from './flagged.service.ts';
import type { OpsServices } from './ops.module.ts';

/** A payout or bill payment still open this long after it was placed is stuck. */
export const STUCK_AFTER_MS = 15 * 60_000;

/** `review_decisions.subject_type` of a stuck movement (its reference). */
export const STUCK_SUBJECT = 'provider_movement';

/**
 * What the console needs of a product's service: its reconciler's work for one movement (asks the
 * provider about it and settles it when the answer is final).
 */
interface Reconciler {
  requery(reference: string, now: Date): Promise<boolean>;
}

function reconcilerOf(services: OpsServices, name: string): Reconciler {
  const service = services[name] as Partial<Reconciler> | undefined;
  if (typeof service?.requery !== 'function') {
    throw new Error(`the console was not given the ${name} service`);
  }
  return service as Reconciler;
}

/** Which product's reconciler finishes a movement (`provider_movements.product`). */
const serviceOfProduct = (product: string) =>
  product === 'withdrawal' ? 'withdrawals' : product.startsWith('bill_') ? 'bills' : undefined;

interface MovementState {
  reference: string;
  product: string;
  status: 'held' | 'submitted' | 'success' | 'failed' | 'reversed';
  updated_at: string | Date;
  transaction_status: string;
}

const minutesBetween = (from: string | Date, to: Date) =>
  Math.max(0, Math.floor((to.getTime() - new Date(from).getTime()) / 60_000));

/**
 * Payouts and bill payments the provider has not settled within 15 minutes. An operator can ask
 * the provider about one again through the product's own reconciler (which settles it exactly once if the
 * provider now knows), or record a note when the provider still cannot say. No operator marks
 * money as sent or failed by hand: only the provider's word settles a movement.
 */
export function stuckService(deps: { database: Database; clock: Clock; services: OpsServices }) {
  const { database, clock, services } = deps;

  async function list(): Promise<StuckMovement[]> {
    const now = clock.now();
    const found = await rows<{
      product: string;
      reference: string;
      user_id: string;
      transaction_id: string;
      currency: Currency;
      amount_minor: string;
      fee_minor: string;
      status: 'held' | 'submitted';
      provider: string;
      attempts: number;
      last_error: string | null;
      created_at: string | Date;
      updated_at: string | Date;
      note: string | null;
      noted_at: string | Date | null;
      noted_by: string | null;
    }>(
      database.db,
      sql`select m.product, m.reference, m.user_id, m.transaction_id, m.currency,
                 m.amount_minor::text as amount_minor, m.fee_minor::text as fee_minor, m.status,
                 m.provider, m.attempts, m.last_error, m.created_at, m.updated_at,
                 d.note, d.created_at as noted_at, o.name as noted_by
            from provider_movements m
            left join review_decisions d
                   on d.subject_type = ${STUCK_SUBJECT} and d.subject_id = m.reference
            left join operators o on o.id = d.operator_id
           where m.status in ('held', 'submitted')
             and m.created_at < ${new Date(now.getTime() - STUCK_AFTER_MS).toISOString()}
           order by m.created_at limit 200`,
    );
    return found.map((row) => ({
      product: row.product,
      reference: row.reference,
      user_id: row.user_id,
      transaction_id: row.transaction_id,
      currency: row.currency,
      amount: formatMinorAsDecimal(BigInt(row.amount_minor)),
      fee: formatMinorAsDecimal(BigInt(row.fee_minor)),
      status: row.status,
      provider: row.provider,
      attempts: row.attempts,
      last_error: row.last_error,
      created_at: isoTimestamp(row.created_at),
      updated_at: isoTimestamp(row.updated_at),
      age_minutes: minutesBetween(row.created_at, now),
      escalation:
        row.note === null || row.noted_at === null
          ? null
          : { note: row.note, at: isoTimestamp(row.noted_at), operator: row.noted_by ?? '' },
    }));
  }

  async function stateOf(reference: string, executor: Executor = database.db) {
    const [found] = await rows<MovementState>(
      executor,
      sql`select m.reference, m.product, m.status, m.updated_at, t.status as transaction_status
            from provider_movements m join transactions t on t.id = m.transaction_id
           where m.reference = ${reference}`,
    );
    return found;
  }

  const open = (state: MovementState) => state.status === 'held' || state.status === 'submitted';

  /**
   * Asks the provider about this movement now, through the product's reconciler, and answers its
   * state after. The reconciler settles it once (a success posts the hold, a failure releases
   * it), exactly as a webhook would; it asks about a movement at most every 2 minutes.
   */
  async function requery(actor: Actor, reference: string) {
    const before = await stateOf(reference);
    if (!before) throw notFound('There is no payout or bill payment with this reference');
    const serviceName = serviceOfProduct(before.product);
    if (!serviceName) {
      throw new AppError(
        'requery_not_supported',
        `Movements of ${before.product} cannot be asked about from the console`,
        422,
      );
    }
    if (open(before)) await reconcilerOf(services, serviceName).requery(reference, clock.now());
    const after = (await stateOf(reference)) ?? before;
    const asked = new Date(after.updated_at).getTime() !== new Date(before.updated_at).getTime();
    const answer = !open(before)
      ? `Already settled: ${before.status}. Nothing was asked.`
      : !open(after)
        ? `The provider answered ${after.status}; the customer's money was settled accordingly.`
        : asked
          ? 'The provider still has no final answer. Ask again later, or record a note.'
          : 'The provider was not asked again: it was asked less than 2 minutes ago (at most every 2 minutes), or it could not be reached. Ask again in a couple of minutes.';
    await recordAudit(database.db, {
      operatorId: actor.operatorId,
      action: 'stuck_movement.requeried',
      subjectType: STUCK_SUBJECT,
      subjectId: reference,
      before: { product: before.product, status: before.status },
      after: { product: after.product, status: after.status, asked },
      ipAddress: actor.ipAddress,
      now: clock.now(),
    });
    return {
      reference,
      status: after.status,
      transaction_status: after.transaction_status,
      settled: open(before) && !open(after),
      answer,
    };
  }

  /** The provider still cannot say: the operator records what they did (escalated), once. */
  async function note(actor: Actor, reference: string, reason: string) {
    return database.unitOfWork(async (tx) => {
      const state = await stateOf(reference, tx);
      if (!state) throw notFound('There is no payout or bill payment with this reference');
      if (!open(state)) {
        throw conflict('movement_settled', `This movement is already settled (${state.status})`);
      }
      const now = clock.now();
      const decision = await recordDecision(tx, {
        subjectType: STUCK_SUBJECT,
        subjectId: reference,
        outcome: 'escalated',
        note: reason,
        operatorId: actor.operatorId,
        at: now,
      });
      if (!decision) throw conflict('already_noted', 'This movement already has a note');
      await recordAudit(tx, {
        operatorId: actor.operatorId,
        action: 'stuck_movement.escalated',
        subjectType: STUCK_SUBJECT,
        subjectId: reference,
        before: { product: state.product, status: state.status },
        after: { product: state.product, status: state.status, outcome: 'escalated' },
        reason,
        ipAddress: actor.ipAddress,
        now,
      });
      return toReviewDecision(decision);
    });
  }

  return { list, requery, note };
}
