import { useEffect, useId, useRef, useState } from 'react';
import type { z } from 'zod';
import type { BankAccount, withdrawQuoteSchema } from '@ajo/contracts/banks';
import type { Transaction } from '@ajo/contracts/wallet';
import { Button } from '../../../components/ui/button.tsx';
import {
  PinConfirmField,
  PinNotSetUpFront,
  usePinConfirm,
} from '../../../components/pin/pin-confirm.tsx';
import { FormErrorBanner } from '../../../components/ui/form-error-banner.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { AmountInput } from '../../../components/wallet/amount-input.tsx';
import {
  BankIcon,
  CheckCircleIcon,
  PlusIcon,
  XCircleIcon,
} from '../../../components/wallet/wallet-icons.tsx';
import { classNames } from '../../../lib/class-names.ts';
import { formatMoneyText, moneyTextToMinor } from '../../../lib/money-text.ts';
import { useBankAccounts } from '../api/bank-accounts.ts';
import { useTransaction } from '../api/get-transaction.ts';
import { useWithdraw, useWithdrawQuote } from '../api/withdraw.ts';
import { limitsHint, useQuotedAmount } from '../../../lib/use-quoted-amount.ts';
import { bankAccountLabel, maskAccountNumber } from '../utils/bank-display.ts';
import { balanceShortfall } from '../utils/withdraw-amount-check.ts';
import { AddBankAccountDialog } from './add-bank-account-dialog.tsx';
import { NestedDialogBoundary } from './nested-dialog-boundary.tsx';
import { QuoteSummary } from './quote-summary.tsx';
import { WithdrawAllLine } from './withdraw-all-line.tsx';
import { attemptKey, settleAttempt } from '../../../lib/money-attempts.ts';

type WithdrawQuote = z.output<typeof withdrawQuoteSchema>;

function AccountPicker({
  accounts,
  selectedId,
  onSelect,
  onAdd,
}: {
  accounts: readonly BankAccount[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  onAdd: () => void;
}) {
  const name = useId();
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-700">Send to</legend>
      <div className="mt-1.5 space-y-2">
        {accounts.map((account) => {
          const checked = account.id === selectedId;
          return (
            <label
              key={account.id}
              className={classNames(
                'flex cursor-pointer items-center gap-3 rounded-xl px-3.5 py-3 ring-1 ring-inset',
                checked ? 'bg-brand-50 ring-2 ring-brand-600' : 'bg-white ring-slate-300',
              )}
            >
              <input
                type="radio"
                name={name}
                value={account.id}
                checked={checked}
                onChange={() => {
                  onSelect(account.id);
                }}
                className="size-4 accent-brand-600"
              />
              <span className="min-w-0 flex-1">
                {/* A long bank name gives way; the last four digits always show. */}
                <span className="flex min-w-0 gap-1.5 text-sm">
                  <span className="truncate font-semibold text-slate-900">{account.bank_name}</span>
                  <span className="shrink-0 text-slate-600 tabular-nums">
                    {maskAccountNumber(account.account_number)}
                  </span>
                </span>
                <span className="block truncate text-xs text-slate-600">
                  {account.account_name}
                </span>
              </span>
            </label>
          );
        })}
      </div>
      <button
        type="button"
        onClick={onAdd}
        className="mt-2 inline-flex items-center gap-1.5 rounded text-sm font-semibold text-brand-700 hover:underline"
      >
        <PlusIcon className="size-4" />
        Add another account
      </button>
    </fieldset>
  );
}

function NoAccountPrompt({ onAdd }: { onAdd: () => void }) {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-5 py-8 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-600">
        <BankIcon className="size-6" />
      </span>
      <h3 className="mt-4 font-semibold text-slate-900">Add a bank account first</h3>
      <p className="mt-1 text-sm leading-6 text-slate-600">
        Withdrawals go to a bank account in your own name.
      </p>
      <Button className="mt-4" onClick={onAdd}>
        <PlusIcon className="size-4" />
        Add bank account
      </Button>
    </div>
  );
}

interface Confirming {
  quote: WithdrawQuote;
  account: BankAccount;
  idempotencyKey: string;
}

