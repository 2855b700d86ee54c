import { useRef, useState } from 'react';
import { currencyInputToMinor } from '@ajo/money/currency-input';
import { formatMoney } from '@ajo/money/format';
import { targetSavingsMessages, type SavingsProduct } from '@ajo/contracts/savings';
import { Button } from '../../../components/ui/button.tsx';
import { FormErrorBanner } from '../../../components/ui/form-error-banner.tsx';
import { WalletFunding } from '../../../components/wallet/wallet-funding.tsx';
import { frequencyLabel } from '../utils/target-display.ts';
import { formatTargetDate } from '../utils/target-dates.ts';
import { collectionPlanOf, rateForTerm, scheduleText } from '../utils/target-schedule.ts';
import { agreementError, type TargetDraft } from '../utils/target-wizard.ts';
import { AgreementBox } from './agreement-box.tsx';
import { EarningsSummary } from './earnings-summary.tsx';
import { TargetNotice } from './target-form-fields.tsx';

type Meta = SavingsProduct['meta'];

/** The spec's agreement (section 9): interest forfeited if the target is missed. */
export function forfeitAgreementText(targetMinor: bigint, withdrawalDate: string): string {
  return `I agree that if my target of ${formatMoney(targetMinor, 'NGN')} is not met by the withdrawal date (${formatTargetDate(withdrawalDate)}), the interest on it is forfeited and only my deposits are paid back.`;
}

/** The spec's agreement (section 9): breaking early loses the interest and costs 1%. */
export const BREAKAGE_AGREEMENT_TEXT =
  'I understand that breaking this target before the withdrawal date loses all the interest accrued and bears a 1% payment gateway charge on my deposits.';

/**
 * Step 2, 'You're almost done': the target at a glance, the two agreements and Create Target.
 * Unticked boxes say 'Confirm agreement to continue' and the form 'Agree to terms to create
 * target'; a refusal shows the server's words.
 */
export function TargetAgreementStep({
  draft,
  meta,
  isSubmitting,
  failure,
  onSubmit,
  onBack,
}: {
  draft: TargetDraft;
  meta: Meta;
  isSubmitting: boolean;
  failure: string | undefined;
  onSubmit: () => void;
  onBack: () => void;
}) {
  const firstBoxRef = useRef<HTMLInputElement>(null);
  const [forfeit, setForfeit] = useState(false);
  const [breakage, setBreakage] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const targetMinor = currencyInputToMinor(draft.amountText) ?? 0n;
  const plan = collectionPlanOf(draft);
  const rate = rateForTerm(meta.durations, draft.startDate, draft.endDate);
  const category = meta.categories?.find((option) => option.id === draft.categoryId)?.label;
  const method = meta.collection_methods?.find((option) => option.id === draft.collectionMethod);
  const agreed = forfeit && breakage;

  return (
    <form
      noValidate
      aria-label="Confirm your target"
      className="space-y-5"
      onSubmit={(event) => {
        event.preventDefault();
        setSubmitted(true);
        if (!agreed) {
          firstBoxRef.current?.focus();
          return;
        }
        onSubmit();
      }}
    >
      <EarningsSummary
        title={draft.reason.trim()}
        note={category}
        rows={[
          {
            label: 'Target',
            value: formatMoney(targetMinor, 'NGN'),
            testId: 'confirm-target',
          },
          {
            label: 'Frequency',
            value: frequencyLabel(draft.frequency, meta.collection_frequencies),
          },
          { label: 'Start date', value: formatTargetDate(draft.startDate) },
          { label: 'Withdrawal date', value: formatTargetDate(draft.endDate) },
          { label: 'Collection', value: method?.label ?? draft.collectionMethod },
          ...(plan && draft.frequency !== ''
            ? [
                {
                  label: 'Instalments',
                  value: scheduleText(plan, draft.frequency),
                  testId: 'confirm-schedule',
                },
              ]
            : []),
          ...(rate === undefined
            ? []
            : [
                {
                  label: 'Interest',
                  value: `${String(rate)}% per annum`,
                  emphasis: true,
                  testId: 'confirm-rate',
                },
              ]),
        ]}
      />
      {draft.collectionMethod === 'automatic' && plan ? (
        // Each instalment is taken from the wallet: short of the first, say so before it is due.
        <WalletFunding label="Instalments are collected from" amountMinor={plan.amountMinor} />
      ) : null}
      <AgreementBox
        inputRef={firstBoxRef}
        text={forfeitAgreementText(targetMinor, draft.endDate)}
        checked={forfeit}
        error={submitted ? agreementError(forfeit) : undefined}
        onChange={setForfeit}
      />
      <AgreementBox
        text={BREAKAGE_AGREEMENT_TEXT}
        checked={breakage}
        error={submitted ? agreementError(breakage) : undefined}
        onChange={setBreakage}
      />
      <TargetNotice
        message={submitted && !agreed ? targetSavingsMessages.agreementAtSubmit : undefined}
        testId="target-agreement-notice"
      />
      <FormErrorBanner message={failure} />
      <div className="flex flex-col-reverse gap-3 sm:flex-row">
        <Button
          variant="ghost"
          size="lg"
          className="sm:flex-1"
          disabled={isSubmitting}
          onClick={onBack}
        >
          Back
        </Button>
        <Button type="submit" size="lg" className="sm:flex-[2]" isLoading={isSubmitting}>
          Create Target
        </Button>
      </div>
    </form>
  );
}
