import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { MoneyCorrection, ProposeCorrectionBody } from '@ajo/contracts/ops-money';
import { opsMoneyMessages } from '@ajo/contracts/ops-money';
import type { Currency } from '@ajo/money/currency';
import { formatMinorAsDecimal } from '@ajo/money/format';
import { postCorrection } from '../../money/corrections.ts';
import { amountFromInput } from '../../money/limits.ts';
import type { Clock } from '../../platform/clock.ts';
import { rows, type Database, type Executor } from '../../platform/db.ts';
import { AppError, conflict, notFound } from '../../platform/errors.ts';
import { crashIfAt } from '../../platform/test-crash.ts';
import { isoTimestamp } from '../../platform/timestamps.ts';
import { recordAudit } from './audit.ts';

/** Who asks: the signed-in operator and their address (for the audit log). */
export interface Actor {
  operatorId: string;
  ipAddress: string;
}

interface CorrectionRow {
  id: string;
  user_id: string;
  currency: Currency;
  direction: 'credit' | 'debit';
  amount_minor: string;
  reason: string;
  related_reference: string | null;
  status: 'proposed' | 'approved' | 'rejected';
  proposed_by: string;
  proposed_by_name: string | null;
  proposed_at: string | Date;
  decided_by: string | null;
  decided_by_name: string | null;
  decided_at: string | Date | null;
  decision_note: string | null;
  transaction_reference: string | null;
}

const correctionColumns = sql`c.id, c.user_id, c.currency, c.direction,
  c.amount_minor::text as amount_minor, c.reason, c.related_reference, c.status, c.proposed_by,
  p.name as proposed_by_name, c.proposed_at, c.decided_by, d.name as decided_by_name,
  c.decided_at, c.decision_note, c.transaction_reference`;
const correctionSource = sql`money_corrections c join operators p on p.id = c.proposed_by
  left join operators d on d.id = c.decided_by`;

function toCorrection(row: CorrectionRow, viewer: string): MoneyCorrection {
  return {
    id: row.id,
    user_id: row.user_id,
    currency: row.currency,
    direction: row.direction,
    amount: formatMinorAsDecimal(BigInt(row.amount_minor)),
    reason: row.reason,
    related_reference: row.related_reference,
    status: row.status,
    proposed_by: { id: row.proposed_by, name: row.proposed_by_name ?? '' },
    proposed_at: isoTimestamp(row.proposed_at),
    decided_by:
      row.decided_by === null ? null : { id: row.decided_by, name: row.decided_by_name ?? '' },
    decided_at: row.decided_at === null ? null : isoTimestamp(row.decided_at),
    decision_note: row.decision_note,
    transaction_reference: row.transaction_reference,
    can_decide: row.status === 'proposed' && row.proposed_by !== viewer,
  };
}

/** What the audit log keeps of a correction: ids, statuses and amounts, nobody's personal data. */
const auditView = (row: {
  user_id: string;
  currency: string;
  direction: string;
  amount_minor: string | bigint;
  status: string;
  related_reference: string | null;
  transaction_reference?: string | null;
}) => ({
  user_id: row.user_id,
  currency: row.currency,
  direction: row.direction,
  amount: formatMinorAsDecimal(BigInt(row.amount_minor)),
  status: row.status,
  related_reference: row.related_reference,
  ...(row.transaction_reference ? { transaction_reference: row.transaction_reference } : {}),
});

export const ownCorrection = () =>
  new AppError('own_correction', opsMoneyMessages.ownCorrection, 403);

/**
 * Money corrections under maker-checker: one operator proposes, another approves (which posts it
 * through the money core, in the same transaction as the status change and the audit entry) or
 * rejects. The maker can never decide their own: refused here with a 403, and by the table's
 * check constraint should anything get past this.
 */
