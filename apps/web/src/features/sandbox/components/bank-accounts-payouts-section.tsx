import { useId, useState } from 'react';
import { toast } from '../../../components/ui/toast.ts';
import { formatMoney } from '@ajo/money/format';
import { parseAmount } from '@ajo/money/parse';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { FormErrorBanner } from '../../../components/ui/form-error-banner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { CheckIcon, CopyIcon } from '../../../components/wallet/wallet-icons.tsx';
import { classNames } from '../../../lib/class-names.ts';
import { formatLagosDateTime } from '../../../lib/dates.ts';
import {
  useOpenSandboxBankAccount,
  useSandboxBanks,
  useSandboxPayouts,
  useSettleSandboxPayout,
  type PayoutOutcome,
} from '../api/sandbox-payouts.ts';

const DEFAULT_BANK_CODE = '058';

function formatTime(iso: string): string {
  return formatLagosDateTime(iso) || iso;
}

function formatAmount(text: string): string {
  try {
    return formatMoney(parseAmount(text), 'NGN');
  } catch {
    return text;
  }
}

interface OpenedAccount {
  accountNumber: string;
  bankName: string;
  accountName: string;
}

function CopyNumberButton({ accountNumber }: { accountNumber: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <Button
      variant={copied ? 'secondary' : 'primary'}
      size="sm"
      onClick={() => {
        navigator.clipboard.writeText(accountNumber).then(
          () => {
            setCopied(true);
          },
          () => {
            toast.error('We could not copy the number. Select it and copy it yourself.');
          },
        );
      }}
    >
      {copied ? <CheckIcon className="size-4" /> : <CopyIcon className="size-4" />}
      {copied ? 'Copied' : 'Copy number'}
    </Button>
  );
}

