import { useEffect, useRef, useState } from 'react';
import type { PredefinedTarget } from '@ajo/contracts/savings';
import { currencyInputToMinor } from '@ajo/money/currency-input';
import { formatMoney } from '@ajo/money/format';
import { Button } from '../../../components/ui/button.tsx';
import { FormErrorBanner } from '../../../components/ui/form-error-banner.tsx';
import { AmountInput } from '../../../components/wallet/amount-input.tsx';
import { CheckCircleIcon } from '../../../components/wallet/wallet-icons.tsx';
import { formatMoneyText } from '../../../lib/money-text.ts';
import { hasThisWeeksMedal } from '../utils/challenge-progress.ts';
import { challengeTopUpError } from '../utils/challenge-top-up.ts';
import { ChallengeMedal } from './challenge-medal.tsx';
import { WalletFunding } from '../../../components/wallet/wallet-funding.tsx';
import { moneyErrorMessage } from '../../../lib/money-attempts.ts';

const cardClassName =
  'mx-auto w-full max-w-lg rounded-card bg-white p-card shadow-card ring-1 ring-slate-900/5';

/**
 * The challenge's top-up form: an amount (₦2,000 at least) from My Wallet, and Top Up. A refusal
 * is shown above the button with the server's words.
 */
export function ChallengeTopUpForm({
  target,
  isSubmitting,
  failure,
  onSubmit,
  onCancel,
}: {
  target: PredefinedTarget;
  isSubmitting: boolean;
  /** The last attempt's failure: its words show above the button. */
  failure: Error | null;
  onSubmit: (amountMinor: bigint) => void;
  onCancel: () => void;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const [amountText, setAmountText] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const error = submitted ? challengeTopUpError(amountText) : undefined;

  useEffect(() => {
    formRef.current?.querySelector('input')?.focus();
  }, []);

  return (
    <section aria-labelledby="challenge-top-up-heading" className={cardClassName}>
      <h2 id="challenge-top-up-heading" className="text-xl font-semibold text-slate-900">
        Top Up Challenge
      </h2>
      <p className="mt-1 text-sm leading-6 text-slate-600">
        {target.name}: reach this week&apos;s goal of{' '}
        <strong className="font-semibold text-slate-900">
          {formatMoneyText(target.meta.collection_amount)}
        </strong>{' '}
        to earn its medal.
      </p>
      <form
        ref={formRef}
        noValidate
        aria-label="Top up the challenge"
        className="mt-5 space-y-5"
        onSubmit={(event) => {
          event.preventDefault();
          setSubmitted(true);
          const amountMinor = currencyInputToMinor(amountText);
          if (challengeTopUpError(amountText) !== undefined || amountMinor === null) {
            formRef.current?.querySelector('input')?.focus();
            return;
          }
          onSubmit(amountMinor);
        }}
      >
        <AmountInput
          label="Amount"
          placeholder="0.00"
          value={amountText}
          onValueChange={setAmountText}
          error={error}
          hint="Minimum ₦2,000. Type 10k for ₦10,000."
        />
        <WalletFunding
          label="Funding source"
          amountMinor={currencyInputToMinor(amountText)}
          failure={failure}
        />
        <FormErrorBanner message={failure ? moneyErrorMessage(failure) : undefined} />
        <div className="flex flex-col gap-3">
          <Button type="submit" size="lg" isLoading={isSubmitting}>
            Top Up
          </Button>
          <Button variant="ghost" disabled={isSubmitting} onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </form>
    </section>
  );
}

/** 'Top Up successful', with this week's medal when the top-up won it, and Okay. */
export function ChallengeTopUpDone({
  target,
  amountMinor,
  onOkay,
}: {
  target: PredefinedTarget;
  amountMinor: bigint;
  onOkay: () => void;
}) {
  const okayRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // The Top Up button has gone: focus the way back instead of losing it to the page.
    okayRef.current?.querySelector('button')?.focus();
  }, []);
  const medal = hasThisWeeksMedal(target);
  return (
    <section className={`${cardClassName} flex flex-col items-center py-10 text-center`}>
      <span className="flex size-16 items-center justify-center rounded-full bg-accent-50 text-accent-600">
        <CheckCircleIcon className="size-8" />
      </span>
      <div role="status" className="mt-4">
        <h2 className="text-xl font-semibold text-slate-900" data-testid="top-up-success">
          Top Up successful
        </h2>
      </div>
      <p className="mt-2 max-w-xs text-sm leading-6 text-slate-600">
        <strong className="font-semibold text-slate-900">{formatMoney(amountMinor, 'NGN')}</strong>{' '}
        was added to {target.name}.
      </p>
      {medal ? (
        <div
          className="mt-5 flex items-center gap-3 rounded-2xl bg-sun-100/70 px-4 py-3 text-left ring-1 ring-sun-200"
          data-testid="top-up-medal"
        >
          <ChallengeMedal state="earned" className="h-14 w-10 shrink-0" />
          <p className="text-sm leading-6 text-slate-800">
            <strong className="block font-semibold text-slate-900">Medal earned!</strong>
            You reached this week&apos;s goal.
          </p>
        </div>
      ) : null}
      <div ref={okayRef} className="mt-6 w-full">
        <Button size="lg" className="w-full" onClick={onOkay}>
          Okay
        </Button>
      </div>
    </section>
  );
}
