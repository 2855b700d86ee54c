import { Link, useNavigate, useParams } from 'react-router';
import type { KycCase } from '@ajo/contracts/ops-kyc';
import { Button } from '../../../../components/ui/button.tsx';
import { formatLagosDate, formatLagosDateTime } from '../../../../lib/dates.ts';
import { OpsBadge, OpsCard, OpsLoadState, OpsPage } from '../../components/ops-page.tsx';
import { ReasonDialog } from '../../components/reason-dialog.tsx';
import { useReasonDialog } from '../../components/use-reason-dialog.ts';
import { useDecideKycCase, type KycVerdict } from '../api/decide-kyc-case.ts';
import { useKycCase } from '../api/get-kyc-case.ts';
import { faceConfidenceText, kycReasonLabels } from '../components/kyc-labels.ts';

const fullName = (person: { first_name: string; last_name: string }) =>
  `${person.first_name} ${person.last_name}`.trim();

const sameText = (left: string, right: string) =>
  left.trim().toLowerCase() === right.trim().toLowerCase();

/** A row of the comparison: what the customer gave beside what the BVN record holds. */
function Compared({ label, given, record }: { label: string; given: string; record: string }) {
  const same = sameText(given, record);
  return (
    <div className="grid gap-1 border-b border-slate-100 py-3 last:border-0 sm:grid-cols-[9rem_1fr_1fr] sm:gap-4">
      <dt className="text-sm font-medium text-slate-500">{label}</dt>
      <dd className="text-sm text-slate-900">
        <span className="text-xs text-slate-500 sm:sr-only">Customer: </span>
        {given || '—'}
      </dd>
      <dd className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-900">
        <span>
          <span className="text-xs text-slate-500 sm:sr-only">BVN record: </span>
          {record || '—'}
        </span>
        <OpsBadge tone={same ? 'good' : 'warn'}>{same ? 'Same' : 'Differs'}</OpsBadge>
      </dd>
    </div>
  );
}

function CaseFacts({ review }: { review: KycCase }) {
  const reason = review.reason ? kycReasonLabels[review.reason] : null;
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-3 px-5 py-4 text-sm sm:grid-cols-4">
      <div>
        <dt className="text-slate-500">Why it is here</dt>
        <dd className="mt-1">
          {reason ? <OpsBadge tone={reason.tone}>{reason.label}</OpsBadge> : '—'}
        </dd>
      </div>
      <div>
        <dt className="text-slate-500">Face match</dt>
        <dd className="mt-1 font-semibold text-slate-900 tabular-nums">
          {faceConfidenceText(review.face_confidence)}
        </dd>
      </div>
      <div>
        <dt className="text-slate-500">Submitted</dt>
        <dd className="mt-1 text-slate-900">{formatLagosDateTime(review.submitted_at)}</dd>
      </div>
      <div>
        <dt className="text-slate-500">BVN</dt>
        <dd className="mt-1 font-mono text-slate-900">{review.bvn || '—'}</dd>
      </div>
    </dl>
  );
}

const dialogs = {
  approve: {
    title: 'Approve this verification?',
    confirmLabel: 'Approve',
    tone: 'primary',
    reasonLabel: 'Reason (kept in the audit log)',
    done: 'Verification approved: the customer is on tier 2 and has been notified.',
  },
  reject: {
    title: 'Reject this verification?',
    confirmLabel: 'Reject',
    tone: 'danger',
    reasonLabel: 'Reason (sent to the customer)',
    done: 'Verification rejected: the customer has been notified and may submit again.',
  },
} as const;

