import { useRef, useState } from 'react';
import { addMonths, type SavingsProduct } from '@ajo/contracts/savings';
import { currencyInputToMinor } from '@ajo/money/currency-input';
import { formatMinorAsDecimal } from '@ajo/money/format';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { AmountInput } from '../../../components/wallet/amount-input.tsx';
import { collectionPlanOf, formatNairaShort, scheduleText } from '../utils/target-schedule.ts';
import { scheduleErrors, scheduleNotice, type TargetDraft } from '../utils/target-wizard.ts';
import { TargetNotice, TargetSelect } from './target-form-fields.tsx';

type Meta = SavingsProduct['meta'];

/** What the instalments add up to, said under the amount: the schedule, and the gap if any. */
function ScheduleHint({ draft }: { draft: TargetDraft }) {
  const plan = collectionPlanOf(draft);
  if (!plan || draft.frequency === '' || draft.collectionMethod === '') return null;
  const targetMinor = currencyInputToMinor(draft.amountText) ?? 0n;
  const reachedMinor = plan.amountMinor * BigInt(plan.dueDates.length);
  return (
    <span data-testid="target-schedule">
      {scheduleText(plan, draft.frequency)}
      {draft.collectionMethod === 'automatic'
        ? ', collected from your wallet.'
        : reachedMinor < targetMinor
          ? `: ${formatNairaShort(reachedMinor)} of your ${formatNairaShort(targetMinor)} target.`
          : '.'}
    </span>
  );
}

/**
 * Step 1, 'You're almost done': the dates, the collection method and the amount per instalment.
 * Automatic plans show the amount the server will collect (the contract's own arithmetic) in a
 * box that cannot be typed in. Continue checks the fields and raises the spec's notices.
 */
export function TargetScheduleStep({
  draft,
  meta,
  today,
  onDraftChange,
  onContinue,
  onBack,
}: {
  draft: TargetDraft;
  meta: Meta;
  today: string;
  onDraftChange: (draft: TargetDraft) => void;
  onContinue: () => void;
  onBack: () => void;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const [submitted, setSubmitted] = useState(false);
  const errors = submitted ? scheduleErrors(draft) : {};
  const notice = submitted ? scheduleNotice(draft, today) : undefined;
  const automatic = draft.collectionMethod === 'automatic';
  const plan = collectionPlanOf(draft);
  const computedText = automatic && plan ? formatMinorAsDecimal(plan.amountMinor) : '';

  return (
    <form
      ref={formRef}
      noValidate
      aria-label="Schedule your target"
      className="space-y-5"
      onSubmit={(event) => {
        event.preventDefault();
        setSubmitted(true);
        const [firstInError] = Object.keys(scheduleErrors(draft));
        if (firstInError === undefined && scheduleNotice(draft, today) === undefined) {
          onContinue();
          return;
        }
        // The first field to fix, else the start date (every notice is about the dates).
        formRef.current
          ?.querySelector<HTMLElement>(`[name="${firstInError ?? 'startDate'}"]`)
          ?.focus();
      }}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          name="startDate"
          label="Start Date"
          type="date"
          min={today}
          value={draft.startDate}
          error={errors.startDate}
          onChange={(event) => {
            onDraftChange({ ...draft, startDate: event.target.value });
          }}
        />
        <TextField
          name="endDate"
          label="End Date"
          type="date"
          min={draft.startDate === '' ? today : addMonths(draft.startDate, 1)}
          value={draft.endDate}
          error={errors.endDate}
          hint={draft.endDate === '' ? 'Your withdrawal date: at least a month away.' : undefined}
          onChange={(event) => {
            onDraftChange({ ...draft, endDate: event.target.value });
          }}
        />
      </div>
      <TargetSelect
        name="collectionMethod"
        label="Select Collection method"
        placeholder="Choose a method"
        options={meta.collection_methods ?? []}
        value={draft.collectionMethod}
        error={errors.collectionMethod}
        hint={
          automatic
            ? 'We collect each instalment from your wallet on its due date.'
            : draft.collectionMethod === 'manual'
              ? 'You top up the target yourself, whenever you like.'
              : undefined
        }
        onChange={(method) => {
          onDraftChange({
            ...draft,
            collectionMethod: method === 'automatic' || method === 'manual' ? method : '',
          });
        }}
      />
      <AmountInput
        name="collectionAmountText"
        label="How much do you want to deposit manually?"
        placeholder={automatic ? 'Worked out from your dates' : '0.00'}
        disabled={automatic}
        value={automatic ? computedText : draft.collectionAmountText}
        error={errors.collectionAmountText}
        hint={
          plan && draft.frequency !== '' && draft.collectionMethod !== '' ? (
            <ScheduleHint draft={draft} />
          ) : undefined
        }
        onValueChange={(collectionAmountText) => {
          onDraftChange({ ...draft, collectionAmountText });
        }}
      />
      <TargetNotice message={notice} testId="target-schedule-notice" />
      <div className="flex flex-col-reverse gap-3 sm:flex-row">
        <Button variant="ghost" size="lg" className="sm:flex-1" onClick={onBack}>
          Back
        </Button>
        <Button type="submit" size="lg" className="sm:flex-[2]">
          Continue
        </Button>
      </div>
    </form>
  );
}
