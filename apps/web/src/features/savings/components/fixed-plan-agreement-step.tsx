import { useEffect, useId, useRef, useState } from 'react';
import { fixedSavingsMessages, type SavingsDuration } from '@ajo/contracts/savings';
import { formatMoney } from '@ajo/money/format';
import { AlertIcon } from '../../../components/ui/icons.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { formatBusinessDate } from '../../../lib/dates.ts';
import type { FixedPlanEstimate } from '../utils/fixed-plan-estimate.ts';
import { AgreementBox } from './agreement-box.tsx';
import { EarningsSummary } from './earnings-summary.tsx';

export const AGREEMENT_TEXT =
  'I hereby agree that this amount is fixed and cannot be accessed until the set withdrawal date.';

/** The spec's failure text: 'error: ' and the server's words, as they came (section 4). */
function FailureBanner({ message }: { message: string | undefined }) {
  if (message === undefined) return null;
  return (
    <div
      role="alert"
      className="flex items-start gap-3 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
    >
      <AlertIcon className="mt-0.5 size-5 shrink-0 text-red-600" />
      <p data-testid="fixed-plan-error">error: {message}</p>
    </div>
  );
}

/** What the terms say, in plain words, before the person agrees to them. */
function TermsOfService({ duration }: { duration: SavingsDuration }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl bg-white p-4 text-sm ring-1 ring-slate-200 sm:p-5"
    >
      <h3 id={headingId} className="font-semibold text-slate-900">
        Terms of Service
      </h3>
      <ul className="mt-2 list-disc space-y-1.5 pl-5 leading-6 text-slate-600">
        <li>Your money is locked for {duration.label} and cannot be withdrawn or broken early.</li>
        <li>
          Interest of {String(duration.rate)}% per annum is earned every day and paid with your
          principal on the maturity date.
        </li>
        <li>10% withholding tax is deducted from the interest, as the law requires.</li>
        <li>On the maturity date, principal and net interest go straight to your wallet.</li>
      </ul>
    </section>
  );
}

/**
 * Step 2: the plan at a glance, the terms, the agreement box and Fix Amount. Unticked, the box
 * says 'Kindly tick the checkbox to proceed'; a refusal shows 'error: ' and the server's reason.
 */
export function FixedPlanAgreementStep({
  amountMinor,
  duration,
  estimate,
  isSubmitting,
  failure,
  onSubmit,
  onBack,
}: {
  amountMinor: bigint;
  duration: SavingsDuration;
  estimate: FixedPlanEstimate;
  isSubmitting: boolean;
  failure: string | undefined;
  onSubmit: () => void;
  onBack: () => void;
}) {
  const checkboxRef = useRef<HTMLInputElement>(null);
  const [agreed, setAgreed] = useState(false);
  const [showAgreementError, setShowAgreementError] = useState(false);

  useEffect(() => {
    checkboxRef.current?.focus();
  }, []);

  return (
    <form
      noValidate
      aria-label="Confirm your fixed plan"
      className="space-y-5"
      onSubmit={(event) => {
        event.preventDefault();
        if (!agreed) {
          setShowAgreementError(true);
          checkboxRef.current?.focus();
          return;
        }
        onSubmit();
      }}
    >
      <p className="text-sm leading-6 text-slate-600">
        Check your plan, read the terms and tick the box to fix your money.
      </p>
      <EarningsSummary
        title="Your plan"
        note="Estimated"
        rows={[
          {
            label: 'Amount to fix',
            value: formatMoney(amountMinor, 'NGN'),
            testId: 'confirm-amount',
          },
          { label: 'Duration', value: duration.label },
          { label: 'Interest rate', value: `${String(duration.rate)}% per annum` },
          { label: 'Maturity date', value: formatBusinessDate(estimate.maturityDate) },
          {
            label: 'Net interest (after 10% tax)',
            value: formatMoney(estimate.netInterestMinor, 'NGN'),
          },
          {
            label: 'You get at maturity',
            value: formatMoney(estimate.payoutMinor, 'NGN'),
            emphasis: true,
          },
        ]}
      />
      <TermsOfService duration={duration} />
      <AgreementBox
        inputRef={checkboxRef}
        text={AGREEMENT_TEXT}
        checked={agreed}
        error={showAgreementError && !agreed ? fixedSavingsMessages.agreement : undefined}
        onChange={setAgreed}
      />
      <FailureBanner message={failure} />
      <div className="flex flex-col gap-3">
        <Button type="submit" size="lg" isLoading={isSubmitting}>
          Fix Amount
        </Button>
        <Button variant="ghost" disabled={isSubmitting} onClick={onBack}>
          Change details
        </Button>
      </div>
    </form>
  );
}