function Decision({ review }: { review: KycCase }) {
  const navigate = useNavigate();
  const decide = useDecideKycCase(review.id);
  const deciding = useReasonDialog({
    mutation: decide,
    variables: (verdict: KycVerdict, reason: string) => ({ verdict, reason }),
    doneText: (verdict) => dialogs[verdict].done,
    onDone: () => {
      void navigate('/ops/kyc');
    },
  });
  const open = deciding.choice;
  const name = fullName(review.customer);
  if (review.decision) {
    const decision = review.decision;
    return (
      <OpsCard title="Decision">
        <p className="px-5 py-4 text-sm text-slate-700">
          {decision.outcome === 'approved' ? 'Approved' : 'Rejected'} by {decision.operator_name} on{' '}
          {formatLagosDateTime(decision.decided_at)}: {decision.reason}
        </p>
      </OpsCard>
    );
  }
  if (!review.decidable) {
    return (
      <OpsCard title="Decision">
        <p className="px-5 py-4 text-sm text-slate-700">
          This submission is not waiting for a review: the customer has been verified or has
          submitted again.
        </p>
      </OpsCard>
    );
  }
  const dialog = open ? dialogs[open] : null;
  return (
    <OpsCard title="Decision">
      <div className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-700">
          Approving puts {name} on tier 2 and releases money kept on hold. Rejecting tells them your
          reason and lets them take a new selfie.
        </p>
        <div className="flex shrink-0 gap-2">
          <Button
            variant="danger"
            onClick={() => {
              deciding.ask('reject');
            }}
          >
            Reject
          </Button>
          <Button
            onClick={() => {
              deciding.ask('approve');
            }}
          >
            Approve
          </Button>
        </div>
      </div>
      {open && dialog ? (
        <ReasonDialog
          key={open}
          {...deciding.dialog}
          title={dialog.title}
          summary={
            <p>
              {open === 'approve'
                ? `${name} becomes verified (tier 2) and is notified.`
                : `${name} is told your reason and may submit a new selfie.`}
            </p>
          }
          confirmLabel={dialog.confirmLabel}
          tone={dialog.tone}
          reasonLabel={dialog.reasonLabel}
        />
      ) : null}
    </OpsCard>
  );
}

function CaseView({ review }: { review: KycCase }) {
  const name = fullName(review.customer);
  return (
    <div className="space-y-6">
      <OpsCard>
        <CaseFacts review={review} />
      </OpsCard>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
        <OpsCard title="Selfie">
          <div className="bg-slate-100 p-4">
            <img
              src={review.selfie}
              alt={`Selfie submitted by ${name}`}
              className="mx-auto max-h-[32rem] w-full rounded-xl object-contain"
            />
          </div>
        </OpsCard>
        <OpsCard title="Customer beside the BVN record">
          <div
            aria-hidden="true"
            className="mx-5 hidden gap-4 border-b border-slate-100 py-2 text-xs font-semibold tracking-wide text-slate-500 uppercase sm:grid sm:grid-cols-[9rem_1fr_1fr]"
          >
            <span />
            <span>Customer</span>
            <span>BVN record</span>
          </div>
          <dl className="px-5 py-2">
            <Compared
              label="First name"
              given={review.customer.first_name}
              record={review.bvn_record.first_name}
            />
            <Compared
              label="Last name"
              given={review.customer.last_name}
              record={review.bvn_record.last_name}
            />
            <Compared
              label="Date of birth"
              given={review.date_of_birth ? formatLagosDate(review.date_of_birth) : ''}
              record={
                review.bvn_record.date_of_birth
                  ? formatLagosDate(review.bvn_record.date_of_birth)
                  : ''
              }
            />
          </dl>
          <p className="border-t border-slate-100 px-5 py-3 text-xs text-slate-500">
            Opening this page is recorded in the audit log.
          </p>
        </OpsCard>
      </div>
      <Decision review={review} />
    </div>
  );
}

/** /ops/kyc/:id: one submission, the selfie beside the BVN record, and the decision. */
export function OpsKycCasePage() {
  const { id = '' } = useParams();
  const review = useKycCase(id);
  return (
    <OpsPage
      title={review.data ? fullName(review.data.customer) : 'KYC review'}
      description={
        <Link
          to="/ops/kyc"
          className="font-medium text-brand-700 underline-offset-2 hover:underline focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
        >
          ← Back to the KYC queue
        </Link>
      }
    >
      {review.data ? (
        <CaseView review={review.data} />
      ) : (
        <OpsCard>
          <OpsLoadState isPending={review.isPending} error={review.error} />
        </OpsCard>
      )}
    </OpsPage>
  );
}
