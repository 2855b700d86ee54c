import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { OpsOverview } from '@ajo/contracts/ops-customers';
import { api } from '../../../lib/api-client.ts';
import { opsKey, useOperator } from '../api/ops-api.ts';
import { OpsPage } from '../components/ops-page.tsx';
import { opsNav } from '../ops-nav.ts';

/** Each count of the Overview, and the words of the screen that works it off. */
const countCards: readonly {
  key: keyof OpsOverview;
  label: string;
  hint: string;
  /** Words of the screen's path, in order of preference: the first sidebar entry naming one. */
  screen: readonly string[];
}[] = [
  {
    key: 'kyc_in_review',
    label: 'KYC in review',
    hint: 'Face matches that could not decide',
    screen: ['kyc'],
  },
  {
    key: 'flagged_deposits',
    label: 'Flagged deposits',
    hint: 'Waiting for a decision',
    screen: ['flag', 'deposit', 'review'],
  },
  {
    key: 'stuck_payments',
    label: 'Stuck payments',
    hint: 'Payouts and bills pending over 15 minutes',
    screen: ['stuck', 'payment', 'payout'],
  },
  {
    key: 'corrections_waiting',
    label: 'Corrections to approve',
    hint: "Waiting for a second operator's approval",
    screen: ['correction'],
  },
  {
    key: 'reversals_overdue',
    label: 'Reversals overdue',
    hint: 'Past their CBN deadline (24, 48 or 72 h)',
    screen: ['reversal'],
  },
  {
    key: 'product_changes_scheduled',
    label: 'Product changes scheduled',
    hint: 'Taking effect on their dates',
    screen: ['product'],
  },
];

const screenFor = (words: readonly string[]) => {
  for (const word of words) {
    const found = opsNav.find((item) => item.path !== '/ops' && item.path.includes(word));
    if (found) return found.path;
  }
  return undefined;
};

const cardClass =
  'block h-full rounded-2xl border border-slate-200 bg-white p-5 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none';

/** /ops: what waits for an operator, and where each of the console's screens is. */
export function OpsOverviewPage() {
  const { data: operator } = useOperator();
  const overview = useQuery({
    queryKey: opsKey('overview'),
    queryFn: ({ signal }) => api.get<OpsOverview>('/ops/overview', { signal }),
    staleTime: 15_000,
  });
  const counted = new Set(countCards.map((card) => screenFor(card.screen)).filter(Boolean));
  return (
    <OpsPage
      title={`Good day, ${operator?.name.split(' ')[0] ?? 'operator'}`}
      description="Everything you do here is recorded in the audit log with your name. Money corrections need a second operator's approval."
    >
      <h2 className="mb-3 text-sm font-semibold text-slate-900">Waiting for an operator</h2>
      {overview.error ? (
        <p role="alert" className="mb-4 text-sm text-red-700">
          The counts could not load: {overview.error.message}
        </p>
      ) : null}
      <ul className="mb-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy={overview.isPending}>
        {countCards.map((card) => {
          const count = overview.data?.[card.key];
          const path = screenFor(card.screen);
          const body = (
            <>
              <p className="text-sm font-medium text-slate-600">{card.label}</p>
              <p
                className={`mt-1 text-3xl font-semibold ${count === undefined ? 'text-slate-300' : count > 0 ? 'text-amber-700' : 'text-slate-900'}`}
              >
                {count === undefined ? '…' : count.toLocaleString('en-NG')}
              </p>
              <p className="mt-1 text-xs text-slate-500">{card.hint}</p>
            </>
          );
          return (
            <li key={card.key}>
              {path === undefined ? (
                <div className={cardClass}>{body}</div>
              ) : (
                <Link to={path} className={`${cardClass} hover:border-brand-300 hover:shadow-sm`}>
                  {body}
                </Link>
              )}
            </li>
          );
        })}
      </ul>
      <h2 className="mb-3 text-sm font-semibold text-slate-900">Screens</h2>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {opsNav
          .filter((item) => item.path !== '/ops' && !counted.has(item.path))
          .map((item) => (
            <li key={item.path}>
              <Link
                to={item.path}
                className="block rounded-2xl border border-slate-200 bg-white p-5 text-sm font-semibold text-slate-900 hover:border-brand-300 hover:shadow-sm focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
              >
                {item.label}
              </Link>
            </li>
          ))}
      </ul>
    </OpsPage>
  );
}
