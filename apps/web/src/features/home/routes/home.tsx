import type { QueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ClockIcon } from '../../../components/ui/icons.tsx';
import { NairaBalanceCard, OnHoldNotice } from '../../../components/wallet/balance-card.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useFundAccountLocation } from '../../../lib/fund-account.ts';
import {
  recentTransactionsQueryOptions,
  useWallets,
  walletsQueryOptions,
} from '../../../lib/wallet-queries.ts';
import { advertsQueryOptions } from '../api/get-adverts.ts';
import { AdvertBanners } from '../components/advert-banners.tsx';
import {
  RECENT_TRANSACTIONS_COUNT,
  RecentTransactions,
} from '../components/recent-transactions.tsx';

/** What Home shows, asked for by its route's loader while the current user is on its way. */
export function prefetchHomeData(queryClient: QueryClient) {
  return Promise.all([
    queryClient.query(walletsQueryOptions),
    queryClient.query(recentTransactionsQueryOptions(RECENT_TRANSACTIONS_COUNT)),
    queryClient.query(advertsQueryOptions),
  ]);
}

const comingSoon = [
  { title: 'Savings', description: 'Your savings plans and their progress will show here.' },
  { title: 'Investments', description: 'Commodities, fixed income and real estate holdings.' },
];

function WalletSummary() {
  const wallets = useWallets();
  const fundTo = useFundAccountLocation();
  return (
    <div className="mt-6 grid gap-6 lg:grid-cols-5">
      <div className="min-w-0 space-y-4 lg:col-span-2">
        <NairaBalanceCard
          wallet={wallets.data?.naira}
          isPending={wallets.isPending}
          isError={wallets.isError}
          onRetry={() => {
            void wallets.refetch();
          }}
          fundTo={fundTo}
          actions={
            <Link
              to="/wallet"
              className="inline-flex h-11 items-center rounded-xl px-4 text-sm font-semibold text-white ring-1 ring-white/40 ring-inset hover:bg-white/10 focus-visible:outline-white"
            >
              View wallet
            </Link>
          }
        />
        <OnHoldNotice wallet={wallets.data?.naira} />
      </div>
      <div className="min-w-0 lg:col-span-3">
        <RecentTransactions />
      </div>
    </div>
  );
}

export function HomePage() {
  const { data: user } = useCurrentUser();
  return (
    <>
      <title>Home · Ajo</title>
      <section
        aria-labelledby="greeting"
        className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-900/5 sm:p-8"
      >
        <h2 id="greeting" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          Hello, {user?.first_name ?? 'there'}
        </h2>
        <p className="mt-2 text-base text-slate-600">
          We make investment easy: save, invest and pay bills, all in one place.
        </p>
      </section>
      <WalletSummary />
      <AdvertBanners />
      <div className="mt-8">
        <EmptyState
          icon={<ClockIcon className="size-7" />}
          title="Coming soon"
          description="Your savings and investments will appear here as soon as they are ready."
        />
        <ul className="mt-4 grid gap-4 md:grid-cols-2">
          {comingSoon.map((item) => (
            <li
              key={item.title}
              className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-900/5"
            >
              <p className="font-semibold text-slate-900">{item.title}</p>
              <p className="mt-1 text-sm leading-6 text-slate-600">{item.description}</p>
              <p className="mt-3 inline-flex rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-700">
                Coming soon
              </p>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
