import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import {
  dateOfBirthProblem,
  type accountVerificationBodySchema,
} from '@ajo/contracts/verification';
import { businessDate, type Clock } from '../../platform/clock.ts';
import { rows, type Database } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { FieldCrypto } from '../../platform/field-crypto.ts';
import type { JobDefinition, JobQueue } from '../../platform/jobs.ts';
import type { FaceMatchOutcome, IdentityProvider } from '../../providers/identity/identity.port.ts';
import { insertNotification } from '../../platform/notifications.ts';
import { findBvnRecord } from '../virtual-accounts/virtual-accounts.service.ts';
import {
  identityNotices,
  markIdentityRejected,
  markIdentityVerified,
} from './identity-decisions.ts';
import { readAccountLevel } from './account-level.ts';
import { prepareSelfie } from './selfie-image.ts';
import { isoTimestamp } from '../../platform/timestamps.ts';

/** For the console's KYC review, which decides what the face match could not. */
export { markIdentityRejected, markIdentityVerified } from './identity-decisions.ts';

export type VerificationSubmission = z.output<typeof accountVerificationBodySchema>;

interface VerificationRow {
  id: string;
  user_id: string;
  status: 'SUBMITTED' | 'IN_REVIEW' | 'ACTIVE' | 'REJECTED';
  selfie_ciphertext: string;
  submitted_at: string | Date;
  decided_at: string | Date | null;
}

export const faceMatchJobName = 'identity-face-match';

/** Where a face match's outcome leaves the submission. */
const statusOf = {
  match: 'ACTIVE',
  no_match: 'REJECTED',
  inconclusive: 'IN_REVIEW',
} as const satisfies Record<FaceMatchOutcome, VerificationRow['status']>;

export const toVerification = (
  row: Pick<VerificationRow, 'id' | 'status' | 'submitted_at' | 'decided_at'>,
) => ({
  id: row.id,
  status: row.status,
  submitted_at: isoTimestamp(row.submitted_at),
  decided_at: row.decided_at === null ? null : isoTimestamp(row.decided_at),
});

