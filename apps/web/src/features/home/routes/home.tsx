import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useRef } from 'react';
import { AccountLevelCard } from '../../../components/account/account-level-card.tsx';
import { useReadFailure } from '../../../components/ui/load-failed.tsx';
import { OnHoldNotice } from '../../../components/wallet/balance-card.tsx';
import { accountLevelQueryOptions } from '../../../lib/account-level-query.ts';
import { currentUserQueryKey, useCurrentUser } from '../../../lib/current-user.ts';
import { moneyTextToMinor } from '../../../lib/money-text.ts';
import { useNearViewport } from '../../../lib/near-viewport.ts';
import {
  recentTransactionsQueryOptions,
  useWallets,
  walletsQueryOptions,
} from '../../../lib/wallet-queries.ts';
import type { User } from '@ajo/contracts/auth';
import { advertsQueryOptions } from '../api/get-adverts.ts';
import { balanceHistoryQueryOptions } from '../api/get-balance-history.ts';
import { AdvertCarousel } from '../components/advert-carousel.tsx';
import { BalanceHero } from '../components/balance-hero.tsx';
import { PortfolioSkeleton } from '../components/portfolio-skeleton.tsx';
import {
  RECENT_TRANSACTIONS_COUNT,
  RecentTransactions,
} from '../components/recent-transactions.tsx';
import { greetingAt } from '../utils/greeting.ts';
import { homePrompts, VERIFIED_TIER } from '../utils/home-prompts.ts';

/**
 * The portfolio card (total, breakdown, history chart) is its own chunk (decision 0024), asked for
 * when its place on the page comes into view: on a wide screen at once, on a phone (where the
 * balance fills the first screen) when the person scrolls to it, so the first load spends the link
 * and the main thread on the balance alone.
 */
const PortfolioSummary = lazy(async () => ({
  default: (await import('../components/portfolio-summary.tsx')).PortfolioSummary,
}));

function PortfolioWhenInView() {
  const placeholder = useRef<HTMLDivElement>(null);
  const inView = useNearViewport(placeholder, '0px');
  if (!inView) {
    return (
      <div ref={placeholder}>
        <PortfolioSkeleton />
      </div>
    );
  }
  return (
    <Suspense fallback={<PortfolioSkeleton />}>
      <PortfolioSummary />
    </Suspense>
  );
}

/** What Home shows, asked for by its route's loader while the current user is on its way. */
export function prefetchHomeData(queryClient: QueryClient) {
  const user = queryClient.getQueryData<User | null>(currentUserQueryKey);
  return Promise.all([
    queryClient.query(walletsQueryOptions),
    queryClient.query(balanceHistoryQueryOptions('30')),
    queryClient.query(recentTransactionsQueryOptions(RECENT_TRANSACTIONS_COUNT)),
    queryClient.query(advertsQueryOptions),
    // The account-level card shows only below tier 2; unknown yet means "ask".
    user && user.tier >= VERIFIED_TIER ? null : queryClient.query(accountLevelQueryOptions),
  ]);
}

function Greeting({ firstName }: { firstName: string | undefined }) {
  return (
    <div>
      <h2 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        {greetingAt(new Date())}, {firstName ?? 'there'}
      </h2>
      <p className="mt-1 text-sm text-slate-600 sm:text-base">
        Investment made easy: save, invest and pay bills, all in one place.
      </p>
    </div>
  );
}

/**
 * Home leads with the balance and what to do with it (fund, withdraw), then the next step while
 * there is one (verification below tier 2, funding an empty wallet), then the portfolio, then the
 * activity beside the offers. Phones read it top to bottom in that order.
 */
export function HomePage() {
  const { data: user } = useCurrentUser();
  const wallets = useWallets();
  const walletsFailure = useReadFailure(wallets);
  const naira = wallets.data?.naira;
  const prompts = homePrompts({
    tier: user?.tier ?? VERIFIED_TIER,
    hasFundingAccount: user ? user.virtual_account.id !== '' : false,
    nairaBalanceMinor: naira ? moneyTextToMinor(naira.amount) : undefined,
  });

  return (
    <>
      <title>Home · Ajo</title>
      <div className="space-y-section">
        <Greeting firstName={user?.first_name} />
        <div className="space-y-gutter">
          <BalanceHero
            wallet={naira}
            isPending={wallets.isPending}
            isError={walletsFailure.shown}
            onRetry={walletsFailure.retry}
            emptyWalletHint={prompts.emptyWalletHint}
            primaryAction={prompts.primaryAction}
          />
          <OnHoldNotice wallet={naira} />
          {prompts.showAccountLevel ? <AccountLevelCard /> : null}
        </div>
        {/* The summaries of what the user owns sit between the balance and the activity. */}
        <PortfolioWhenInView />
        <div className="grid gap-gutter lg:grid-cols-12">
          <div className="min-w-0 lg:col-span-7">
            <RecentTransactions />
          </div>
          <div className="min-w-0 lg:col-span-5">
            <AdvertCarousel />
          </div>
        </div>
      </div>
    </>
  );
}
