import type { AssetClass, PortfolioTotal } from '@ajo/contracts/portfolio';
import { formatMoney } from '@ajo/money/format';
import { Link } from 'react-router';
import { useReadFailure } from '../../../components/ui/load-failed.tsx';
import { RetryButton } from '../../../components/ui/retry-button.tsx';
import { classNames } from '../../../lib/class-names.ts';
import { moneyTextToMinor } from '../../../lib/money-text.ts';
import { usePortfolioTotal } from '../api/get-portfolio-total.ts';
import { classShares, type ClassShare } from '../utils/portfolio-shares.ts';
import { formatDayMonth } from '../../../lib/dates.ts';
import { PortfolioChart } from './portfolio-chart.tsx';
import { PortfolioSkeleton } from './portfolio-skeleton.tsx';

/** Each class's colour in the bar and beside its line (the same in both, so one reads the other). */
const classColours: Record<AssetClass, string> = {
  wallet: 'bg-brand-600',
  savings: 'bg-accent-500',
  dollar: 'bg-sun-400',
  commodities: 'bg-brand-300',
  fixed_income: 'bg-accent-300',
  real_estate: 'bg-slate-400',
};

/** "+₦12,500.00 since 26 Nov": how the total moved since the last daily snapshot. */
function ChangeSinceSnapshot({ change }: { change: PortfolioTotal['change'] }) {
  if (!change) {
    return <p className="text-sm text-slate-600">Everything you own, valued in naira.</p>;
  }
  const amountMinor = moneyTextToMinor(change.amount);
  const rising = amountMinor > 0n;
  const sign = amountMinor > 0n ? '+' : amountMinor < 0n ? '\u2212' : '';
  const magnitude = formatMoney(amountMinor < 0n ? -amountMinor : amountMinor, 'NGN');
  return (
    <p className="text-sm text-slate-600" data-testid="portfolio-change">
      <span
        className={classNames(
          'mr-1.5 inline-flex rounded-full px-2.5 py-0.5 font-semibold tabular-nums',
          rising ? 'bg-accent-50 text-accent-700' : 'bg-slate-100 text-slate-700',
        )}
      >
        {sign}
        {magnitude}
      </span>
      since {formatDayMonth(change.since)}
    </p>
  );
}

/** The classes as one bar of segments, each as wide as its share (decorative: the list says it). */
function ShareBar({ shares }: { shares: readonly ClassShare[] }) {
  return (
    <div aria-hidden="true" className="flex h-3 w-full gap-0.5 overflow-hidden rounded-full">
      {shares
        .filter((share) => share.percent > 0)
        .map((share) => (
          <span
            key={share.assetClass}
            className={classColours[share.assetClass]}
            style={{ width: `${String(share.percent)}%` }}
          />
        ))}
    </div>
  );
}

function Breakdown({ total }: { total: PortfolioTotal }) {
  const shares = classShares(total.breakdown);
  if (shares.length === 0) {
    return (
      <p className="mt-6 rounded-xl bg-slate-50 p-4 text-sm leading-6 text-slate-600">
        Your portfolio grows as you fund your wallet, save and invest.{' '}
        <Link to="/savings" className="font-semibold text-brand-700 underline underline-offset-2">
          Start a savings plan
        </Link>
      </p>
    );
  }
  const holdsDollars = shares.some((share) => share.assetClass === 'dollar');
  return (
    <>
      <div className="mt-6">
        <ShareBar shares={shares} />
      </div>
      <ul className="mt-4 space-y-2.5" aria-label="Breakdown by asset class">
        {shares.map((share) => (
          <li key={share.assetClass} className="flex items-center gap-3 text-sm">
            <span
              aria-hidden="true"
              className={`size-2.5 shrink-0 rounded-full ${classColours[share.assetClass]}`}
            />
            <span className="min-w-0 flex-1 truncate text-slate-700">{share.label}</span>
            <span className="font-semibold text-slate-900 tabular-nums">
              {formatMoney(share.amountMinor, 'NGN')}
            </span>
            <span className="w-10 text-right text-slate-500 tabular-nums">{share.percent}%</span>
          </li>
        ))}
      </ul>
      {holdsDollars && total.valuation_rate ? (
        <p className="mt-3 text-xs leading-5 text-slate-500">
          Dollars valued at {formatMoney(moneyTextToMinor(total.valuation_rate.rate), 'NGN')} per
          $1, the rate you would get selling them today.
        </p>
      ) : null}
    </>
  );
}

/**
 * "Your portfolio": the total of everything the user owns in naira, how it moved since the last
 * daily snapshot, its breakdown by class, and its history as a chart. Loaded after the balance
 * (home.tsx), so Home's first paint never waits for it.
 */
export function PortfolioSummary() {
  const total = usePortfolioTotal();
  const failure = useReadFailure(total);
  if (total.isPending && !failure.shown) return <PortfolioSkeleton />;
  return (
    <section
      aria-labelledby="portfolio-heading"
      className="rounded-card bg-white p-card shadow-card ring-1 ring-slate-900/5 sm:p-8"
    >
      <div className="grid gap-8 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:gap-12">
        <div className="min-w-0">
          <h2 id="portfolio-heading" className="text-sm font-medium text-slate-600">
            Your portfolio
          </h2>
          {/* Pending here only while Try again asks again: the failure stays meanwhile. */}
          {total.isError || total.isPending ? (
            <div className="mt-3">
              <p className="font-semibold text-slate-900">We could not value your portfolio.</p>
              <RetryButton busy={total.isFetching} className="mt-3" onRetry={failure.retry} />
            </div>
          ) : (
            <>
              <p
                className="mt-1 text-3xl font-extrabold tracking-tight text-slate-900 tabular-nums sm:text-4xl"
                data-testid="portfolio-total"
              >
                {total.data.formatted}
              </p>
              <div className="mt-2 min-h-6">
                <ChangeSinceSnapshot change={total.data.change} />
              </div>
              <Breakdown total={total.data} />
            </>
          )}
        </div>
        <PortfolioChart />
      </div>
    </section>
  );
}
