import { useId } from 'react';
import { Link } from 'react-router';
import { WalletIcon } from '../ui/icons.tsx';
import { useReadFailure } from '../ui/load-failed.tsx';
import { RetryButton } from '../ui/retry-button.tsx';
import { useFundAccountLocation } from '../../lib/fund-account.ts';
import { formatMoneyText, moneyTextToMinor } from '../../lib/money-text.ts';
import { isUnknownOutcome } from '../../lib/money-attempts.ts';
import { useWallets } from '../../lib/wallet-queries.ts';

/** What the naira wallet has available, and whether it is short of `amountMinor` (once known). */
export function useNairaShortfall(amountMinor: bigint | null) {
  const wallets = useWallets();
  const failure = useReadFailure(wallets);
  const available = wallets.data?.naira?.available_amount;
  const short =
    available !== undefined && amountMinor !== null && amountMinor > moneyTextToMinor(available);
  return { available, short, failure, isFetching: wallets.isFetching };
}

/**
 * Savings and investments are paid from the naira wallet (spec section 2): what it holds, and a
 * way to fund it when it is short of `amountMinor`. After an attempt whose answer was lost
 * (`failure`), the wallet may already be short by that very payment, so no shortfall is claimed:
 * trying again asks Ajo, which never takes the same payment twice.
 */
export function WalletFunding({
  amountMinor,
  label = 'Paid from',
  failure = null,
}: {
  amountMinor: bigint | null;
  label?: string;
  /** The last attempt's failure, if any. */
  failure?: Error | null;
}) {
  const labelId = useId();
  const fundTo = useFundAccountLocation();
  const askingAgain = isUnknownOutcome(failure);
  const {
    available,
    short,
    failure: walletRead,
    isFetching,
  } = useNairaShortfall(askingAgain ? null : amountMinor);
  const unreadable = available === undefined && walletRead.shown;
  return (
    <div>
      <p className="text-sm font-medium text-slate-700" id={labelId}>
        {label}
      </p>
      <div
        aria-labelledby={labelId}
        role="group"
        className="mt-1.5 flex items-center gap-3 rounded-xl bg-slate-50 px-3.5 py-3 ring-1 ring-slate-200 ring-inset"
      >
        <span className="flex size-9 items-center justify-center rounded-lg bg-brand-600 text-white">
          <WalletIcon className="size-5" />
        </span>
        <span className="min-w-0 flex-1">
          <span className="block text-sm font-semibold text-slate-900">My Wallet</span>
          <span className="block text-xs text-slate-600">
            {unreadable ? (
              // Paying still works: Ajo checks the balance itself and says when it is short.
              'Balance not available right now'
            ) : (
              <>
                Available{' '}
                {available === undefined ? (
                  <span className="inline-block h-3 w-16 animate-pulse rounded bg-slate-200 align-middle" />
                ) : (
                  <span
                    className="font-semibold text-slate-900 tabular-nums"
                    data-testid="funding-balance"
                  >
                    {formatMoneyText(available)}
                  </span>
                )}
              </>
            )}
          </span>
        </span>
        {unreadable ? <RetryButton busy={isFetching} onRetry={walletRead.retry} /> : null}
      </div>
      {short ? (
        <p className="mt-2 flex flex-wrap items-center justify-between gap-2 rounded-xl border border-amber-200 bg-amber-50 px-3.5 py-2.5 text-sm text-amber-900">
          <span>Your wallet balance is below this amount.</span>
          <Link
            to={fundTo}
            className="rounded font-semibold text-amber-900 underline underline-offset-2"
          >
            Fund wallet
          </Link>
        </p>
      ) : null}
    </div>
  );
}
