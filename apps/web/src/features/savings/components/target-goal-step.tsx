import { useRef, useState } from 'react';
import type { SavingsProduct } from '@ajo/contracts/savings';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { AmountInput } from '../../../components/wallet/amount-input.tsx';
import { goalErrors, type TargetDraft } from '../utils/target-wizard.ts';
import { TargetCategoryTiles } from './target-category-tiles.tsx';
import { TargetSelect } from './target-form-fields.tsx';

type Meta = SavingsProduct['meta'];

/**
 * Step 0, 'Create a Target': what for, which category, how often, how much. Submit keeps the
 * values and moves on; the spec's words say what is missing (section 5).
 */
export function TargetGoalStep({
  draft,
  meta,
  onDraftChange,
  onSubmit,
}: {
  draft: TargetDraft;
  meta: Meta;
  onDraftChange: (draft: TargetDraft) => void;
  onSubmit: () => void;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const [submitted, setSubmitted] = useState(false);
  const errors = submitted ? goalErrors(draft) : {};
  return (
    <form
      ref={formRef}
      noValidate
      aria-label="Create a Target"
      className="space-y-5"
      onSubmit={(event) => {
        event.preventDefault();
        setSubmitted(true);
        const [firstInError] = Object.keys(goalErrors(draft));
        if (firstInError === undefined) {
          onSubmit();
          return;
        }
        // Focus goes to the first field to fix, which reads its message out.
        formRef.current?.querySelector<HTMLElement>(`[name="${firstInError}"]`)?.focus();
      }}
    >
      <TextField
        name="reason"
        label="What are you saving for ?"
        placeholder="My House Rent"
        maxLength={60}
        autoComplete="off"
        value={draft.reason}
        error={errors.reason}
        onChange={(event) => {
          onDraftChange({ ...draft, reason: event.target.value });
        }}
      />
      <TargetCategoryTiles
        categories={meta.categories ?? []}
        value={draft.categoryId}
        error={errors.categoryId}
        onChange={(categoryId) => {
          onDraftChange({ ...draft, categoryId });
        }}
      />
      <TargetSelect
        name="frequency"
        label="Set Savings Frequency"
        placeholder="Choose how often"
        options={meta.collection_frequencies ?? []}
        value={draft.frequency}
        error={errors.frequency}
        onChange={(frequency) => {
          onDraftChange({
            ...draft,
            frequency: frequency === 'WEEKLY' || frequency === 'MONTHLY' ? frequency : '',
          });
        }}
      />
      <AmountInput
        name="amountText"
        label="What is your target amount ?"
        placeholder="0.00"
        value={draft.amountText}
        error={errors.amountText}
        hint="At least ₦2,000. Type 500k for ₦500,000."
        onValueChange={(amountText) => {
          onDraftChange({ ...draft, amountText });
        }}
      />
      <Button type="submit" size="lg" className="w-full">
        Submit
      </Button>
    </form>
  );
}
