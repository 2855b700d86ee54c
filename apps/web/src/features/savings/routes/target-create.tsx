import { useState } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import type { SavingRecord } from '@ajo/contracts/savings';
import { FormErrorBanner } from '../../../components/ui/form-error-banner.tsx';
import { useReadFailure } from '../../../components/ui/load-failed.tsx';
import { RetryButton } from '../../../components/ui/retry-button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { lagosToday } from '../../../lib/dates.ts';
import { attemptKey, moneyErrorMessage, settleAttempt } from '../../../lib/money-attempts.ts';
import { walletsQueryOptions } from '../../../lib/wallet-queries.ts';
import { useCreateTargetSaving } from '../api/create-target-saving.ts';
import { savingsProductsQueryOptions, useSavingsProduct } from '../api/get-savings-products.ts';
import { SavingsBackLink } from '../components/savings-back-link.tsx';
import { TargetAgreementStep } from '../components/target-agreement-step.tsx';
import { TargetCreatedNotice } from '../components/target-created-notice.tsx';
import { TargetStepper } from '../components/target-form-fields.tsx';
import { TargetGoalStep } from '../components/target-goal-step.tsx';
import { TargetHowItWorks } from '../components/target-how-it-works.tsx';
import { TargetScheduleStep } from '../components/target-schedule-step.tsx';
import { newTargetLocation, TARGET_SAVINGS_PATH } from '../utils/target-location.ts';
import { targetSavingBody } from '../utils/target-schedule.ts';
import { emptyTargetDraft, wizardStepFor, type TargetStep } from '../utils/target-wizard.ts';
import { readFailureMessage } from '../../../lib/read-failure.ts';

export function prefetchCreateTargetData(queryClient: QueryClient) {
  return Promise.all([
    queryClient.query(savingsProductsQueryOptions),
    queryClient.query(walletsQueryOptions),
  ]);
}

/** The flow's name for money-attempts.ts. */
const CREATE_TARGET_FLOW = 'target-plan';

const titles: Record<TargetStep, string> = {
  0: 'Create a Target',
  1: "You're almost done",
  2: "You're almost done",
};

const intros: Record<TargetStep, string> = {
  0: 'Save towards a personal goal - vacation, house rent, a gadget or anything you like.',
  1: 'Pick your dates and how your savings are collected.',
  2: 'Check your target and agree to its terms to start saving.',
};

/**
 * Create a Target, three steps (spec sections 2 and 4): the goal, the schedule, the agreements.
 * The step is the URL's `?step=`; with no query string at all it is 0. The values live here while
 * the page is open; a step whose earlier values are missing falls back (utils/target-wizard).
 */
export function CreateTargetPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const target = useSavingsProduct('target_saving');
  const targetFailure = useReadFailure(target);
  const create = useCreateTargetSaving();
  const today = lagosToday();
  const firstCategory = target.product?.meta.categories?.[0]?.id;
  const [draftState, setDraft] = useState(() => emptyTargetDraft(''));
  // The category defaults to the catalogue's first, or '1' (spec section 3).
  const draft =
    draftState.categoryId === '' ? { ...draftState, categoryId: firstCategory ?? '1' } : draftState;
  const [created, setCreated] = useState<SavingRecord | null>(null);
  // One key per visit to step 2: a retried Create Target cannot make the target twice. After an
  // answer that was lost, the next visit keeps the key whatever changed (money-attempts.ts).
  const [idempotencyKey, setIdempotencyKey] = useState(() => attemptKey(CREATE_TARGET_FLOW));
  const step = wizardStepFor(location.search, draft, today);

  const goTo = (next: TargetStep) => {
    void navigate(newTargetLocation(next));
  };

  let body;
  if (!target.product) {
    body =
      target.isPending && !targetFailure.shown ? (
        <div className="flex justify-center py-12 text-brand-600">
          <Spinner label="Loading target options" />
        </div>
      ) : (
        <div className="space-y-3">
          <FormErrorBanner
            message={
              targetFailure.error
                ? readFailureMessage(targetFailure.error)
                : 'Target savings are not available right now'
            }
          />
          <RetryButton busy={target.isFetching} onRetry={targetFailure.retry} />
        </div>
      );
  } else if (step === 0) {
    body = (
      <TargetGoalStep
        draft={draft}
        meta={target.product.meta}
        onDraftChange={setDraft}
        onSubmit={() => {
          setCreated(null);
          goTo(1);
        }}
      />
    );
  } else if (step === 1) {
    body = (
      <TargetScheduleStep
        draft={draft}
        meta={target.product.meta}
        today={today}
        onDraftChange={setDraft}
        onBack={() => {
          goTo(0);
        }}
        onContinue={() => {
          create.reset();
          setIdempotencyKey(attemptKey(CREATE_TARGET_FLOW));
          goTo(2);
        }}
      />
    );
  } else {
    body = (
      <TargetAgreementStep
        draft={draft}
        meta={target.product.meta}
        isSubmitting={create.isPending}
        failure={create.error ? moneyErrorMessage(create.error, 'plan') : undefined}
        onBack={() => {
          goTo(1);
        }}
        onSubmit={() => {
          create.mutate(
            { body: targetSavingBody(draft), idempotencyKey },
            {
              onSuccess: (record) => {
                settleAttempt(CREATE_TARGET_FLOW, idempotencyKey);
                setCreated(record);
                setDraft(emptyTargetDraft(''));
                goTo(0);
              },
              onError: (error) => {
                settleAttempt(CREATE_TARGET_FLOW, idempotencyKey, error);
              },
            },
          );
        }}
      />
    );
  }

  return (
    <>
      <title>Create a target · Ajo</title>
      <div className="space-y-6">
        <SavingsBackLink to={TARGET_SAVINGS_PATH} label="Target Savings" />
        {created ? (
          <TargetCreatedNotice
            record={created}
            onDismiss={() => {
              setCreated(null);
            }}
          />
        ) : null}
        <div className="grid items-start gap-gutter desktop:grid-cols-5">
          <section
            aria-labelledby="target-step-heading"
            className="rounded-card bg-white p-5 shadow-card ring-1 ring-slate-900/5 sm:p-8 desktop:col-span-3"
          >
            <TargetStepper step={step} />
            <h2
              id="target-step-heading"
              className="mt-6 text-2xl font-bold tracking-tight text-slate-900"
            >
              {titles[step]}
            </h2>
            <p className="mt-1 mb-6 text-sm leading-6 text-slate-600">{intros[step]}</p>
            {body}
          </section>
          <div className="desktop:col-span-2">
            <TargetHowItWorks />
          </div>
        </div>
      </div>
    </>
  );
}
