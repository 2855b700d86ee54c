import { useId, useMemo, useState } from 'react';
import type { BankAccount } from '@ajo/contracts/banks';
import { Button } from '../../../components/ui/button.tsx';
import { FormErrorBanner } from '../../../components/ui/form-error-banner.tsx';
import { AlertIcon } from '../../../components/ui/icons.tsx';
import { ModalDialog } from '../../../components/ui/modal-dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { CheckCircleIcon } from '../../../components/wallet/wallet-icons.tsx';
import {
  isCompleteBankAccountInput,
  useBankNameEnquiry,
  useBanks,
  useLinkBankAccount,
} from '../api/bank-accounts.ts';
import { searchBanks } from '../utils/bank-search.ts';

interface AddBankAccountDialogProps {
  open: boolean;
  onRequestClose: () => void;
  /** Called with the new account once the server has linked it. */
  onLinked?: (account: BankAccount) => void;
}

const selectClassName =
  'mt-1.5 h-11 w-full rounded-xl bg-white px-3 text-base text-slate-900 ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-brand-600 focus:outline-none sm:text-sm';

function NameEnquiryResult({
  isChecking,
  accountName,
  refusal,
  error,
}: {
  isChecking: boolean;
  accountName: string | undefined;
  /** Why this account cannot be linked (not in the BVN's name, no BVN yet), said before Link. */
  refusal: string | null | undefined;
  error: string | undefined;
}) {
  if (isChecking) {
    return (
      <p className="flex items-center gap-2 text-sm text-slate-600">
        <Spinner className="size-4 text-brand-600" />
        Checking the account name…
      </p>
    );
  }
  if (accountName && refusal) {
    return (
      <p
        role="alert"
        className="flex items-start gap-2 rounded-xl bg-red-50 px-3.5 py-3 text-sm text-red-800 ring-1 ring-red-600/20 ring-inset"
        data-testid="account-link-refusal"
      >
        <AlertIcon className="mt-0.5 size-4 shrink-0 text-red-600" />
        {refusal}
      </p>
    );
  }
  if (accountName) {
    return (
      <p
        className="flex items-center gap-2 rounded-xl bg-emerald-50 px-3.5 py-3 text-sm font-semibold text-emerald-900 ring-1 ring-emerald-600/20 ring-inset"
        data-testid="resolved-account-name"
      >
        <CheckCircleIcon className="size-5 shrink-0 text-emerald-600" />
        {accountName}
      </p>
    );
  }
  if (error) {
    return (
      <p className="flex items-start gap-2 text-sm text-red-700">
        <AlertIcon className="mt-0.5 size-4 shrink-0 text-red-600" />
        {error}
      </p>
    );
  }
  return null;
}

/**
 * Links a bank account for withdrawals: choose the bank (a search box narrows the list), type the
 * 10-digit number, and the account name is looked up at once. "Link account" only works once the
 * name came back; the server then checks it against the name on the person's BVN.
 */
