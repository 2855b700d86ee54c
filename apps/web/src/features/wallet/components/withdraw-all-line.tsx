import { useReadFailure } from '../../../components/ui/load-failed.tsx';
import { RetryButton } from '../../../components/ui/retry-button.tsx';
import { formatMoneyText, moneyTextToMinor } from '../../../lib/money-text.ts';
import { isAmountRefusal } from '../../../lib/use-quoted-amount.ts';
import { useWithdrawAllQuote } from '../api/get-withdraw-all-quote.ts';

/**
 * What is available to withdraw, and "Withdraw all": the most that can leave now with its fee,
 * from the server's quote without an amount (it also respects the tier's maximum and what is left
 * of today's limit). Nothing shows while the quote is on its way or refused; the amount box then
 * carries the server's reason. A quote that could not be read says so, with Try again, rather than
 * leaving the line out as if there were nothing to say.
 */
export function WithdrawAllLine({ onWithdrawAll }: { onWithdrawAll: (amount: string) => void }) {
  const all = useWithdrawAllQuote();
  const failure = useReadFailure(all);
  if (failure.shown && all.data === undefined && !isAmountRefusal(failure.error)) {
    return (
      <div className="-mt-2 flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-slate-600">
        <p>We could not load your available balance.</p>
        <RetryButton busy={all.isFetching} onRetry={failure.retry} />
      </div>
    );
  }
  if (!all.data) return null;
  const { available, withdrawable } = all.data;
  const canWithdraw = moneyTextToMinor(withdrawable) > 0n;
  return (
    <div className="-mt-2 flex flex-wrap items-center justify-between gap-x-3 gap-y-1 text-sm">
      <p className="text-slate-600">
        Available{' '}
        <span
          className="font-semibold text-slate-900 tabular-nums"
          data-testid="withdraw-available"
        >
          {formatMoneyText(available)}
        </span>
      </p>
      {canWithdraw ? (
        <button
          type="button"
          onClick={() => {
            onWithdrawAll(withdrawable);
          }}
          className="rounded font-semibold text-brand-700 hover:underline"
        >
          Withdraw all<span className="sr-only"> ({formatMoneyText(withdrawable)})</span>
        </button>
      ) : null}
    </div>
  );
}