export function correctionsService(deps: {
  database: Database;
  clock: Clock;
  log?: FastifyBaseLogger | undefined;
  /** Tests only (platform/test-crash.ts): where approving stops the process. */
  crashAt?: string | undefined;
}) {
  const { database, clock, log, crashAt } = deps;

  async function findCorrection(executor: Executor, id: string, forUpdate = false) {
    const [found] = await rows<CorrectionRow>(
      executor,
      forUpdate
        ? sql`select ${correctionColumns} from ${correctionSource} where c.id = ${id}
                for update of c`
        : sql`select ${correctionColumns} from ${correctionSource} where c.id = ${id}`,
    );
    return found;
  }

  /** Proposes a correction in the caller's transaction (the flagged-deposit screen uses it too). */
  async function proposeIn(tx: Executor, actor: Actor, body: ProposeCorrectionBody) {
    const amountMinor = amountFromInput(body.amount);
    const [user] = await rows<{ id: string }>(
      tx,
      sql`select id from users where id = ${body.user_id}`,
    );
    if (!user) {
      throw new AppError('customer_not_found', 'There is no customer with this id', 404, [
        { path: 'user_id', message: 'No customer has this id' },
      ]);
    }
    const now = clock.now();
    const [created] = await rows<{ id: string }>(
      tx,
      sql`insert into money_corrections (user_id, currency, direction, amount_minor, reason,
            related_reference, status, proposed_by, proposed_at)
          values (${body.user_id}, ${body.currency}, ${body.direction}, ${amountMinor.toString()},
            ${body.reason}, ${body.related_reference ?? null}, 'proposed', ${actor.operatorId},
            ${now.toISOString()})
          returning id`,
    );
    if (!created) throw new Error('a correction was not written');
    await recordAudit(tx, {
      operatorId: actor.operatorId,
      action: 'money_correction.proposed',
      subjectType: 'money_correction',
      subjectId: created.id,
      after: auditView({
        user_id: body.user_id,
        currency: body.currency,
        direction: body.direction,
        amount_minor: amountMinor,
        status: 'proposed',
        related_reference: body.related_reference ?? null,
      }),
      reason: body.reason,
      ipAddress: actor.ipAddress,
      now,
    });
    const row = await findCorrection(tx, created.id);
    if (!row) throw new Error('a proposed correction vanished');
    return toCorrection(row, actor.operatorId);
  }

  async function propose(actor: Actor, body: ProposeCorrectionBody) {
    return database.unitOfWork((tx) => proposeIn(tx, actor, body));
  }

  async function list(viewer: string, status?: MoneyCorrection['status']) {
    const found = await rows<CorrectionRow>(
      database.db,
      sql`select ${correctionColumns} from ${correctionSource}
           where (${status ?? null}::text is null or c.status = ${status ?? null})
           order by (c.status = 'proposed') desc, c.proposed_at desc limit 200`,
    );
    return found.map((row) => toCorrection(row, viewer));
  }

  /** The correction, locked, if it may still be decided by `actor`. */
  async function decidable(tx: Executor, actor: Actor, id: string) {
    const found = await findCorrection(tx, id, true);
    if (!found) throw notFound('There is no correction with this id');
    if (found.proposed_by === actor.operatorId) throw ownCorrection();
    if (found.status !== 'proposed') {
      throw conflict('correction_decided', `This correction was already ${found.status}`);
    }
    return found;
  }

  /**
   * The checker approves: the correction posts (credit or debit of the customer's wallet) in the
   * same transaction as its new status and the audit entry. A refusal (a debit above the
   * available balance) writes nothing at all.
   */
  async function approve(actor: Actor, id: string, note: string) {
    const approved = await database.unitOfWork(async (tx) => {
      const found = await decidable(tx, actor, id);
      const now = clock.now();
      const posted = await postCorrection(tx, {
        id: found.id,
        userId: found.user_id,
        currency: found.currency,
        direction: found.direction,
        amountMinor: BigInt(found.amount_minor),
        reason: found.reason,
        at: now,
      });
      await tx.execute(
        sql`update money_corrections set status = 'approved', decided_by = ${actor.operatorId},
              decided_at = ${now.toISOString()}, decision_note = ${note},
              transaction_reference = ${posted.transaction.reference}
             where id = ${id} and status = 'proposed'`,
      );
      await recordAudit(tx, {
        operatorId: actor.operatorId,
        action: 'money_correction.approved',
        subjectType: 'money_correction',
        subjectId: id,
        before: auditView(found),
        after: auditView({
          ...found,
          status: 'approved',
          transaction_reference: posted.transaction.reference,
        }),
        reason: note,
        ipAddress: actor.ipAddress,
        now,
      });
      const row = await findCorrection(tx, id);
      if (!row) throw new Error('an approved correction vanished');
      crashIfAt(crashAt, 'correction_before_commit', log);
      return toCorrection(row, actor.operatorId);
    });
    crashIfAt(crashAt, 'correction_after_commit', log);
    return approved;
  }

  async function reject(actor: Actor, id: string, note: string) {
    return database.unitOfWork(async (tx) => {
      const found = await decidable(tx, actor, id);
      const now = clock.now();
      await tx.execute(
        sql`update money_corrections set status = 'rejected', decided_by = ${actor.operatorId},
              decided_at = ${now.toISOString()}, decision_note = ${note}
             where id = ${id} and status = 'proposed'`,
      );
      await recordAudit(tx, {
        operatorId: actor.operatorId,
        action: 'money_correction.rejected',
        subjectType: 'money_correction',
        subjectId: id,
        before: auditView(found),
        after: auditView({ ...found, status: 'rejected' }),
        reason: note,
        ipAddress: actor.ipAddress,
        now,
      });
      const row = await findCorrection(tx, id);
      if (!row) throw new Error('a rejected correction vanished');
      return toCorrection(row, actor.operatorId);
    });
  }

  return { propose, proposeIn, list, approve, reject };
}

export type CorrectionsService = ReturnType<typeof correctionsService>;
