import { sql } from 'drizzle-orm';
import type {
  KycCase,
  KycDecisionResult,
  KycQueueItem,
  KycQueueReason,
} from '@ajo/contracts/ops-kyc';
import { maskBvn } from '@ajo/contracts/verification';
import type { Clock } from '../../platform/clock.ts';
import { rows, type Database, type Executor } from '../../platform/db.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { FieldCrypto } from '../../platform/field-crypto.ts';
import { isoTimestamp } from '../../platform/timestamps.ts';
import {
  markIdentityRejected,
  markIdentityVerified,
} from '../verification/verification.service.ts';
import { recordAudit } from './audit.ts';

/** review_decisions.subject_type of an identity verification. */
const SUBJECT_TYPE = 'identity_verification';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const caseNotFound = () => notFound('No identity verification has this id');

interface Operator {
  operatorId: string;
  ipAddress: string;
}

interface CaseRow {
  id: string;
  user_id: string;
  status: KycCase['status'];
  user_status: string;
  tier: number;
  face_confidence: number | null;
  submitted_at: string | Date;
  superseded: boolean;
  reviewed: boolean;
}

/**
 * The one rule of the queue: a submission the face match could not decide, or a rejection of a
 * user still REJECTED who has not submitted since, that no operator has decided yet.
 */
const isDecidable = (row: CaseRow) =>
  !row.reviewed &&
  (row.status === 'IN_REVIEW' ||
    (row.status === 'REJECTED' && row.user_status === 'REJECTED' && !row.superseded));

const reasonOf = (status: string, faceConfidence: number | null): KycQueueReason | null => {
  if (status === 'IN_REVIEW') return 'inconclusive';
  if (status !== 'REJECTED') return null;
  return faceConfidence === null ? 'face_match_unavailable' : 'no_match';
};

/** The columns `isDecidable` needs, for `v` (identity_verifications) joined to `u` (users). */
const caseColumns = sql`v.id, v.user_id, v.status, u.status as user_status, u.tier,
    v.face_confidence, v.submitted_at,
    exists (select 1 from identity_verifications later
             where later.user_id = v.user_id and later.submitted_at > v.submitted_at) as superseded,
    exists (select 1 from review_decisions d
             where d.subject_type = ${SUBJECT_TYPE} and d.subject_id = v.id::text) as reviewed`;

/** What the customer reads when an operator rejects: why, in plain words, and what to do. */
export const rejectionNotice = (reason: string) =>
  `A member of our team compared your selfie with your BVN photo and could not confirm it is you. Their reason: ${reason.replace(/[.!?\s]+$/, '')}. You can submit your details and a new selfie again: take it in good light with your whole face in the frame.`;

