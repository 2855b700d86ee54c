import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { kycQueueStatuses, type KycQueueItem, type KycQueueStatus } from '@ajo/contracts/ops-kyc';
import { classNames } from '../../../../lib/class-names.ts';
import { formatLagosDateTime } from '../../../../lib/dates.ts';
import { OpsListCard } from '../../components/ops-list-card.tsx';
import { OpsBadge, opsCell, OpsPage, OpsPager } from '../../components/ops-page.tsx';
import { KYC_QUEUE_PAGE_SIZE, useKycQueue } from '../api/get-kyc-queue.ts';
import { faceConfidenceText, kycQueueTabs, kycReasonLabels } from '../components/kyc-labels.ts';

const isQueueStatus = (value: string | null): value is KycQueueStatus =>
  kycQueueStatuses.some((status) => status === value);

/** The queue on a phone: one card per submission, the whole card opening it. */
function QueueCards({ items }: { items: readonly KycQueueItem[] }) {
  return (
    <ul className="divide-y divide-slate-100 sm:hidden" aria-label="KYC review queue">
      {items.map((item) => {
        const reason = kycReasonLabels[item.reason];
        return (
          <li key={item.id}>
            <Link
              to={`/ops/kyc/${item.id}`}
              aria-label={`Review ${item.customer_name}`}
              className="block px-5 py-4 hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none focus-visible:ring-inset"
            >
              <span className="flex items-center justify-between gap-3">
                <span className="font-medium text-slate-900">{item.customer_name}</span>
                <span className="text-sm font-semibold text-brand-700">Review</span>
              </span>
              <span className="mt-1 block text-sm text-slate-600">
                {formatLagosDateTime(item.submitted_at)} · face match{' '}
                {faceConfidenceText(item.face_confidence)}
              </span>
              <span className="mt-2 block">
                <OpsBadge tone={reason.tone}>{reason.label}</OpsBadge>
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * /ops/kyc: identity verifications a person must decide, newest first: those the face match
 * could not decide, and (second tab) rejections a customer has not moved on from.
 */
export function OpsKycPage() {
  const [search, setSearch] = useSearchParams();
  const requested = search.get('status');
  const status: KycQueueStatus = isQueueStatus(requested) ? requested : 'in_review';
  const [page, setPage] = useState(0);
  const queue = useKycQueue(status, page);
  const items = queue.data?.items ?? [];
  const total = queue.data?.total ?? 0;
  return (
    <OpsPage
      title="KYC review"
      description="Selfies the automatic face match could not approve. Compare each selfie with the customer's BVN record, then approve or reject it with a reason; the customer is notified either way."
    >
      <div role="group" aria-label="Queue" className="mb-4 flex flex-wrap gap-2">
        {kycQueueTabs.map((tab) => (
          <button
            key={tab.status}
            type="button"
            aria-pressed={tab.status === status}
            onClick={() => {
              setPage(0);
              setSearch(tab.status === 'in_review' ? {} : { status: tab.status });
            }}
            className={classNames(
              'rounded-full px-4 py-2 text-sm font-medium focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none',
              tab.status === status
                ? 'bg-slate-900 text-white'
                : 'bg-white text-slate-700 ring-1 ring-slate-300 ring-inset hover:bg-slate-100',
            )}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <OpsListCard
        list={queue}
        items={items}
        emptyText={
          status === 'in_review'
            ? 'Nothing is waiting for review.'
            : 'No rejections are waiting for a second look.'
        }
        caption="KYC review queue"
        columns={['Customer', 'Submitted', 'Face match', 'Why', 'Review']}
        narrow={{ list: <QueueCards items={items} />, from: 'sm' }}
        row={(item) => {
          const reason = kycReasonLabels[item.reason];
          return (
            <tr key={item.id}>
              <td className={opsCell}>
                <div className="font-medium text-slate-900">{item.customer_name}</div>
                <div className="font-mono text-xs text-slate-500">{item.user_id}</div>
              </td>
              <td className={`${opsCell} whitespace-nowrap`}>
                {formatLagosDateTime(item.submitted_at)}
              </td>
              <td className={`${opsCell} tabular-nums`}>
                {faceConfidenceText(item.face_confidence)}
              </td>
              <td className={opsCell}>
                <OpsBadge tone={reason.tone}>{reason.label}</OpsBadge>
              </td>
              <td className={`${opsCell} text-right`}>
                <Link
                  to={`/ops/kyc/${item.id}`}
                  aria-label={`Review ${item.customer_name}`}
                  className="font-semibold text-brand-700 underline-offset-2 hover:underline focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
                >
                  Review
                </Link>
              </td>
            </tr>
          );
        }}
      />
      <OpsPager
        page={page}
        pageSize={KYC_QUEUE_PAGE_SIZE}
        total={total}
        emptyText="None waiting"
        order="newest first"
        onPage={setPage}
      />
    </OpsPage>
  );
}
