import { useEffect, useRef } from 'react';
import { formatMoney } from '@ajo/money/format';
import { Button } from '../../../components/ui/button.tsx';
import { useReadFailure } from '../../../components/ui/load-failed.tsx';
import { RetryButton } from '../../../components/ui/retry-button.tsx';
import {
  ArrowUpRightIcon,
  CheckCircleIcon,
  PlusIcon,
} from '../../../components/wallet/wallet-icons.tsx';
import { moneyTextToMinor } from '../../../lib/money-text.ts';
import { useWallets } from '../../../lib/wallet-queries.ts';
import { useSavings } from '../api/get-savings.ts';
import { activeInvestedMinor, fundedMinor } from '../utils/dollar-investments.ts';
import { DollarHistory } from './dollar-history.tsx';

/** A figure of the investments: a placeholder while they load, "Not available" if they failed. */
function Figure({
  label,
  value,
  failed,
  testId,
}: {
  label: string;
  value: string | undefined;
  /** The read failed: the Transaction History below says so, with Try again. */
  failed: boolean;
  testId: string;
}) {
  return (
    <div className="rounded-2xl bg-slate-50 p-4 ring-1 ring-slate-900/5">
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="mt-1">
        {failed ? (
          <span className="block text-sm leading-7 text-slate-600" data-testid={testId}>
            Not available
          </span>
        ) : value === undefined ? (
          <span
            aria-hidden="true"
            className="block h-7 w-24 animate-pulse rounded-lg bg-slate-200"
          />
        ) : (
          <span
            className="text-xl font-bold tracking-tight text-slate-900 tabular-nums"
            data-testid={testId}
          >
            {value}
          </span>
        )}
      </dd>
    </div>
  );
}

/** What just happened, said once at the top of the summary. */
export interface DollarNotice {
  title: string;
  body: string;
}

/**
 * Panel step 0: Portfolio Balance and Invested Amount (skeletons while loading), the note on the
 * due date, Invest, Make a Withdrawal (from the dollar wallet) and the Transaction History.
 */
export function DollarSummaryStep({
  notice,
  onInvest,
  onWithdraw,
}: {
  notice: DollarNotice | undefined;
  onInvest: () => void;
  onWithdraw: () => void;
}) {
  const records = useSavings({ slug: 'dollar' });
  const recordsFailure = useReadFailure(records);
  const wallets = useWallets();
  const walletsFailure = useReadFailure(wallets);
  const dollarWallet = wallets.data?.dollar;
  const walletMinor = dollarWallet ? moneyTextToMinor(dollarWallet.available_amount) : undefined;
  // The panel was scrolled down to the form: a new outcome opens in view, at the top.
  const noticeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    noticeRef.current?.scrollIntoView({ block: 'nearest' });
  }, [notice]);
  return (
    <div className="space-y-5">
      {notice ? (
        <div
          role="status"
          ref={noticeRef}
          className="scroll-mt-4 flex items-start gap-3 rounded-xl border border-accent-100 bg-accent-50 px-4 py-3 text-sm text-accent-700"
          data-testid="dollar-notice"
        >
          <CheckCircleIcon className="mt-0.5 size-5 shrink-0" />
          <p>
            <strong className="block font-semibold text-slate-900">{notice.title}</strong>
            <span className="text-slate-700">{notice.body}</span>
          </p>
        </div>
      ) : null}
      <dl className="grid grid-cols-2 gap-3">
        <Figure
          label="Portfolio Balance"
          value={records.data ? formatMoney(activeInvestedMinor(records.data), 'USD') : undefined}
          failed={recordsFailure.shown}
          testId="panel-portfolio"
        />
        <Figure
          label="Invested Amount"
          value={records.data ? formatMoney(fundedMinor(records.data), 'USD') : undefined}
          failed={recordsFailure.shown}
          testId="panel-invested"
        />
      </dl>
      <p className="rounded-xl bg-brand-50 px-4 py-3 text-sm leading-6 text-brand-900">
        Your investment becomes available for withdrawal in your dollar wallet on the due date.
      </p>
      <div className="grid gap-3">
        <Button size="lg" onClick={onInvest}>
          <PlusIcon className="size-4" />
          Invest
        </Button>
        <Button
          variant="secondary"
          size="lg"
          disabled={walletMinor === undefined || walletMinor <= 0n}
          onClick={onWithdraw}
        >
          <ArrowUpRightIcon className="size-4" />
          Make a Withdrawal
        </Button>
      </div>
      {walletsFailure.shown ? (
        <div className="-mt-2 flex flex-wrap items-center justify-between gap-x-3 gap-y-2 text-xs text-slate-500">
          <p>
            Dollar wallet:{' '}
            <span className="font-semibold text-slate-700" data-testid="panel-dollar-wallet">
              not available right now
            </span>
          </p>
          <RetryButton busy={wallets.isFetching} onRetry={walletsFailure.retry} />
        </div>
      ) : (
        <p className="-mt-2 text-xs text-slate-500">
          Dollar wallet:{' '}
          <span
            className="font-semibold text-slate-700 tabular-nums"
            data-testid="panel-dollar-wallet"
          >
            {walletMinor === undefined ? '…' : formatMoney(walletMinor, 'USD')}
          </span>
          {walletMinor !== undefined && walletMinor <= 0n ? ' · nothing to withdraw yet' : null}
        </p>
      )}
      <DollarHistory
        records={records.data}
        isPending={records.isPending}
        error={recordsFailure.shown ? recordsFailure.error : null}
        onRetry={recordsFailure.retry}
      />
    </div>
  );
}