function ConfirmStep({
  confirming,
  onBack,
  onSent,
}: {
  confirming: Confirming;
  onBack: () => void;
  onSent: (transaction: Transaction) => void;
}) {
  const send = useWithdraw();
  const pin = usePinConfirm();
  const { quote, account } = confirming;
  const amount = formatMoneyText(quote.amount);
  const sendWithdrawal = () => {
    if (send.isPending) return;
    pin.confirm((value) => {
      send.mutate(
        {
          amountMinor: moneyTextToMinor(quote.amount),
          bankAccountId: account.id,
          idempotencyKey: confirming.idempotencyKey,
          pin: value,
        },
        {
          onSuccess: (result) => {
            settleAttempt('withdraw', confirming.idempotencyKey);
            onSent(result.transaction);
          },
          onError: (error) => {
            settleAttempt('withdraw', confirming.idempotencyKey, error);
            pin.onError(error);
          },
        },
      );
    });
  };
  return (
    <div className="space-y-5">
      <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-900/5">
        <h3 className="font-semibold text-slate-900">Confirm your withdrawal</h3>
        <p
          className="mt-3 text-base leading-7 text-slate-800"
          data-testid="withdraw-confirm-summary"
        >
          Send <strong className="font-semibold">{amount}</strong> to{' '}
          <strong className="font-semibold">{bankAccountLabel(account)}</strong> (
          {account.account_name})?
        </p>
        <p className="mt-2 text-sm leading-6 text-slate-600">
          {formatMoneyText(quote.fee)} fee, {formatMoneyText(quote.total)} leaves your wallet.
        </p>
      </div>
      <PinConfirmField pin={pin} disabled={send.isPending} onEnter={sendWithdrawal} />
      <FormErrorBanner message={pin.otherError(send.error)} />
      <div className="flex flex-col gap-3">
        <Button size="lg" isLoading={send.isPending} disabled={!pin.isSet} onClick={sendWithdrawal}>
          Send {amount}
        </Button>
        <Button variant="ghost" disabled={send.isPending} onClick={onBack}>
          Change details
        </Button>
      </div>
    </div>
  );
}

function SentStep({
  sent,
  onDone,
  onAnother,
}: {
  sent: { transaction: Transaction; account: BankAccount };
  onDone: () => void;
  onAnother: () => void;
}) {
  const status = useTransaction(sent.transaction.id);
  const transaction = status.data ?? sent.transaction;
  const resultRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // The Send button has gone with the confirmation: focus Done instead of losing it to the
    // page. The result is short, so the status above Done stays in sight.
    resultRef.current?.querySelector('button')?.focus();
  }, []);
  const amount = formatMoneyText(transaction.amount);
  const label = bankAccountLabel(sent.account);

  const content =
    transaction.status === 'pending'
      ? {
          icon: <Spinner className="size-7" />,
          tone: 'bg-brand-50 text-brand-600',
          title: 'Withdrawal on its way',
          text: `We will notify you when the bank confirms. ${amount} to ${label}.`,
        }
      : transaction.status === 'successful'
        ? {
            icon: <CheckCircleIcon className="size-7" />,
            tone: 'bg-emerald-50 text-emerald-600',
            title: 'Withdrawal successful',
            text: `${amount} has reached ${label}.`,
          }
        : {
            icon: <XCircleIcon className="size-7" />,
            tone: 'bg-red-50 text-red-600',
            title: transaction.status === 'reversed' ? 'Withdrawal reversed' : 'Withdrawal failed',
            text: `The bank did not accept the transfer to ${label}. The money is back in your wallet.`,
          };

  return (
    <div
      ref={resultRef}
      className="flex flex-col items-center py-6 text-center"
      role="status"
      aria-live="polite"
    >
      <span
        className={classNames(
          'flex size-14 items-center justify-center rounded-full',
          content.tone,
        )}
      >
        {content.icon}
      </span>
      <h3 className="mt-4 text-lg font-semibold text-slate-900" data-testid="withdraw-result">
        {content.title}
      </h3>
      <p className="mt-2 max-w-xs text-sm leading-6 text-slate-600">{content.text}</p>
      <div className="mt-6 flex w-full flex-col gap-3">
        <Button onClick={onDone}>Done</Button>
        <Button variant="ghost" onClick={onAnother}>
          Make another withdrawal
        </Button>
      </div>
    </div>
  );
}

/**
 * Withdraw: type an amount, choose one of the linked accounts, see the fee, total and what is
 * left of today's limit from the server, confirm, then follow the transfer until the bank
 * confirms it.
 */
