import { useRef, useState } from 'react';
import type { SavingsDuration } from '@ajo/contracts/savings';
import { currencyInputToMinor } from '@ajo/money/currency-input';
import { Button } from '../../../components/ui/button.tsx';
import { AmountInput } from '../../../components/wallet/amount-input.tsx';
import { lagosToday } from '../../../lib/dates.ts';
import { durationError, fixedAmountError } from '../utils/fixed-amount-check.ts';
import { estimateFixedPlan } from '../utils/fixed-plan-estimate.ts';
import { DurationSelect } from './duration-select.tsx';
import { FixedPlanEstimateSummary } from './fixed-plan-estimate.tsx';
import { WalletFunding } from '../../../components/wallet/wallet-funding.tsx';

export interface FixedPlanDraft {
  amountText: string;
  durationId: string;
}

/**
 * Step 1 of a new fixed plan: how much, for how long, from My Wallet, and what it should earn.
 * The amount is checked as it is typed and again on Continue, with the spec's words (section 5).
 */
export function FixedPlanAmountStep({
  draft,
  durations,
  onDraftChange,
  onContinue,
}: {
  draft: FixedPlanDraft;
  durations: readonly SavingsDuration[];
  onDraftChange: (draft: FixedPlanDraft) => void;
  onContinue: () => void;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const [continuePressed, setContinuePressed] = useState(false);
  const [amountMoment, setAmountMoment] = useState<'typing' | 'continue'>('typing');

  const amountError = fixedAmountError(draft.amountText, amountMoment);
  const durationMessage = continuePressed ? durationError(draft.durationId, durations) : undefined;
  const duration = durations.find((candidate) => candidate.id === draft.durationId);
  const amountMinor = currencyInputToMinor(draft.amountText);
  const estimate =
    duration && amountMinor !== null && fixedAmountError(draft.amountText, 'continue') === undefined
      ? estimateFixedPlan({
          principalMinor: amountMinor,
          ratePercent: duration.rate,
          days: duration.days,
          startDate: lagosToday(),
        })
      : undefined;

  return (
    <form
      ref={formRef}
      noValidate
      aria-label="Set a new fixed plan"
      className="space-y-5"
      onSubmit={(event) => {
        event.preventDefault();
        setContinuePressed(true);
        setAmountMoment('continue');
        const amountProblem = fixedAmountError(draft.amountText, 'continue');
        const durationProblem = durationError(draft.durationId, durations);
        if (amountProblem === undefined && durationProblem === undefined) {
          onContinue();
          return;
        }
        // Focus goes to the first field to fix, which reads its message out.
        const target = amountProblem
          ? formRef.current?.querySelector<HTMLInputElement>('input')
          : formRef.current?.querySelector<HTMLSelectElement>('select');
        target?.focus();
      }}
    >
      <p className="text-sm leading-6 text-slate-600">
        Earn up-to 10% per annum. Your money is locked away until the date you choose, then paid
        back to your wallet with interest.
      </p>
      <AmountInput
        label="Amount"
        placeholder="0.00"
        value={draft.amountText}
        onValueChange={(amountText) => {
          setAmountMoment('typing');
          onDraftChange({ ...draft, amountText });
        }}
        error={amountError}
        hint="Minimum ₦1,000. Type 50k for ₦50,000."
      />
      <DurationSelect
        durations={durations}
        value={draft.durationId}
        error={durationMessage}
        onChange={(durationId) => {
          onDraftChange({ ...draft, durationId });
        }}
        optionText={(option) => option.label}
        chosenHint={(chosen) => `${String(chosen.rate)}% per annum for ${chosen.label}.`}
      />
      <WalletFunding label="Funding source" amountMinor={amountMinor} />
      {estimate && duration ? (
        <FixedPlanEstimateSummary estimate={estimate} ratePercent={duration.rate} />
      ) : null}
      <Button type="submit" size="lg" className="w-full">
        Continue
      </Button>
    </form>
  );
}
