import { sql } from 'drizzle-orm';
import { releaseOnHold } from '../../money/credits.ts';
import type { Tx } from '../../platform/db.ts';
import { insertNotification } from '../../platform/notifications.ts';

/**
 * What follows an identity decision for the user, whoever made it (the face match or an operator
 * in the KYC review queue): the user's status and tier, the notice they get, and money on hold.
 * The caller has already moved the identity_verifications row, in the same transaction.
 */

export const identityNotices = {
  verifiedTitle: 'Identity verified',
  verifiedBody:
    'Your account is now on tier 2: single deposits up to ₦100,000 and a balance up to ₦500,000.',
  rejectedTitle: 'We could not verify your identity',
  faceMismatchBody:
    'Your selfie did not match your BVN photo. Try again in good light with your whole face in the frame.',
  inReviewTitle: 'Your selfie is being checked',
  inReviewBody:
    'Our automatic check could not decide whether your selfie matches your BVN photo, so a person on our team is checking it. We will notify you when it is done, usually within one working day.',
} as const;

/** Tier 2 and ACTIVE, told, and money kept on hold released as far as the new caps allow. */
export async function markIdentityVerified(tx: Tx, userId: string, now: Date) {
  await tx.execute(sql`update users set status = 'ACTIVE', tier = greatest(tier, 2),
      updated_at = ${now.toISOString()} where id = ${userId}`);
  await insertNotification(tx, {
    userId,
    title: identityNotices.verifiedTitle,
    body: identityNotices.verifiedBody,
    now,
  });
  await releaseOnHold(tx, userId, now);
}

/** REJECTED (so the user may submit again) and told why in `body`. */
export async function markIdentityRejected(tx: Tx, userId: string, now: Date, body: string) {
  await tx.execute(sql`update users set status = 'REJECTED', updated_at = ${now.toISOString()}
      where id = ${userId}`);
  await insertNotification(tx, {
    userId,
    title: identityNotices.rejectedTitle,
    body,
    now,
  });
}