export function WithdrawContent({ onDone }: { onDone: () => void }) {
  const accounts = useBankAccounts();
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [sent, setSent] = useState<{ transaction: Transaction; account: BankAccount } | null>(null);
  const {
    amountText,
    setAmountText,
    latestQuote,
    shownQuote,
    currentQuote,
    amountError: amountRefusal,
    quoteRead,
    isUpdating,
  } = useQuotedAmount(useWithdrawQuote);

  // Back to the form from the confirmation or the result (whose buttons went with them): the
  // amount takes focus, as it did when the panel opened.
  const formRef = useRef<HTMLFormElement>(null);
  const step = sent ? 'sent' : confirming ? 'confirm' : 'form';
  const previousStep = useRef(step);
  useEffect(() => {
    if (step === 'form' && previousStep.current !== 'form') {
      formRef.current?.querySelector('input')?.focus();
    }
    previousStep.current = step;
  }, [step]);

  // Amount plus fee above the available balance is stopped here, not after "Send". A fee that
  // could not be read is no fault of the amount: it shows above the summary, with Try again.
  const shortfall = currentQuote ? balanceShortfall(currentQuote) : undefined;
  const amountError = amountRefusal ?? shortfall;

  const accountList = accounts.data ?? [];
  // The first account is chosen until the person picks another (or the chosen one is removed).
  const selected =
    accountList.find((account) => account.id === chosenId) ?? accountList[0] ?? undefined;

  const addDialog = (
    <NestedDialogBoundary>
      <AddBankAccountDialog
        open={adding}
        onRequestClose={() => {
          setAdding(false);
        }}
        onLinked={(account) => {
          setChosenId(account.id);
        }}
      />
    </NestedDialogBoundary>
  );

  if (sent) {
    return (
      <div className="px-5 py-5">
        <SentStep
          sent={sent}
          onDone={onDone}
          onAnother={() => {
            setSent(null);
            setAmountText('');
          }}
        />
      </div>
    );
  }

  if (confirming) {
    return (
      <div className="px-5 py-5">
        <ConfirmStep
          confirming={confirming}
          onBack={() => {
            setConfirming(null);
          }}
          onSent={(transaction) => {
            setSent({ transaction, account: confirming.account });
            setConfirming(null);
          }}
        />
      </div>
    );
  }

  return (
    <div className="space-y-5 px-5 py-5">
      <PinNotSetUpFront />
      <form
        ref={formRef}
        noValidate
        aria-label="Withdraw"
        onSubmit={(event) => {
          event.preventDefault();
          if (currentQuote && selected && !shortfall) {
            setConfirming({
              quote: currentQuote,
              account: selected,
              idempotencyKey: attemptKey('withdraw'),
            });
          }
        }}
        className="space-y-5"
      >
        <AmountInput
          label="Amount"
          placeholder="0.00"
          value={amountText}
          onValueChange={setAmountText}
          error={amountError}
          hint={limitsHint(latestQuote, 'Sent to a bank account in your own name.', 'withdrawal')}
        />
        <WithdrawAllLine
          onWithdrawAll={(amount) => {
            // The server's decimal text ("29950.00") is what the box holds without grouping.
            setAmountText(amount.replace(/\.00$/, ''));
          }}
        />
        {accounts.isPending ? (
          <div className="flex justify-center py-6 text-brand-600">
            <Spinner label="Loading your bank accounts" />
          </div>
        ) : accounts.isError ? (
          <FormErrorBanner message={accounts.error.message} />
        ) : accountList.length === 0 ? (
          <NoAccountPrompt
            onAdd={() => {
              setAdding(true);
            }}
          />
        ) : (
          <AccountPicker
            accounts={accountList}
            selectedId={selected?.id ?? null}
            onSelect={setChosenId}
            onAdd={() => {
              setAdding(true);
            }}
          />
        )}
        {quoteRead.error ? <LoadFailed query={quoteRead} /> : null}
        <QuoteSummary
          quote={shownQuote}
          isUpdating={isUpdating}
          labels={{ amount: 'Amount to send', fee: 'Transfer fee', total: 'Leaves your wallet' }}
          testIds={{ fee: 'withdraw-fee', total: 'withdraw-total' }}
        >
          {shownQuote && shownQuote.daily_remaining !== null ? (
            <div className="flex justify-between gap-4 text-xs">
              <dt className="text-slate-500">Left of today&apos;s limit</dt>
              <dd className="text-slate-600 tabular-nums">
                {formatMoneyText(shownQuote.daily_remaining)}
              </dd>
            </div>
          ) : null}
        </QuoteSummary>
        <Button
          type="submit"
          size="lg"
          className="w-full"
          disabled={!currentQuote || !selected || shortfall !== undefined}
        >
          {isUpdating ? <Spinner className="size-4" /> : null}
          Continue
        </Button>
      </form>
      {addDialog}
    </div>
  );
}
