import { useId, useState } from 'react';
import type { BankAccount } from '@ajo/contracts/banks';
import { Button } from '../../../components/ui/button.tsx';
import { FormErrorBanner } from '../../../components/ui/form-error-banner.tsx';
import { useReadFailure } from '../../../components/ui/load-failed.tsx';
import { ModalDialog } from '../../../components/ui/modal-dialog.tsx';
import { RetryButton } from '../../../components/ui/retry-button.tsx';
import { BankIcon, PlusIcon } from '../../../components/wallet/wallet-icons.tsx';
import { useBankAccounts, useRemoveBankAccount } from '../api/bank-accounts.ts';
import { bankAccountLabel, maskAccountNumber } from '../utils/bank-display.ts';
import { AddBankAccountDialog } from './add-bank-account-dialog.tsx';

function RemoveBankAccountDialog({
  account,
  onRequestClose,
}: {
  account: BankAccount | null;
  onRequestClose: () => void;
}) {
  const headingId = useId();
  const remove = useRemoveBankAccount();
  // Keeps the text on screen while the dialog slides away after `account` went back to null.
  const [shown, setShown] = useState<BankAccount | null>(account);
  if (account && account !== shown) setShown(account);

  const close = () => {
    if (!remove.isPending) onRequestClose();
  };

  return (
    <ModalDialog
      open={account !== null}
      onRequestClose={close}
      onClosed={() => {
        setShown(null);
        remove.reset();
      }}
      labelledBy={headingId}
      closeLabel="Close remove bank account"
    >
      {shown ? (
        <>
          <h2 id={headingId} className="pr-10 text-lg font-semibold text-slate-900">
            Remove {bankAccountLabel(shown)}?
          </h2>
          <p className="mt-2 text-sm leading-6 text-slate-600">
            <span className="font-semibold text-slate-900">{bankAccountLabel(shown)}</span> will no
            longer be offered for withdrawals. You can link it again at any time.
          </p>
          <div className="mt-4">
            <FormErrorBanner message={remove.error?.message} />
          </div>
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="ghost" onClick={close} disabled={remove.isPending} data-autofocus>
              Keep it
            </Button>
            <Button
              variant="danger"
              isLoading={remove.isPending}
              onClick={() => {
                remove.mutate(shown.id, { onSuccess: onRequestClose });
              }}
            >
              Remove account
            </Button>
          </div>
        </>
      ) : null}
    </ModalDialog>
  );
}

function BankAccountRow({ account, onRemove }: { account: BankAccount; onRemove: () => void }) {
  return (
    <li className="flex items-center gap-3 px-4 py-4 sm:gap-4 sm:px-6" data-testid="bank-account">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-600">
        <BankIcon className="size-5" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-semibold text-slate-900">{account.bank_name}</p>
        {/* On a phone a long name gives way; the last four digits always show. */}
        <p className="flex min-w-0 gap-1.5 text-sm text-slate-600">
          <span
            className="shrink-0 text-slate-500 tabular-nums"
            data-testid="masked-account-number"
          >
            {maskAccountNumber(account.account_number)}
          </span>
          <span className="truncate">{account.account_name}</span>
        </p>
      </div>
      <Button
        variant="ghost"
        size="sm"
        aria-label={`Remove ${bankAccountLabel(account)}`}
        onClick={onRemove}
      >
        Remove
      </Button>
    </li>
  );
}

/** The accounts money can be withdrawn to, with the ways to add and remove one. */
export function BankAccountsSection() {
  const accounts = useBankAccounts();
  const failure = useReadFailure(accounts);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<BankAccount | null>(null);

  return (
    <section
      aria-labelledby="bank-accounts-heading"
      className="rounded-2xl bg-white shadow-sm ring-1 ring-slate-900/5"
    >
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-100 px-4 py-4 sm:px-6">
        <div>
          <h2 id="bank-accounts-heading" className="text-lg font-semibold text-slate-900">
            Bank accounts
          </h2>
          <p className="text-sm text-slate-600">Where your withdrawals are sent.</p>
        </div>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            setAdding(true);
          }}
        >
          <PlusIcon className="size-4" />
          Add bank account
        </Button>
      </div>
      {accounts.isError || failure.shown ? (
        <div className="px-4 py-5 sm:px-6">
          <p className="text-sm text-slate-700">We could not load your bank accounts.</p>
          <RetryButton busy={accounts.isFetching} className="mt-3" onRetry={failure.retry} />
        </div>
      ) : accounts.isPending ? (
        <div aria-hidden="true" className="space-y-3 px-4 py-5 sm:px-6">
          <span className="block h-4 w-40 animate-pulse rounded bg-slate-200" />
          <span className="block h-4 w-56 animate-pulse rounded bg-slate-100" />
        </div>
      ) : accounts.data.length === 0 ? (
        <p className="px-4 py-6 text-sm leading-6 text-slate-600 sm:px-6">
          No bank account linked yet. Add one in your own name to withdraw your money.
        </p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {accounts.data.map((account) => (
            <BankAccountRow
              key={account.id}
              account={account}
              onRemove={() => {
                setRemoving(account);
              }}
            />
          ))}
        </ul>
      )}
      <AddBankAccountDialog
        open={adding}
        onRequestClose={() => {
          setAdding(false);
        }}
      />
      <RemoveBankAccountDialog
        account={removing}
        onRequestClose={() => {
          setRemoving(null);
        }}
      />
    </section>
  );
}
