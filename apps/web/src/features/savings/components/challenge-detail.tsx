import { useRef, useState, type Ref } from 'react';
import { fixedSavingsMessages, type PredefinedTarget } from '@ajo/contracts/savings';
import { Button } from '../../../components/ui/button.tsx';
import { FormErrorBanner } from '../../../components/ui/form-error-banner.tsx';
import { PlusIcon } from '../../../components/wallet/wallet-icons.tsx';
import { formatMoneyText } from '../../../lib/money-text.ts';
import { formatBusinessDate } from '../../../lib/dates.ts';
import {
  challengeDaysLeft,
  challengeFrequencyText,
  daysLeftText,
} from '../utils/challenge-progress.ts';
import { AgreementBox } from './agreement-box.tsx';
import { ChallengeArt } from './challenge-art.tsx';
import { ChallengeProgressCard } from './challenge-progress-card.tsx';
import { Fact, FactsCard } from './facts-card.tsx';
import { SavingsBackLink } from './savings-back-link.tsx';

/** The target's picture with its name, and the way back to all targets. */
function DetailHero({
  target,
  headingRef,
}: {
  target: PredefinedTarget;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  return (
    <section
      aria-labelledby="challenge-detail-heading"
      className="relative overflow-hidden rounded-card shadow-lg shadow-brand-900/10"
    >
      <ChallengeArt
        imageUrl={target.meta.image_url}
        id={target.id}
        className="absolute inset-0 h-full w-full"
      />
      <div className="relative bg-linear-to-t from-slate-950/70 via-slate-950/20 to-transparent p-6 pt-24 text-white sm:p-7 sm:pt-28">
        <p className="text-sm font-medium text-white/85">Olympic Investment Marathon!</p>
        <h2
          ref={headingRef}
          id="challenge-detail-heading"
          tabIndex={-1}
          className="mt-1 text-3xl font-bold tracking-tight focus-visible:outline-white"
        >
          {target.name}
        </h2>
        <p className="mt-1 text-sm text-white/85">
          {target.order ? 'You are in this challenge' : 'Join to start earning medals'}
        </p>
      </div>
    </section>
  );
}

/** The spec's detail facts: targets, people, dates, frequency and the rate. */
function DetailFacts({ target }: { target: PredefinedTarget }) {
  const facts = [
    { label: 'Total Target', value: formatMoneyText(target.amount), testId: 'fact-total' },
    { label: 'People', value: String(target.meta.total_users), testId: 'fact-people' },
    {
      label: 'Days Left',
      value: daysLeftText(challengeDaysLeft(target.end_at)),
      testId: 'fact-days',
    },
    {
      label: 'Start Date',
      value: formatBusinessDate(target.start_at.slice(0, 10)),
      testId: 'fact-start',
    },
    {
      label: 'Withdrawal Date',
      value: formatBusinessDate(target.end_at.slice(0, 10)),
      testId: 'fact-withdrawal',
    },
    { label: 'Frequency', value: challengeFrequencyText(target), testId: 'fact-frequency' },
    {
      label: 'Your Target',
      value: formatMoneyText(target.order?.saving_order.amount ?? target.amount),
      testId: 'fact-your-target',
    },
    { label: 'Interest per annum', value: `${String(target.meta.rate)}%`, testId: 'fact-rate' },
  ];
  return (
    <FactsCard headingId="challenge-facts-heading" wideColumns={4}>
      {facts.map((fact) => (
        <Fact key={fact.label} className="min-w-0" {...fact} />
      ))}
    </FactsCard>
  );
}

/** What a member agrees to: a target missed by its withdrawal date keeps no interest. */
const CHALLENGE_AGREEMENT_TEXT =
  'I agree that if the target is not reached by the withdrawal date, my savings come back to my wallet and the interest is forfeited.';

/** Not a member yet: what joining means, the agreement, and Join. */
function JoinCard({
  target,
  isJoining,
  error,
  onJoin,
}: {
  target: PredefinedTarget;
  isJoining: boolean;
  error: string | undefined;
  onJoin: () => void;
}) {
  const checkboxRef = useRef<HTMLInputElement>(null);
  const [agreed, setAgreed] = useState(false);
  const [showAgreementError, setShowAgreementError] = useState(false);
  return (
    <section
      aria-labelledby="challenge-join-heading"
      className="rounded-card bg-white p-card shadow-card ring-1 ring-slate-900/5"
    >
      <h2 id="challenge-join-heading" className="text-base font-semibold text-slate-900">
        Take part
      </h2>
      <ul className="mt-3 list-disc space-y-1.5 pl-5 text-sm leading-6 text-slate-600">
        <li>
          Save {challengeFrequencyText(target)} towards {formatMoneyText(target.amount)} by{' '}
          {formatBusinessDate(target.end_at.slice(0, 10))}.
        </li>
        <li>Every week you reach the goal earns a digital medal.</li>
        <li>
          Your savings earn {String(target.meta.rate)}% per annum and are yours alone on the
          withdrawal date.
        </li>
        <li>
          Reach {formatMoneyText(target.amount)} by then to keep the interest: if you do not, your
          savings come back to your wallet without it.
        </li>
        <li>Joining is free: nothing leaves your wallet until you top up.</li>
      </ul>
      <form
        noValidate
        aria-label="Join the challenge"
        className="mt-4 space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          if (!agreed) {
            setShowAgreementError(true);
            checkboxRef.current?.focus();
            return;
          }
          onJoin();
        }}
      >
        <AgreementBox
          inputRef={checkboxRef}
          text={CHALLENGE_AGREEMENT_TEXT}
          checked={agreed}
          error={showAgreementError && !agreed ? fixedSavingsMessages.agreement : undefined}
          onChange={setAgreed}
        />
        <FormErrorBanner message={error} />
        <Button type="submit" size="lg" className="w-full" isLoading={isJoining}>
          Join
        </Button>
      </form>
    </section>
  );
}

/**
 * One target of the challenge: its facts, and either Join or the member's progress, medals and
 * Top Up Challenge. The page moves focus to the heading (headingRef) when the detail opens, and
 * to Top Up Challenge (in topUpRef's box) once joined or back from a top up.
 */
export function ChallengeDetail({
  target,
  backTo,
  isJoining,
  joinError,
  onJoin,
  onTopUp,
  headingRef,
  topUpRef,
}: {
  target: PredefinedTarget;
  backTo: string;
  isJoining: boolean;
  joinError: string | undefined;
  onJoin: () => void;
  onTopUp: () => void;
  headingRef?: Ref<HTMLHeadingElement>;
  topUpRef?: Ref<HTMLDivElement>;
}) {
  return (
    <div className="space-y-4">
      <SavingsBackLink to={backTo} label="All targets" />
      <div className="grid items-start gap-gutter desktop:grid-cols-5">
        <div className="min-w-0 space-y-gutter desktop:col-span-3">
          <DetailHero target={target} headingRef={headingRef} />
          <DetailFacts target={target} />
        </div>
        <div className="min-w-0 space-y-gutter desktop:col-span-2">
          {target.order ? (
            <>
              <ChallengeProgressCard target={target} order={target.order} />
              <div ref={topUpRef}>
                <Button size="lg" className="w-full" onClick={onTopUp}>
                  <PlusIcon className="size-4" />
                  Top Up Challenge
                </Button>
              </div>
            </>
          ) : (
            <JoinCard target={target} isJoining={isJoining} error={joinError} onJoin={onJoin} />
          )}
        </div>
      </div>
    </div>
  );
}
