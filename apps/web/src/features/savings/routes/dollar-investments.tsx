import type { QueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { formatMoney } from '@ajo/money/format';
import { useReadFailure } from '../../../components/ui/load-failed.tsx';
import { RetryButton } from '../../../components/ui/retry-button.tsx';
import { moneyTextToMinor } from '../../../lib/money-text.ts';
import { useWallets, walletsQueryOptions } from '../../../lib/wallet-queries.ts';
import { savingsQueryOptions, useSavings } from '../api/get-savings.ts';
import { savingsProductsQueryOptions, useSavingsProduct } from '../api/get-savings-products.ts';
import { DollarInvestmentList } from '../components/dollar-investment-list.tsx';
import { DollarPanel } from '../components/dollar-panel.tsx';
import { SavingsBalanceCard, SavingsBalanceLink } from '../components/savings-balance-card.tsx';
import { DollarIcon } from '../components/savings-icons.tsx';
import { SavingsProductPage } from '../components/savings-product-page.tsx';
import { activeInvestedMinor } from '../utils/dollar-investments.ts';
import { dollarPanelSearch } from '../utils/dollar-location.ts';
import { planCountText } from '../utils/plan-count-text.ts';

/** What the page shows first, asked for by its route's loader while the user is on its way. */
export function prefetchDollarInvestmentsData(queryClient: QueryClient) {
  return Promise.all([
    queryClient.query(savingsProductsQueryOptions),
    queryClient.query(savingsQueryOptions({ slug: 'dollar' })),
    queryClient.query(walletsQueryOptions),
  ]);
}

/** Portfolio Balance: $ and the dollars in running investments, with Top Up. */
function PortfolioCard() {
  const records = useSavings({ slug: 'dollar' });
  const { search } = useLocation();
  const active = (records.data ?? []).filter((record) => record.saving_order.saving.active);
  return (
    <SavingsBalanceCard
      headingId="dollar-portfolio-heading"
      heading="Portfolio Balance"
      figure={formatMoney(activeInvestedMinor(records.data ?? []), 'USD')}
      figureTestId="dollar-portfolio"
      caption={planCountText(active.length, {
        none: 'No running investments yet',
        before: 'In',
        noun: 'running investment',
      })}
      query={records}
      actions={<SavingsBalanceLink to={{ search: dollarPanelSearch(search) }} label="Top Up" />}
    />
  );
}

/** What the dollar wallet line says: the amount, "…" while it loads, or that it could not be read. */
function dollarWalletText(wallets: ReturnType<typeof useWallets>, failed: boolean): string {
  if (failed) return 'Not available right now';
  const walletText = wallets.data?.dollar?.available_amount;
  return walletText === undefined ? '…' : formatMoney(moneyTextToMinor(walletText), 'USD');
}

/**
 * The rates per duration and what sits in the dollar wallet, ready to withdraw. A read that
 * failed says so in place of its figures, with Try again, instead of a placeholder that never ends.
 */
function RatesCard() {
  const dollar = useSavingsProduct('dollar');
  const wallets = useWallets();
  const dollarFailure = useReadFailure(dollar);
  const walletsFailure = useReadFailure(wallets);
  const failedReads = [
    { read: dollar, failure: dollarFailure },
    { read: wallets, failure: walletsFailure },
  ].filter(({ failure }) => failure.shown);
  return (
    <section
      aria-labelledby="dollar-rates-heading"
      className="flex flex-col rounded-card bg-white p-card shadow-card ring-1 ring-slate-900/5"
    >
      <div className="flex items-start justify-between gap-3">
        <h2 id="dollar-rates-heading" className="text-sm font-medium text-slate-500">
          Dollar returns
        </h2>
        <span className="flex size-10 items-center justify-center rounded-xl bg-sun-100 text-sun-900">
          <DollarIcon className="size-5" />
        </span>
      </div>
      {dollarFailure.shown ? (
        <p className="mt-2 text-sm text-slate-600">We could not load the rates.</p>
      ) : (
        <ul className="mt-2 space-y-2">
          {dollar.product
            ? dollar.product.meta.durations.map((duration) => (
                <li key={duration.id} className="flex items-baseline justify-between gap-3">
                  <span className="text-sm text-slate-600">{duration.label}</span>
                  <span className="text-xl font-bold text-slate-900 tabular-nums">
                    {String(duration.rate)}%
                    <span className="text-sm font-medium text-slate-500"> p.a.</span>
                  </span>
                </li>
              ))
            : Array.from({ length: 2 }, (_, index) => (
                <li
                  key={index}
                  aria-hidden="true"
                  className="h-7 animate-pulse rounded bg-slate-100"
                />
              ))}
        </ul>
      )}
      <p className="mt-4 flex items-center justify-between gap-3 border-t border-slate-100 pt-3 text-sm desktop:mt-auto">
        <span className="text-slate-600">Dollar wallet</span>
        <span
          className={
            walletsFailure.shown ? 'text-slate-600' : 'font-semibold text-slate-900 tabular-nums'
          }
          data-testid="dollar-wallet"
        >
          {dollarWalletText(wallets, walletsFailure.shown)}
        </span>
      </p>
      {failedReads.length > 0 ? (
        <RetryButton
          busy={failedReads.some(({ read }) => read.isFetching)}
          className="mt-3 self-start"
          onRetry={() => Promise.all(failedReads.map(({ failure }) => failure.retry()))}
        />
      ) : null}
    </section>
  );
}

/**
 * Dollar Investments: the Portfolio Balance with Top Up (the panel: summary, invest with a live
 * quote, withdraw from the dollar wallet), the rates, and the investments.
 */
export function DollarInvestmentsPage() {
  return (
    <>
      <SavingsProductPage
        documentTitle="Dollar investments · Ajo"
        heading="Dollar Investments"
        intro="Hedge your savings against inflation: invest in dollars and earn interest in dollars."
        balanceCard={<PortfolioCard />}
        sideCard={<RatesCard />}
      >
        <section aria-labelledby="dollar-investments-heading" className="space-y-4">
          <h2 id="dollar-investments-heading" className="text-lg font-semibold text-slate-900">
            Your investments
          </h2>
          <DollarInvestmentList />
        </section>
      </SavingsProductPage>
      <DollarPanel />
    </>
  );
}
