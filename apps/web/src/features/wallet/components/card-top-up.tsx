import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import type { depositQuoteSchema } from '@ajo/contracts/wallet';
import { currencyInputToMinor } from '@ajo/money/currency-input';
import { formatMinorAsDecimal, groupThousands } from '@ajo/money/format';
import { Button } from '../../../components/ui/button.tsx';
import { FormErrorBanner } from '../../../components/ui/form-error-banner.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { AmountInput } from '../../../components/wallet/amount-input.tsx';
import { ShieldIcon } from '../../../components/wallet/wallet-icons.tsx';
import { classNames } from '../../../lib/class-names.ts';
import { FUND_AMOUNT_PARAM } from '../../../lib/fund-account.ts';
import { formatMoneyText, moneyTextToMinor } from '../../../lib/money-text.ts';
import { useDepositQuote } from '../api/get-deposit-quote.ts';
import { useStartCardDeposit } from '../api/start-card-deposit.ts';
import { limitsHint, useQuotedAmount } from '../../../lib/use-quoted-amount.ts';
import { QuoteSummary } from './quote-summary.tsx';

type DepositQuote = z.output<typeof depositQuoteSchema>;

const quickAmountsMajor = ['1000', '5000', '10000', '20000'] as const;

/** Only a real web page is followed, whatever the server answered. */
function isWebAddress(address: string): boolean {
  try {
    const { protocol } = new URL(address);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

interface ConfirmStepProps {
  quote: DepositQuote;
  idempotencyKey: string;
  onBack: () => void;
}

/** The last look before paying: what the card is charged and what the wallet receives. */
function ConfirmStep({ quote, idempotencyKey, onBack }: ConfirmStepProps) {
  const start = useStartCardDeposit();
  const [redirecting, setRedirecting] = useState(false);
  const [unsafeAddress, setUnsafeAddress] = useState(false);
  const total = formatMoneyText(quote.total);

  const pay = () => {
    start.mutate(
      { amountMinor: moneyTextToMinor(quote.amount), idempotencyKey },
      {
        onSuccess: (checkout) => {
          if (!isWebAddress(checkout.authorization_url)) {
            setUnsafeAddress(true);
            return;
          }
          setRedirecting(true);
          window.location.assign(checkout.authorization_url);
        },
      },
    );
  };

  return (
    <div className="space-y-5">
      <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-900/5">
        <h3 className="font-semibold text-slate-900">Confirm your top-up</h3>
        <p className="mt-3 text-base leading-7 text-slate-800" data-testid="confirm-summary">
          You will pay <strong className="font-semibold">{total}</strong> (
          {formatMoneyText(quote.amount)} + {formatMoneyText(quote.fee)} fee)
        </p>
        <p className="mt-2 text-sm leading-6 text-slate-600">
          {formatMoneyText(quote.amount)} will be added to your wallet once the payment is
          confirmed.
        </p>
      </div>
      <p className="flex items-start gap-2.5 text-sm leading-6 text-slate-600">
        <ShieldIcon className="mt-0.5 size-5 shrink-0 text-emerald-600" />
        You will enter your card details on our payment partner&apos;s secure page, then come back
        here.
      </p>
      <FormErrorBanner
        message={
          unsafeAddress
            ? 'We could not open the payment page. Nothing was charged; please try again later.'
            : start.error?.message
        }
      />
      <div className="flex flex-col gap-3">
        <Button size="lg" isLoading={start.isPending || redirecting} onClick={pay}>
          {redirecting ? 'Opening secure checkout…' : `Pay ${total}`}
        </Button>
        <Button variant="ghost" disabled={start.isPending || redirecting} onClick={onBack}>
          Change amount
        </Button>
      </div>
    </div>
  );
}

/**
 * Card top-up: type an amount, see the fee and total from the server, confirm, then go to the
 * payment partner's checkout. The server's own limits and messages are shown as they come, at
 * the amount; a fee that could not be read is no fault of the amount, so it shows above the
 * total with Try again.
 */
export function CardTopUp() {
  const [searchParams] = useSearchParams();
  // An amount carried back from a failed payment ("2000.00"), when it reads as naira.
  const carried = searchParams.get(FUND_AMOUNT_PARAM) ?? '';
  const [confirming, setConfirming] = useState<{ quote: DepositQuote; key: string } | null>(null);
  const {
    amountText,
    setAmountText,
    amountMinor,
    latestQuote,
    shownQuote,
    currentQuote,
    amountError,
    quoteRead,
    isUpdating,
  } = useQuotedAmount(
    useDepositQuote,
    currencyInputToMinor(carried) === null ? '' : carried.replace(/\.00$/, ''),
  );

  if (confirming) {
    return (
      <ConfirmStep
        quote={confirming.quote}
        idempotencyKey={confirming.key}
        onBack={() => {
          setConfirming(null);
        }}
      />
    );
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (currentQuote) setConfirming({ quote: currentQuote, key: crypto.randomUUID() });
      }}
      className="space-y-5"
    >
      <AmountInput
        label="Amount"
        placeholder="0.00"
        value={amountText}
        onValueChange={setAmountText}
        error={amountError}
        hint={limitsHint(latestQuote, 'Paid with any Nigerian debit card.', 'deposit')}
      />
      <div className="grid grid-cols-4 gap-2" role="group" aria-label="Suggested amounts">
        {quickAmountsMajor.map((major) => (
          <button
            key={major}
            type="button"
            onClick={() => {
              setAmountText(major);
            }}
            className={classNames(
              'rounded-full px-1 py-1.5 text-sm font-semibold tabular-nums ring-1 ring-inset',
              amountMinor !== null && formatMinorAsDecimal(amountMinor) === `${major}.00`
                ? 'bg-brand-600 text-white ring-brand-600'
                : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50',
            )}
          >
            ₦{groupThousands(major)}
          </button>
        ))}
      </div>
      {quoteRead.error ? <LoadFailed query={quoteRead} /> : null}
      <QuoteSummary
        quote={shownQuote}
        isUpdating={isUpdating}
        labels={{ amount: 'Amount to add', fee: 'Card processing fee', total: 'You pay' }}
        testIds={{ total: 'quote-total' }}
      />
      <Button type="submit" size="lg" className="w-full" disabled={!currentQuote}>
        {isUpdating ? <Spinner className="size-4" /> : null}
        Continue
      </Button>
    </form>
  );
}