export function AddBankAccountDialog({
  open,
  onRequestClose,
  onLinked,
}: AddBankAccountDialogProps) {
  const headingId = useId();
  const bankSelectId = useId();
  const banks = useBanks({ enabled: open });
  const link = useLinkBankAccount();
  const [search, setSearch] = useState('');
  const [bankCode, setBankCode] = useState('');
  const [accountNumber, setAccountNumber] = useState('');
  const input = { bankCode, accountNumber };
  const enquiry = useBankNameEnquiry(input);
  const complete = isCompleteBankAccountInput(input);
  const verified = complete ? enquiry.data : undefined;

  const matchingBanks = useMemo(() => searchBanks(banks.data ?? [], search), [banks.data, search]);
  // The chosen bank stays in the list, so the select never shows something it does not hold.
  const visibleBanks = useMemo(() => {
    const chosen = (banks.data ?? []).find((bank) => bank.code === bankCode);
    return chosen && !matchingBanks.includes(chosen) ? [chosen, ...matchingBanks] : matchingBanks;
  }, [banks.data, matchingBanks, bankCode]);

  // One bank answers to what was typed ("GTB"): choose it, as the person meant. Decided while
  // rendering and not in the box's change handler, so it also happens when the list arrives after
  // the typing; once per match, so a bank picked by hand afterwards stays picked.
  const onlyMatchCode =
    search.trim() !== '' && matchingBanks.length === 1 ? matchingBanks[0]?.code : undefined;
  const [matchChosen, setMatchChosen] = useState<string | undefined>(undefined);
  if (onlyMatchCode !== matchChosen) {
    setMatchChosen(onlyMatchCode);
    if (onlyMatchCode !== undefined) setBankCode(onlyMatchCode);
  }

  const reset = () => {
    setSearch('');
    setBankCode('');
    setAccountNumber('');
    link.reset();
  };

  const close = () => {
    if (!link.isPending) onRequestClose();
  };

  return (
    <ModalDialog
      open={open}
      onRequestClose={close}
      onClosed={reset}
      labelledBy={headingId}
      closeLabel="Close add bank account"
    >
      <h2 id={headingId} className="pr-10 text-lg font-semibold text-slate-900">
        Add bank account
      </h2>
      <p className="mt-1 text-sm leading-6 text-slate-600">
        Withdrawals go to accounts in your own name, as it appears on your BVN.
      </p>
      <form
        noValidate
        aria-label="Add bank account"
        className="mt-5 space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (!verified) return;
          link.mutate(input, {
            onSuccess: (account) => {
              onLinked?.(account);
              onRequestClose();
            },
          });
        }}
      >
        <FormErrorBanner message={link.error?.message ?? banks.error?.message} />
        <TextField
          label="Search banks"
          type="search"
          autoComplete="off"
          placeholder="e.g. GTB, UBA, Zenith, Kuda"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            // The bank may change with the search: an old refusal no longer applies.
            link.reset();
          }}
        />
        <div>
          <label htmlFor={bankSelectId} className="block text-sm font-medium text-slate-700">
            Bank
          </label>
          <select
            id={bankSelectId}
            value={bankCode}
            disabled={banks.isPending}
            onChange={(event) => {
              setBankCode(event.target.value);
              link.reset();
            }}
            className={selectClassName}
          >
            <option value="">{banks.isPending ? 'Loading banks…' : 'Choose your bank'}</option>
            {visibleBanks.map((bank) => (
              <option key={bank.code} value={bank.code}>
                {bank.name}
              </option>
            ))}
          </select>
          {search.trim() !== '' && matchingBanks.length === 0 ? (
            <p className="mt-1.5 text-sm text-slate-600">No bank matches “{search.trim()}”.</p>
          ) : null}
          <p role="status" className="sr-only">
            {search.trim() === '' || matchingBanks.length === 0
              ? ''
              : matchingBanks.length === 1
                ? `${matchingBanks[0]?.name ?? ''} chosen`
                : `${String(matchingBanks.length)} banks match`}
          </p>
        </div>
        <TextField
          label="Account number"
          inputMode="numeric"
          autoComplete="off"
          maxLength={10}
          placeholder="10 digits"
          value={accountNumber}
          onChange={(event) => {
            setAccountNumber(event.target.value.replace(/\D/g, '').slice(0, 10));
            link.reset();
          }}
        />
        <div aria-live="polite" className="min-h-6">
          {complete ? (
            <NameEnquiryResult
              isChecking={enquiry.isFetching && !enquiry.data}
              accountName={verified?.account_name}
              refusal={verified?.link_refusal}
              error={enquiry.isError ? enquiry.error.message : undefined}
            />
          ) : null}
        </div>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={close} disabled={link.isPending}>
            Cancel
          </Button>
          <Button
            type="submit"
            disabled={!verified || Boolean(verified.link_refusal)}
            isLoading={link.isPending}
          >
            Link account
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}
