import { Link } from 'react-router';
import type { PredefinedTarget } from '@ajo/contracts/savings';
import { formatMoneyText } from '../../../lib/money-text.ts';
import { challengeDaysLeft, daysLeftText } from '../utils/challenge-progress.ts';
import { targetDetailSearch } from '../utils/challenge-location.ts';
import { ChallengeArt } from './challenge-art.tsx';
import { ChevronRightIcon } from './savings-icons.tsx';

/** One group target: its picture, name, Total Target, People and Days Left; opens its detail. */
export function ChallengeTargetCard({ target }: { target: PredefinedTarget }) {
  const headingId = `challenge-target-${target.id}`;
  const joined = target.order !== null;
  const stats = [
    { label: 'Total Target', value: formatMoneyText(target.amount), testId: 'card-total' },
    { label: 'People', value: String(target.meta.total_users), testId: 'card-people' },
    {
      label: 'Days Left',
      value: daysLeftText(challengeDaysLeft(target.end_at)),
      testId: 'card-days',
    },
  ];
  return (
    <li data-testid="challenge-target-card">
      <section
        aria-labelledby={headingId}
        className="group relative flex h-full flex-col overflow-hidden rounded-card bg-white shadow-card ring-1 ring-slate-900/5 transition hover:-translate-y-0.5 hover:ring-brand-200 motion-reduce:transition-none"
      >
        <div className="relative">
          <ChallengeArt imageUrl={target.meta.image_url} id={target.id} className="h-32 w-full" />
          {joined ? (
            <span className="absolute top-3 left-3 rounded-full bg-white/95 px-2.5 py-0.5 text-xs font-semibold text-accent-700 shadow-sm">
              Joined
            </span>
          ) : null}
          <span className="absolute top-3 right-3 rounded-full bg-slate-950/35 px-2.5 py-0.5 text-xs font-semibold text-white backdrop-blur-sm">
            {String(target.meta.rate)}% p.a.
          </span>
        </div>
        <div className="flex flex-1 flex-col p-5">
          <h3 id={headingId} className="text-lg font-semibold text-slate-900">
            {target.name}
          </h3>
          <dl className="mt-3 grid grid-cols-3 gap-3">
            {stats.map((stat) => (
              <div key={stat.label} className="min-w-0">
                <dt className="text-xs text-slate-500">{stat.label}</dt>
                <dd
                  className="mt-0.5 truncate text-sm font-semibold text-slate-900 tabular-nums"
                  data-testid={stat.testId}
                >
                  {stat.value}
                </dd>
              </div>
            ))}
          </dl>
          <p className="mt-auto flex items-center justify-between gap-2 border-t border-slate-100 pt-3 text-sm">
            {/* The link covers the whole card (its ::after), so the card is one big target. */}
            <Link
              to={{ search: targetDetailSearch(target) }}
              className="rounded font-semibold text-brand-700 after:absolute after:inset-0 after:rounded-card after:content-[''] focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-brand-600"
            >
              {joined ? 'View my progress' : 'View challenge'}
              <span className="sr-only"> {target.name}</span>
            </Link>
            <ChevronRightIcon className="size-4 text-brand-600 transition-transform group-hover:translate-x-0.5" />
          </p>
        </div>
      </section>
    </li>
  );
}

export function ChallengeTargetCardSkeleton() {
  return (
    <li
      aria-hidden="true"
      className="overflow-hidden rounded-card bg-white shadow-card ring-1 ring-slate-900/5"
    >
      <span className="block h-32 animate-pulse bg-brand-100" />
      <div className="p-5">
        <span className="block h-5 w-32 animate-pulse rounded bg-slate-200" />
        <div className="mt-4 grid grid-cols-3 gap-3">
          {Array.from({ length: 3 }, (_, index) => (
            <span key={index} className="block h-8 animate-pulse rounded bg-slate-100" />
          ))}
        </div>
        <span className="mt-5 block h-4 w-24 animate-pulse rounded bg-slate-100" />
      </div>
    </li>
  );
}
