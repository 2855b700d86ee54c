import { useRef, useState, type ReactNode } from 'react';
import { currencyInputToMinor } from '@ajo/money/currency-input';
import { Button } from '../../../components/ui/button.tsx';
import { AmountInput } from '../../../components/wallet/amount-input.tsx';
import { cardAmountError, type AmountBounds, type AmountMoment } from '../utils/card-amount.ts';

/**
 * Dollars to put on or take off a card. Continue asks for the quote (the next step shows it);
 * nothing moves here.
 */
export function CardAmountForm({
  label,
  intro,
  amountText,
  bounds,
  hint,
  submitLabel,
  onAmountChange,
  onContinue,
  onBack,
}: {
  label: string;
  intro: ReactNode;
  amountText: string;
  bounds: AmountBounds;
  hint: ReactNode;
  submitLabel: string;
  onAmountChange: (amountText: string) => void;
  onContinue: (amountMinor: bigint) => void;
  onBack?: () => void;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const [moment, setMoment] = useState<AmountMoment>('typing');
  const error = cardAmountError(amountText, moment, bounds);
  return (
    <form
      ref={formRef}
      noValidate
      aria-label={label}
      className="space-y-5"
      onSubmit={(event) => {
        event.preventDefault();
        setMoment('submit');
        const amountMinor = currencyInputToMinor(amountText);
        if (cardAmountError(amountText, 'submit', bounds) === undefined && amountMinor !== null) {
          onContinue(amountMinor);
          return;
        }
        formRef.current?.querySelector<HTMLInputElement>('input')?.focus();
      }}
    >
      <div className="text-sm leading-6 text-slate-600">{intro}</div>
      <AmountInput
        label="Amount in dollars"
        currencySymbol="$"
        placeholder="0.00"
        value={amountText}
        onValueChange={(text) => {
          setMoment('typing');
          onAmountChange(text);
        }}
        error={error}
        hint={hint}
      />
      <div className="flex flex-col gap-3">
        <Button type="submit" size="lg">
          {submitLabel}
        </Button>
        {onBack ? (
          <Button variant="ghost" onClick={onBack}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
