import { lazy, Suspense, useState } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import {
  DollarBalanceCard,
  NairaBalanceCard,
  OnHoldNotice,
} from '../../../components/wallet/balance-card.tsx';
import { useReadFailure } from '../../../components/ui/load-failed.tsx';
import { useFundAccountLocation } from '../../../lib/fund-account.ts';
import { useWallets, walletsQueryOptions } from '../../../lib/wallet-queries.ts';
import { TRANSACTION_PANEL_ID } from '../../../components/wallet/transaction-location.ts';
import { ArrowUpRightIcon } from '../../../components/wallet/wallet-icons.tsx';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { bankAccountsQueryOptions } from '../api/bank-accounts.ts';
import { transactionsPageQueryOptions } from '../api/get-transactions-page.ts';
import { usePendingWithdrawalsWatcher } from '../api/withdraw.ts';
import { BankAccountsSection } from '../components/bank-accounts-section.tsx';
import { TransactionHistory } from '../components/transaction-history.tsx';
import { WithdrawPanel } from '../components/withdraw-panel.tsx';
import { useWithdrawLocation } from '../utils/withdraw-location.ts';

/** What the wallet page shows, asked for by its route's loader while the user is on its way. */
export function prefetchWalletData(queryClient: QueryClient) {
  return Promise.all([
    queryClient.query(walletsQueryOptions),
    queryClient.query(bankAccountsQueryOptions),
    // Most visits open the history's first page unfiltered (a shared filtered link loads its own).
    queryClient.query(transactionsPageQueryOptions({ pageIndex: 0 })),
  ]);
}

/*
 * A transaction's receipt (`?a=transaction&id=…`) is closed on most visits: its code loads the
 * first time one is opened, not with the page (QUALITY.md: Lighthouse on /wallet).
 */
const TransactionPanel = lazy(async () => ({
  default: (await import('../components/transaction-panel.tsx')).TransactionPanel,
}));

function TransactionPanelOnDemand() {
  const [searchParams] = useSearchParams();
  const wanted = searchParams.get('a') === TRANSACTION_PANEL_ID;
  // Once loaded it stays mounted, so closing can slide it away.
  const [seen, setSeen] = useState(wanted);
  if (wanted && !seen) setSeen(true);
  if (!seen && !wanted) return null;
  return (
    <Suspense fallback={null}>
      <TransactionPanel />
    </Suspense>
  );
}

export function WalletPage() {
  const wallets = useWallets();
  const walletsFailure = useReadFailure(wallets);
  const fundTo = useFundAccountLocation();
  const withdrawTo = useWithdrawLocation();
  // While a withdrawal waits for the bank, the balance and history are read again every few seconds.
  usePendingWithdrawalsWatcher();

  return (
    <>
      <title>Wallet · Ajo</title>
      <div className="grid gap-4 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          <NairaBalanceCard
            wallet={wallets.data?.naira}
            isPending={wallets.isPending}
            isError={walletsFailure.shown}
            onRetry={walletsFailure.retry}
            fundTo={fundTo}
            actions={
              <ButtonLink variant="onBrandOutline" to={withdrawTo}>
                <ArrowUpRightIcon className="size-4" />
                Withdraw
              </ButtonLink>
            }
          />
        </div>
        <DollarBalanceCard
          wallet={wallets.data?.dollar}
          isPending={wallets.isPending}
          isError={walletsFailure.shown}
        />
      </div>
      <OnHoldNotice wallet={wallets.data?.naira} className="mt-4" />
      <div className="mt-8">
        <BankAccountsSection />
      </div>
      <div className="mt-8">
        <TransactionHistory />
      </div>
      <p className="mt-4 text-sm text-slate-600">
        Need a record for a landlord, lender or embassy?{' '}
        <Link to="/statements" className="font-semibold text-brand-700 hover:underline">
          Download a statement
        </Link>
      </p>
      <WithdrawPanel />
      <TransactionPanelOnDemand />
    </>
  );
}
