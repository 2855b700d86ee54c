import type { KycQueueReason, KycQueueStatus } from '@ajo/contracts/ops-kyc';

/** Why a submission is in the queue, as the console says it, with its badge tone. */
export const kycReasonLabels: Record<KycQueueReason, { label: string; tone: 'warn' | 'bad' }> = {
  inconclusive: { label: 'Inconclusive match', tone: 'warn' },
  no_match: { label: 'No match', tone: 'bad' },
  face_match_unavailable: { label: 'Face match unavailable', tone: 'bad' },
};

export const kycQueueTabs: readonly { status: KycQueueStatus; label: string }[] = [
  { status: 'in_review', label: 'Waiting for review' },
  { status: 'rejected', label: 'Rejected by the face match' },
];

export const faceConfidenceText = (confidence: number | null) =>
  confidence === null ? '—' : `${String(confidence)}%`;
