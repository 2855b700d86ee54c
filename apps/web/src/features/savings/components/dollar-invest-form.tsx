import { useRef, useState } from 'react';
import { dollarInvestmentMessages } from '@ajo/contracts/dollar';
import type { SavingsDuration } from '@ajo/contracts/savings';
import { currencyInputToMinor } from '@ajo/money/currency-input';
import { formatMoney } from '@ajo/money/format';
import { Button } from '../../../components/ui/button.tsx';
import { AmountInput } from '../../../components/wallet/amount-input.tsx';
import { dollarAmountError, type DollarAmountMoment } from '../utils/dollar-investments.ts';
import { DurationSelect } from './duration-select.tsx';

export interface DollarInvestDraft {
  amountText: string;
  durationId: string;
}

/**
 * Panel step 1, the invest form: dollars (the product's minimum, $50, at least) and a duration.
 * Continue shows the quote to confirm.
 */
export function DollarInvestForm({
  draft,
  durations,
  minimumMinor,
  onDraftChange,
  onContinue,
  onBack,
}: {
  draft: DollarInvestDraft;
  durations: readonly SavingsDuration[];
  minimumMinor: bigint;
  onDraftChange: (draft: DollarInvestDraft) => void;
  onContinue: (amountMinor: bigint, duration: SavingsDuration) => void;
  onBack: () => void;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const [moment, setMoment] = useState<DollarAmountMoment>('typing');
  const [submitted, setSubmitted] = useState(false);
  const amountError = dollarAmountError(draft.amountText, moment, minimumMinor);
  const duration = durations.find((candidate) => candidate.id === draft.durationId);
  const durationError = submitted && !duration ? dollarInvestmentMessages.noDuration : undefined;
  return (
    <form
      ref={formRef}
      noValidate
      aria-label="Invest in dollars"
      className="space-y-5"
      onSubmit={(event) => {
        event.preventDefault();
        setSubmitted(true);
        setMoment('submit');
        const amountMinor = currencyInputToMinor(draft.amountText);
        const amountProblem = dollarAmountError(draft.amountText, 'submit', minimumMinor);
        if (amountProblem === undefined && amountMinor !== null && duration) {
          onContinue(amountMinor, duration);
          return;
        }
        const field = amountProblem
          ? formRef.current?.querySelector<HTMLInputElement>('input')
          : formRef.current?.querySelector<HTMLSelectElement>('select');
        field?.focus();
      }}
    >
      <p className="text-sm leading-6 text-slate-600">
        Buy dollars with naira from your wallet and invest them. Your dollars and their interest
        come to your dollar wallet on the due date.
      </p>
      <AmountInput
        label="Amount in dollars"
        currencySymbol="$"
        placeholder="0.00"
        value={draft.amountText}
        onValueChange={(amountText) => {
          setMoment('typing');
          onDraftChange({ ...draft, amountText });
        }}
        error={amountError}
        hint={`Minimum ${formatMoney(minimumMinor, 'USD')}.`}
      />
      <DurationSelect
        durations={durations}
        value={draft.durationId}
        error={durationError}
        onChange={(durationId) => {
          onDraftChange({ ...draft, durationId });
        }}
        optionText={(option) => `${option.label} · ${String(option.rate)}% per annum`}
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