export function kycService(deps: { database: Database; clock: Clock; crypto: FieldCrypto }) {
  const { database, clock, crypto } = deps;

  /** The queue, newest first: IN_REVIEW ones, or rejections still open to a person's review. */
  async function queue(query: { status: 'in_review' | 'rejected'; page: number; size: number }) {
    const filter =
      query.status === 'in_review'
        ? sql`v.status = 'IN_REVIEW'`
        : sql`v.status = 'REJECTED' and u.status = 'REJECTED'
              and not exists (select 1 from identity_verifications later
                               where later.user_id = v.user_id
                                 and later.submitted_at > v.submitted_at)`;
    const where = sql`${filter} and not exists (select 1 from review_decisions d
        where d.subject_type = ${SUBJECT_TYPE} and d.subject_id = v.id::text)`;
    const found = await rows<{
      id: string;
      user_id: string;
      first_name: string;
      last_name: string;
      status: 'IN_REVIEW' | 'REJECTED';
      submitted_at: string | Date;
      face_confidence: number | null;
    }>(
      database.db,
      sql`select v.id, v.user_id, u.first_name, u.last_name, v.status, v.submitted_at,
                 v.face_confidence
            from identity_verifications v join users u on u.id = v.user_id
           where ${where}
           order by v.submitted_at desc, v.id desc
           limit ${query.size} offset ${query.page * query.size}`,
    );
    const [counted] = await rows<{ total: number | string }>(
      database.db,
      sql`select count(*) as total from identity_verifications v join users u on u.id = v.user_id
           where ${where}`,
    );
    const items: KycQueueItem[] = found.map((row) => ({
      id: row.id,
      user_id: row.user_id,
      customer_name: `${row.first_name} ${row.last_name}`.trim(),
      status: row.status,
      submitted_at: isoTimestamp(row.submitted_at),
      face_confidence: row.face_confidence,
      reason: reasonOf(row.status, row.face_confidence) ?? 'inconclusive',
    }));
    return { items, page: query.page, size: query.size, total: Number(counted?.total ?? 0) };
  }

  async function findCase(executor: Executor, id: string, lock = false) {
    if (!UUID.test(id)) throw caseNotFound();
    const [row] = await rows<CaseRow>(
      executor,
      sql`select ${caseColumns}
            from identity_verifications v join users u on u.id = v.user_id
           where v.id = ${id} ${lock ? sql`for update of v, u` : sql``}`,
    );
    if (!row) throw caseNotFound();
    return row;
  }

  /** Both sides of the comparison; the read of personal data is audited (ids only). */
  async function detail(id: string, operator: Operator): Promise<KycCase> {
    const row = await findCase(database.db, id);
    const [personal] = await rows<{
      first_name: string;
      last_name: string;
      date_of_birth_ciphertext: string;
      selfie_ciphertext: string;
      bvn_ciphertext: string | null;
      bvn_first_name: string | null;
      bvn_last_name: string | null;
      bvn_date_of_birth_ciphertext: string | null;
    }>(
      database.db,
      sql`select u.first_name, u.last_name, v.date_of_birth_ciphertext, v.selfie_ciphertext,
                 b.bvn_ciphertext, b.first_name as bvn_first_name, b.last_name as bvn_last_name,
                 b.date_of_birth_ciphertext as bvn_date_of_birth_ciphertext
            from identity_verifications v join users u on u.id = v.user_id
            left join bvn_records b on b.user_id = v.user_id
           where v.id = ${row.id}`,
    );
    if (!personal) throw caseNotFound();
    const [decision] = await rows<{
      outcome: 'approved' | 'rejected';
      note: string;
      operator_name: string;
      created_at: string | Date;
    }>(
      database.db,
      sql`select d.outcome, d.note, o.name as operator_name, d.created_at
            from review_decisions d join operators o on o.id = d.operator_id
           where d.subject_type = ${SUBJECT_TYPE} and d.subject_id = ${row.id}`,
    );
    const text = (ciphertext: string | null) =>
      ciphertext === null ? '' : crypto.decrypt(ciphertext).toString('utf8');
    await recordAudit(database.db, {
      operatorId: operator.operatorId,
      action: 'kyc.viewed',
      subjectType: SUBJECT_TYPE,
      subjectId: row.id,
      after: { user_id: row.user_id, status: row.status },
      ipAddress: operator.ipAddress,
      now: clock.now(),
    });
    return {
      id: row.id,
      user_id: row.user_id,
      status: row.status,
      reason: reasonOf(row.status, row.face_confidence),
      face_confidence: row.face_confidence,
      submitted_at: isoTimestamp(row.submitted_at),
      customer: { first_name: personal.first_name, last_name: personal.last_name },
      date_of_birth: text(personal.date_of_birth_ciphertext),
      bvn: personal.bvn_ciphertext === null ? '' : maskBvn(text(personal.bvn_ciphertext)),
      bvn_record: {
        first_name: personal.bvn_first_name ?? '',
        last_name: personal.bvn_last_name ?? '',
        date_of_birth: text(personal.bvn_date_of_birth_ciphertext),
      },
      selfie: `data:image/jpeg;base64,${crypto.decrypt(personal.selfie_ciphertext).toString('base64')}`,
      decidable: isDecidable(row),
      decision: decision
        ? {
            outcome: decision.outcome,
            reason: decision.note,
            operator_name: decision.operator_name,
            decided_at: isoTimestamp(decision.created_at),
          }
        : null,
    };
  }

  /**
   * Approves (ACTIVE, tier 2, money on hold released) or rejects (REJECTED, free to submit
   * again) one submission, exactly once: the verification, the user, the review decision, the
   * audit entry and the customer's notice are written together or not at all.
   */
  async function decide(
    id: string,
    outcome: 'approved' | 'rejected',
    reason: string,
    operator: Operator,
  ): Promise<KycDecisionResult> {
    const now = clock.now();
    return database.unitOfWork(async (tx) => {
      const row = await findCase(tx, id, true);
      if (row.reviewed) {
        throw new AppError('kyc_already_decided', 'This submission has already been decided', 409);
      }
      if (!isDecidable(row)) {
        throw new AppError(
          'kyc_not_reviewable',
          'This submission is not waiting for a review (the customer is verified or has submitted again)',
          409,
        );
      }
      const recorded = await rows<{ id: string }>(
        tx,
        sql`insert into review_decisions (subject_type, subject_id, outcome, note, operator_id,
              created_at)
            values (${SUBJECT_TYPE}, ${row.id}, ${outcome}, ${reason}, ${operator.operatorId},
              ${now.toISOString()})
            on conflict (subject_type, subject_id) do nothing returning id`,
      );
      if (recorded.length === 0) {
        throw new AppError('kyc_already_decided', 'This submission has already been decided', 409);
      }
      const status = outcome === 'approved' ? 'ACTIVE' : 'REJECTED';
      await tx.execute(sql`update identity_verifications set status = ${status},
          decided_at = ${now.toISOString()} where id = ${row.id}`);
      if (outcome === 'approved') await markIdentityVerified(tx, row.user_id, now);
      else await markIdentityRejected(tx, row.user_id, now, rejectionNotice(reason));
      const [user] = await rows<{ status: string; tier: number }>(
        tx,
        sql`select status, tier from users where id = ${row.user_id}`,
      );
      if (!user) throw new Error('the user of a verification vanished');
      await recordAudit(tx, {
        operatorId: operator.operatorId,
        action: outcome === 'approved' ? 'kyc.approved' : 'kyc.rejected',
        subjectType: SUBJECT_TYPE,
        subjectId: row.id,
        before: {
          user_id: row.user_id,
          status: row.status,
          user_status: row.user_status,
          tier: row.tier,
        },
        after: { user_id: row.user_id, status, user_status: user.status, tier: user.tier },
        reason,
        ipAddress: operator.ipAddress,
        now,
      });
      return { id: row.id, status, user: { id: row.user_id, ...user } };
    });
  }

  return { queue, detail, decide };
}

export type KycService = ReturnType<typeof kycService>;