export function verificationService(deps: {
  database: Database;
  clock: Clock;
  crypto: FieldCrypto;
  identity: IdentityProvider;
  jobs: JobQueue;
  log: FastifyBaseLogger;
}) {
  const { database, clock, crypto, identity, jobs, log } = deps;

  /**
   * Records the submission (personal data encrypted, the selfie re-encoded without metadata),
   * moves the user to SUBMITTED and queues the face match, which decides ACTIVE or REJECTED, or
   * IN_REVIEW when it cannot tell (an operator then decides; the user stays SUBMITTED).
   */
  async function submit(userId: string, body: VerificationSubmission, ipAddress: string) {
    const [user] = await rows<{ status: string }>(
      database.db,
      sql`select status from users where id = ${userId}`,
    );
    if (user?.status === 'ACTIVE') {
      throw new AppError('already_verified', 'Your identity is already verified', 409);
    }
    if (user?.status === 'SUBMITTED') {
      throw new AppError(
        'verification_in_review',
        'Your verification is already being reviewed; we will notify you when it is done',
        409,
      );
    }
    const record = await findBvnRecord(database.db, userId);
    if (!record) {
      throw new AppError(
        'bvn_not_verified',
        'Verify your BVN from Home first, then come back to verify your identity',
        422,
      );
    }
    // The BVN is optional: the verified record is the one checked. One sent must be that BVN.
    if (body.bvn !== undefined && record.bvn_index !== crypto.blindIndex(body.bvn)) {
      throw new AppError(
        'bvn_differs',
        'Enter the same BVN you verified for your account number',
        422,
        [{ path: 'bvn', message: 'This is not the BVN you verified' }],
      );
    }
    const birthProblem = dateOfBirthProblem(body.date_of_birth, businessDate(clock.now()));
    if (birthProblem) {
      throw new AppError('date_of_birth_refused', birthProblem, 422, [
        { path: 'date_of_birth', message: birthProblem },
      ]);
    }
    const [document] = body.documents;
    if (!document) throw new AppError('selfie_missing', 'Take a selfie before submitting', 422);
    const selfie = await prepareSelfie(document.content);
    const now = clock.now();
    const created = await database.unitOfWork(async (tx) => {
      const [row] = await rows<VerificationRow>(
        tx,
        sql`insert into identity_verifications (user_id, status, address_ciphertext,
              date_of_birth_ciphertext, phone_ciphertext, country_alpha_2_code,
              country_alpha_3_code, country_dial_code, country_of_residence, ip_address,
              selfie_ciphertext, submitted_at)
            values (${userId}, 'SUBMITTED', ${crypto.encrypt(body.address)},
              ${crypto.encrypt(body.date_of_birth)}, ${crypto.encrypt(body.phone)},
              ${body.country_alpha_2_code}, ${body.country_alpha_3_code}, ${body.country_dial_code},
              ${body.country_of_residence}, ${ipAddress}, ${crypto.encrypt(selfie.jpeg)},
              ${now.toISOString()})
            returning id, user_id, status, selfie_ciphertext, submitted_at, decided_at`,
      );
      if (!row) throw new Error('verification row not written');
      const moved = await rows<{ id: string }>(
        tx,
        sql`update users set status = 'SUBMITTED', updated_at = ${now.toISOString()}
             where id = ${userId} and status not in ('ACTIVE', 'SUBMITTED') returning id`,
      );
      if (moved.length === 0) {
        throw new AppError(
          'verification_in_review',
          'Your verification is already being reviewed',
          409,
        );
      }
      return row;
    });
    await jobs.enqueue(faceMatchJobName, created.id, { verificationId: created.id });
    return toVerification(created);
  }

  /**
   * Compares the selfie with the BVN photo and decides the submission, exactly once; an
   * inconclusive match goes to the console's KYC review queue instead.
   */
  async function decide(verificationId: string) {
    const [row] = await rows<VerificationRow>(
      database.db,
      sql`select id, user_id, status, selfie_ciphertext, submitted_at, decided_at
            from identity_verifications where id = ${verificationId}`,
    );
    if (row?.status !== 'SUBMITTED') return;
    const record = await findBvnRecord(database.db, row.user_id);
    if (!record) throw new Error('a verification without a BVN record');
    const result = await identity.matchFace({
      bvn: crypto.decrypt(record.bvn_ciphertext).toString('utf8'),
      selfieJpeg: crypto.decrypt(row.selfie_ciphertext),
    });
    const now = clock.now();
    const status = statusOf[result.outcome];
    await database.unitOfWork(async (tx) => {
      // IN_REVIEW is not a decision yet: decided_at stays empty until an operator decides.
      const decided = await rows<{ id: string }>(
        tx,
        sql`update identity_verifications set status = ${status},
              decided_at = ${status === 'IN_REVIEW' ? null : now.toISOString()},
              face_confidence = ${Math.round(result.confidencePercent)}
             where id = ${row.id} and status = 'SUBMITTED' returning id`,
      );
      if (decided.length === 0) return;
      if (status === 'ACTIVE') {
        await markIdentityVerified(tx, row.user_id, now);
      } else if (status === 'REJECTED') {
        await markIdentityRejected(tx, row.user_id, now, identityNotices.faceMismatchBody);
      } else {
        // The user stays SUBMITTED ("being reviewed") until an operator decides.
        await insertNotification(tx, {
          userId: row.user_id,
          title: identityNotices.inReviewTitle,
          body: identityNotices.inReviewBody,
          now,
        });
      }
    });
    log.info({ verificationId: row.id, status }, 'identity verification decided');
  }

  /**
   * The face match kept failing (vendor down): the submission is closed as REJECTED and the user
   * told, so they may submit again instead of staying in review for ever.
   */
  async function abandon(verificationId: string) {
    const now = clock.now();
    await database.unitOfWork(async (tx) => {
      const [row] = await rows<{ user_id: string }>(
        tx,
        sql`update identity_verifications set status = 'REJECTED', decided_at = ${now.toISOString()}
             where id = ${verificationId} and status = 'SUBMITTED' returning user_id`,
      );
      if (!row) return;
      await tx.execute(sql`update users set status = 'REJECTED', updated_at = ${now.toISOString()}
          where id = ${row.user_id} and status = 'SUBMITTED'`);
      await insertNotification(tx, {
        userId: row.user_id,
        title: 'We could not verify your identity',
        body: 'We could not check your selfie just now. Please submit it again in a few minutes.',
        now,
      });
    });
    log.warn({ verificationId }, 'identity verification abandoned: the face match kept failing');
  }

  const faceMatchAttempts = 8;
  const faceMatchJob: JobDefinition = {
    name: faceMatchJobName,
    maxAttempts: faceMatchAttempts,
    run: async ({ payload, attempt }) => {
      const verificationId =
        typeof payload.verificationId === 'string' ? payload.verificationId : '';
      try {
        await decide(verificationId);
      } catch (error) {
        if (attempt >= faceMatchAttempts) await abandon(verificationId);
        throw error;
      }
    },
  };

  const level = (userId: string) => readAccountLevel(database, crypto, userId);

  return { submit, decide, level, faceMatchJob };
}
