import {
  DollarBalanceCard,
  NairaBalanceCard,
  OnHoldNotice,
} from '../../../components/wallet/balance-card.tsx';
import { useFundAccountLocation } from '../../../lib/fund-account.ts';
import { useWallets } from '../../../lib/wallet-queries.ts';
import { TransactionHistory } from '../components/transaction-history.tsx';

export function WalletPage() {
  const wallets = useWallets();
  const fundTo = useFundAccountLocation();

  return (
    <>
      <title>Wallet · Ajo</title>
      <div className="grid gap-4 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          <NairaBalanceCard
            wallet={wallets.data?.naira}
            isPending={wallets.isPending}
            isError={wallets.isError}
            onRetry={() => {
              void wallets.refetch();
            }}
            fundTo={fundTo}
          />
        </div>
        <DollarBalanceCard wallet={wallets.data?.dollar} isPending={wallets.isPending} />
      </div>
      <OnHoldNotice wallet={wallets.data?.naira} className="mt-4" />
      <div className="mt-8">
        <TransactionHistory />
      </div>
    </>
  );
}
