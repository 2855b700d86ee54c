import { Link, useLocation } from 'react-router';
import type { VirtualAccount } from '@ajo/contracts/verification';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { ClockIcon } from '../../../components/ui/icons.tsx';
import { useReadFailure } from '../../../components/ui/load-failed.tsx';
import { RetryButton } from '../../../components/ui/retry-button.tsx';
import { ShieldIcon } from '../../../components/wallet/wallet-icons.tsx';
import { BVN_PANEL_ID } from '../../../lib/bvn-panel.ts';
import { useVirtualAccount } from '../../../lib/virtual-account-query.ts';
import { readFailureMessage } from '../../../lib/read-failure.ts';

function AccountDetails({ account }: { account: VirtualAccount }) {
  return (
    <div className="space-y-4">
      <p className="text-sm leading-6 text-slate-600">
        Send money from any Nigerian bank app to your personal Ajo account below.
      </p>
      <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-900/5">
        <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">Account number</p>
        <div className="mt-1 flex items-center justify-between gap-3">
          <p
            className="min-w-0 text-2xl font-bold tracking-wide text-slate-900 tabular-nums sm:text-3xl"
            data-testid="virtual-account-number"
          >
            {account.account_number}
          </p>
          <CopyButton
            value={account.account_number}
            what="account number"
            variant="primary"
            copiedVariant="secondary"
            className="shrink-0"
          />
        </div>
        <dl className="mt-5 grid gap-4 border-t border-slate-100 pt-4 text-sm">
          <div className="flex items-start justify-between gap-4">
            <dt className="text-slate-500">Bank</dt>
            <dd className="text-right font-semibold text-slate-900">{account.bank_name}</dd>
          </div>
          <div className="flex items-start justify-between gap-4">
            <dt className="text-slate-500">Account name</dt>
            <dd className="text-right font-semibold text-slate-900">{account.account_name}</dd>
          </div>
        </dl>
      </div>
      <div className="flex items-start gap-3 rounded-xl bg-brand-50 px-4 py-3 text-sm leading-6 text-brand-900">
        <ClockIcon className="mt-0.5 size-5 shrink-0 text-brand-600" />
        <p>
          Transfers arrive in your wallet within minutes, and we will notify you when they do. This
          account number is yours alone and never changes.
        </p>
      </div>
    </div>
  );
}

function NoAccountYet() {
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  params.set('a', BVN_PANEL_ID);
  params.delete('type');
  return (
    <div className="rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-900/5">
      <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-600">
        <ShieldIcon className="size-6" />
      </span>
      <h3 className="mt-4 font-semibold text-slate-900">
        Verify your BVN to get an account number
      </h3>
      <p className="mt-2 text-sm leading-6 text-slate-600">
        The Central Bank of Nigeria requires a verified BVN before we can give you a personal
        account number. Verifying takes a minute, and your account is created straight away.
      </p>
      <Link
        to={{ pathname, search: `?${params.toString()}` }}
        replace
        className="mt-5 inline-flex h-11 items-center justify-center rounded-xl bg-brand-600 px-5 text-sm font-semibold text-white shadow-sm hover:bg-brand-700"
      >
        Verify BVN
      </Link>
    </div>
  );
}

/** The personal account number to transfer to, or why there is none yet. */
export function BankTransferDetails() {
  const account = useVirtualAccount();
  const failure = useReadFailure(account);

  if (failure.shown) {
    return (
      <div className="rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-900/5">
        <p className="font-semibold text-slate-900">We could not load your account number.</p>
        <p className="mt-1 text-sm text-slate-600">
          {failure.error ? readFailureMessage(failure.error) : null}
        </p>
        <RetryButton busy={account.isFetching} className="mt-4" onRetry={failure.retry} />
      </div>
    );
  }
  if (account.isPending) {
    return (
      <div aria-hidden="true" className="space-y-4">
        <span className="block h-4 w-3/4 animate-pulse rounded bg-slate-200" />
        <span className="block h-44 animate-pulse rounded-2xl bg-white ring-1 ring-slate-900/5" />
      </div>
    );
  }
  return account.data ? <AccountDetails account={account.data} /> : <NoAccountYet />;
}