/** Opens an account at a sandbox bank, so it can be linked for withdrawals. */
function OpenBankAccountForm() {
  const bankSelectId = useId();
  const banks = useSandboxBanks();
  const open = useOpenSandboxBankAccount();
  const [bankCode, setBankCode] = useState(DEFAULT_BANK_CODE);
  const [accountName, setAccountName] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const [opened, setOpened] = useState<OpenedAccount[]>([]);

  return (
    <div>
      <h3 className="font-semibold text-slate-900">Open a bank account</h3>
      <p className="mt-1 text-sm leading-6 text-slate-600">
        Name enquiry finds it at once. Use the name on your BVN to link it on the wallet page, or
        another name to see the link refused.
      </p>
      <form
        noValidate
        aria-label="Open a sandbox bank account"
        className="mt-4 space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          const name = accountName.trim();
          if (name.length < 3) {
            setNameError('Enter the account name');
            return;
          }
          setNameError(undefined);
          open.mutate(
            { accountName: name, bankCode },
            {
              onSuccess: (account) => {
                setOpened((current) => [
                  {
                    accountNumber: account.account_number,
                    bankName: account.bank_name,
                    accountName: name,
                  },
                  ...current,
                ]);
              },
            },
          );
        }}
      >
        <FormErrorBanner message={open.error?.message} />
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor={bankSelectId} className="block text-sm font-medium text-slate-700">
              Bank
            </label>
            <select
              id={bankSelectId}
              value={bankCode}
              onChange={(event) => {
                setBankCode(event.target.value);
              }}
              className="mt-1.5 h-11 w-full rounded-xl bg-white px-3 text-base text-slate-900 ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-brand-600 focus:outline-none sm:text-sm"
            >
              {banks.data ? null : <option value={DEFAULT_BANK_CODE}>Guaranty Trust Bank</option>}
              {banks.data?.map((bank) => (
                <option key={bank.code} value={bank.code}>
                  {bank.name}
                </option>
              ))}
            </select>
          </div>
          <TextField
            label="Account name"
            autoComplete="off"
            placeholder="e.g. Adaeze Okafor"
            value={accountName}
            error={nameError}
            onChange={(event) => {
              setAccountName(event.target.value);
            }}
          />
        </div>
        <Button type="submit" isLoading={open.isPending}>
          Open account
        </Button>
      </form>
      {opened.length > 0 ? (
        <ul className="mt-5 space-y-3" aria-label="Opened accounts" aria-live="polite">
          {opened.map((account) => (
            <li
              key={account.accountNumber}
              className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-slate-50 px-4 py-3 text-sm"
              data-testid="opened-bank-account"
            >
              <div className="min-w-0">
                <p
                  className="font-mono text-lg font-semibold tracking-wider text-slate-900"
                  data-testid="opened-account-number"
                >
                  {account.accountNumber}
                </p>
                <p className="truncate text-slate-600">
                  {account.accountName} · {account.bankName}
                </p>
              </div>
              <CopyNumberButton accountNumber={account.accountNumber} />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

const statusStyles: Record<string, string> = {
  pending: 'bg-amber-50 text-amber-800 ring-amber-600/25',
  success: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20',
  failed: 'bg-red-50 text-red-800 ring-red-600/20',
  reversed: 'bg-slate-100 text-slate-700 ring-slate-500/20',
};

const outcomeButtons: { outcome: PayoutOutcome; label: string; when: string }[] = [
  { outcome: 'success', label: 'Settle success', when: 'pending' },
  { outcome: 'failed', label: 'Fail', when: 'pending' },
  { outcome: 'reversed', label: 'Reverse', when: 'success' },
];

/** Withdrawals waiting at the sandbox bank, refreshed every few seconds, with its answers. */
function PayoutsList() {
  const payouts = useSandboxPayouts();
  const settle = useSettleSandboxPayout();
  const [lastResult, setLastResult] = useState<string | null>(null);

  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold text-slate-900">Payouts</h3>
        <span className="text-xs text-slate-500">Refreshes every few seconds</span>
      </div>
      <p className="mt-1 text-sm leading-6 text-slate-600">
        Withdrawals stay pending until you answer for the bank here; its signed webhook then reaches
        Ajo.
      </p>
      <div className="mt-3 space-y-3">
        <FormErrorBanner message={settle.error?.message} />
        {lastResult ? (
          <p role="status" className="text-sm text-slate-700">
            {lastResult}
          </p>
        ) : null}
      </div>
      {payouts.isPending ? (
        <p className="mt-4 text-sm text-slate-600">Loading payouts…</p>
      ) : payouts.isError ? (
        <FormErrorBanner message={payouts.error.message} />
      ) : payouts.data.length === 0 ? (
        <EmptyState
          headingLevel={3}
          className="mt-4 py-8 sm:py-10"
          title="No payouts yet"
          description="Withdraw from a wallet and the transfer shows up here."
        />
      ) : (
        <ul className="mt-4 space-y-3">
          {payouts.data.map((payout) => (
            <li
              key={payout.reference}
              className="rounded-xl bg-slate-50 px-4 py-3 text-sm"
              data-testid="sandbox-payout"
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="font-semibold text-slate-900 tabular-nums">
                  {formatAmount(payout.amount)} to {payout.account_name}
                </p>
                <span
                  className={classNames(
                    'rounded-full px-2 py-0.5 text-xs font-semibold capitalize ring-1 ring-inset',
                    statusStyles[payout.status] ?? statusStyles.pending,
                  )}
                >
                  {payout.status}
                </span>
              </div>
              <p className="mt-1 text-slate-600">
                {payout.account_number} · bank {payout.bank_code} · {formatTime(payout.created_at)}
              </p>
              <p className="mt-0.5 text-slate-500">
                Reference <span className="font-mono text-xs break-all">{payout.reference}</span>
              </p>
              <div className="mt-3 flex flex-wrap gap-2">
                {outcomeButtons
                  .filter((button) => button.when === payout.status)
                  .map((button) => (
                    <Button
                      key={button.outcome}
                      size="sm"
                      variant={button.outcome === 'success' ? 'primary' : 'secondary'}
                      isLoading={
                        settle.isPending &&
                        settle.variables.reference === payout.reference &&
                        settle.variables.outcome === button.outcome
                      }
                      disabled={settle.isPending}
                      onClick={() => {
                        setLastResult(null);
                        settle.mutate(
                          { reference: payout.reference, outcome: button.outcome },
                          {
                            onSuccess: (result) => {
                              setLastResult(
                                `${result.reference} is now ${result.status} (webhook status ${String(result.webhook_status)}).`,
                              );
                            },
                          },
                        );
                      }}
                    >
                      {button.label}
                    </Button>
                  ))}
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * Sandbox only: the bank on the other side of a withdrawal. Open accounts for name enquiry and
 * answer payouts as the bank would (success, failure, or a later reversal).
 */
export function BankAccountsPayoutsSection() {
  return (
    <section
      aria-labelledby="bank-payouts-heading"
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-900/5 sm:p-6"
    >
      <h2 id="bank-payouts-heading" className="text-lg font-semibold text-slate-900">
        Bank accounts and payouts
      </h2>
      <div className="mt-5 space-y-8 divide-slate-100">
        <OpenBankAccountForm />
        <div className="border-t border-slate-100 pt-6">
          <PayoutsList />
        </div>
      </div>
    </section>
  );
}
