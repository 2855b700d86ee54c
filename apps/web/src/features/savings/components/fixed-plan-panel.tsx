import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { SavingRecord } from '@ajo/contracts/savings';
import { currencyInputToMinor } from '@ajo/money/currency-input';
import { FormErrorBanner } from '../../../components/ui/form-error-banner.tsx';
import { useReadFailure } from '../../../components/ui/load-failed.tsx';
import { RetryButton } from '../../../components/ui/retry-button.tsx';
import { SidePanel } from '../../../components/ui/side-panel.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { lagosToday } from '../../../lib/dates.ts';
import { attemptKey, moneyErrorMessage, settleAttempt } from '../../../lib/money-attempts.ts';
import { useCreateFixedSaving } from '../api/create-fixed-saving.ts';
import { useSavingsProduct } from '../api/get-savings-products.ts';
import { estimateFixedPlan } from '../utils/fixed-plan-estimate.ts';
import { FIXED_PLAN_PANEL_ID } from '../utils/fixed-plan-location.ts';
import { FixedPlanAgreementStep } from './fixed-plan-agreement-step.tsx';
import { FixedPlanAmountStep, type FixedPlanDraft } from './fixed-plan-amount-step.tsx';
import { FixedPlanCreated } from './fixed-plan-created.tsx';
import { readFailureMessage } from '../../../lib/read-failure.ts';

type Step =
  | { kind: 'amount' }
  /**
   * One idempotency key per confirmation: a retried Fix Amount cannot fix the money twice. After
   * an answer that was lost, the next confirmation keeps the key whatever changed (money-attempts).
   */
  | { kind: 'agreement'; idempotencyKey: string }
  | { kind: 'created'; record: SavingRecord };

const titles: Record<Step['kind'], string> = {
  amount: 'Set a new fixed plan',
  agreement: "You're almost done",
  created: 'Plan created',
};

/** The flow's name for money-attempts.ts. */
const FIXED_PLAN_FLOW = 'fixed-plan';

const emptyDraft: FixedPlanDraft = { amountText: '', durationId: '' };

/** The durations are on their way, or could not be read: say so, with a way to try again. */
function CatalogueNotReady({ fixed }: { fixed: ReturnType<typeof useSavingsProduct> }) {
  const failure = useReadFailure(fixed);
  if (fixed.isPending && !failure.shown) {
    return (
      <div className="flex justify-center py-12 text-brand-600">
        <Spinner label="Loading plan durations" />
      </div>
    );
  }
  return (
    <div className="space-y-3">
      <FormErrorBanner
        message={
          failure.error
            ? readFailureMessage(failure.error)
            : 'Fixed savings are not available right now'
        }
      />
      <RetryButton busy={fixed.isFetching} onRetry={failure.retry} />
    </div>
  );
}

/**
 * "Set a new fixed plan", opened by `?a=fixed plan`: a bottom sheet on phones, a right-hand panel
 * from 1280 px (SidePanel). Step 1 takes the amount and duration, step 2 the agreement; while Fix
 * Amount is on its way the panel stays open, since its answer is shown here.
 */
export function FixedPlanPanel() {
  const [searchParams] = useSearchParams();
  const open = searchParams.get('a') === FIXED_PLAN_PANEL_ID;
  const fixed = useSavingsProduct('fixed');
  const create = useCreateFixedSaving();
  const [step, setStep] = useState<Step>({ kind: 'amount' });
  const [draft, setDraft] = useState<FixedPlanDraft>(emptyDraft);
  // Closing the panel starts the next plan from scratch.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (!open) {
      setStep({ kind: 'amount' });
      setDraft(emptyDraft);
    }
  }
  // The last attempt's refusal is not the next plan's: forget it once the panel has closed.
  const resetCreate = create.reset;
  useEffect(() => {
    if (!open) resetCreate();
  }, [open, resetCreate]);

  const durations = fixed.product?.meta.durations ?? [];
  const duration = durations.find((candidate) => candidate.id === draft.durationId);
  const amountMinor = currencyInputToMinor(draft.amountText);

  const body = (close: () => void) => {
    if (step.kind === 'created') return <FixedPlanCreated record={step.record} onDone={close} />;
    if (!fixed.product) return <CatalogueNotReady fixed={fixed} />;
    if (step.kind === 'agreement' && duration && amountMinor !== null) {
      const estimate = estimateFixedPlan({
        principalMinor: amountMinor,
        ratePercent: duration.rate,
        days: duration.days,
        startDate: lagosToday(),
      });
      return (
        <FixedPlanAgreementStep
          amountMinor={amountMinor}
          duration={duration}
          estimate={estimate}
          isSubmitting={create.isPending}
          failure={create.error ? moneyErrorMessage(create.error) : undefined}
          onBack={() => {
            create.reset();
            setStep({ kind: 'amount' });
          }}
          onSubmit={() => {
            create.mutate(
              { amountMinor, durationId: duration.id, idempotencyKey: step.idempotencyKey },
              {
                onSuccess: (record) => {
                  settleAttempt(FIXED_PLAN_FLOW, step.idempotencyKey);
                  setStep({ kind: 'created', record });
                },
                onError: (error) => {
                  settleAttempt(FIXED_PLAN_FLOW, step.idempotencyKey, error);
                },
              },
            );
          }}
        />
      );
    }
    return (
      <FixedPlanAmountStep
        draft={draft}
        durations={durations}
        onDraftChange={setDraft}
        onContinue={() => {
          setStep({ kind: 'agreement', idempotencyKey: attemptKey(FIXED_PLAN_FLOW) });
        }}
      />
    );
  };

  return (
    <SidePanel
      panelId={FIXED_PLAN_PANEL_ID}
      title={titles[step.kind]}
      closeLabel="Close new fixed plan"
      keepOpen={create.isPending}
    >
      {(close) => <div className="px-5 py-5">{body(close)}</div>}
    </SidePanel>
  );
}
