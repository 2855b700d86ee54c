import { useRef, useState } from 'react';
import { currencyInputToMinor } from '@ajo/money/currency-input';
import { formatMoney } from '@ajo/money/format';
import { Button } from '../../../components/ui/button.tsx';
import { AmountInput } from '../../../components/wallet/amount-input.tsx';
import { dollarWithdrawError } from '../utils/dollar-investments.ts';

/**
 * "Make a Withdrawal": how many dollars to move from the dollar wallet to the naira wallet. The
 * sell quote is shown next, before anything moves.
 */
export function DollarWithdrawForm({
  amountText,
  availableMinor,
  onAmountChange,
  onContinue,
  onBack,
}: {
  amountText: string;
  availableMinor: bigint;
  onAmountChange: (amountText: string) => void;
  onContinue: (amountMinor: bigint) => void;
  onBack: () => void;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const [submitted, setSubmitted] = useState(false);
  const error = submitted ? dollarWithdrawError(amountText, availableMinor) : undefined;
  return (
    <form
      ref={formRef}
      noValidate
      aria-label="Make a Withdrawal"
      className="space-y-5"
      onSubmit={(event) => {
        event.preventDefault();
        setSubmitted(true);
        const amountMinor = currencyInputToMinor(amountText);
        if (dollarWithdrawError(amountText, availableMinor) === undefined && amountMinor !== null) {
          onContinue(amountMinor);
          return;
        }
        formRef.current?.querySelector('input')?.focus();
      }}
    >
      <p className="text-sm leading-6 text-slate-600">
        Move dollars from your dollar wallet to your naira wallet at today&apos;s sell rate.
      </p>
      <div className="flex items-center justify-between rounded-xl bg-slate-50 px-4 py-3 text-sm ring-1 ring-slate-200 ring-inset">
        <span className="text-slate-600">In your dollar wallet</span>
        <span
          className="font-semibold text-slate-900 tabular-nums"
          data-testid="withdraw-available"
        >
          {formatMoney(availableMinor, 'USD')}
        </span>
      </div>
      <AmountInput
        label="Amount in dollars"
        currencySymbol="$"
        placeholder="0.00"
        value={amountText}
        onValueChange={onAmountChange}
        error={error}
      />
      <div className="flex flex-col gap-3">
        <Button type="submit" size="lg">
          See the rate
        </Button>
        <Button variant="ghost" onClick={onBack}>
          Back
        </Button>
      </div>
    </form>
  );
}
