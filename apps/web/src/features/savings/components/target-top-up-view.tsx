import { useEffect, useRef, useState } from 'react';
import type { SavingOrderDetail, SavingRecord } from '@ajo/contracts/savings';
import { targetSavingsMessages } from '@ajo/contracts/savings';
import { currencyInputToMinor } from '@ajo/money/currency-input';
import { formatMinorAsDecimal } from '@ajo/money/format';
import { Button } from '../../../components/ui/button.tsx';
import { FormErrorBanner } from '../../../components/ui/form-error-banner.tsx';
import { AmountInput } from '../../../components/wallet/amount-input.tsx';
import { formatMoneyText, moneyTextToMinor } from '../../../lib/money-text.ts';
import { useTopUpTarget } from '../api/top-up-target.ts';
import { formatNairaShort } from '../utils/target-schedule.ts';
import { WalletFunding } from '../../../components/wallet/wallet-funding.tsx';
import { attemptKey, moneyErrorMessage, settleAttempt } from '../../../lib/money-attempts.ts';

/** A target takes top ups of ₦100 or more (the server's floor for a plan of one's own). */
const TOP_UP_MINIMUM_MINOR = 100_00n;

function topUpError(amountText: string): string | undefined {
  const amountMinor = currencyInputToMinor(amountText);
  if (amountMinor === null) return targetSavingsMessages.amountEmpty;
  if (amountMinor < TOP_UP_MINIMUM_MINOR) return 'Top up at least ₦100.00';
  return undefined;
}

/**
 * The Top Up view (spec section 2): 'You can top up now to reach your goals quicker.', 'Enter
 * the Amount' and 'Top Up'. The money leaves the wallet at once; success returns to the overview.
 */
export function TargetTopUpView({
  plan,
  onDone,
  onCancel,
}: {
  plan: SavingOrderDetail;
  onDone: (record: SavingRecord) => void;
  onCancel: () => void;
}) {
  const topUp = useTopUpTarget();
  const formRef = useRef<HTMLFormElement>(null);
  const [amountText, setAmountText] = useState('');
  const [submitted, setSubmitted] = useState(false);
  // A new key for each amount: the same Top Up pressed twice moves the money once. After a top up
  // whose outcome is unknown, the next one keeps its key whatever the amount (money-attempts.ts).
  const flow = `top-up:${plan.saving_order.id}`;
  const [idempotencyKey, setIdempotencyKey] = useState(() => attemptKey(flow));
  const error = submitted ? topUpError(amountText) : undefined;
  const order = plan.saving_order;
  const remainingMinor = moneyTextToMinor(order.amount) - moneyTextToMinor(plan.amount);
  // One instalment, and what is left to reach the target.
  const suggestions = [
    order.target ? moneyTextToMinor(order.target.collection_amount) : 0n,
    remainingMinor,
  ].filter((value, index, all) => value >= TOP_UP_MINIMUM_MINOR && all.indexOf(value) === index);

  useEffect(() => {
    formRef.current?.querySelector('input')?.focus();
  }, []);

  return (
    <section
      aria-labelledby="target-top-up-heading"
      className="rounded-card bg-white p-card shadow-card ring-1 ring-slate-900/5"
    >
      <h2 id="target-top-up-heading" className="text-lg font-semibold text-slate-900">
        Top Up
      </h2>
      <p className="mt-1 text-sm leading-6 text-slate-600">
        You can top up now to reach your goals quicker.
      </p>
      <form
        ref={formRef}
        noValidate
        aria-label="Top up your target"
        className="mt-5 space-y-5"
        onSubmit={(event) => {
          event.preventDefault();
          setSubmitted(true);
          const amountMinor = currencyInputToMinor(amountText);
          if (topUpError(amountText) !== undefined || amountMinor === null) {
            formRef.current?.querySelector('input')?.focus();
            return;
          }
          topUp.mutate(
            { savingId: plan.id, orderId: order.id, amountMinor, idempotencyKey },
            {
              onSuccess: (result) => {
                settleAttempt(flow, idempotencyKey);
                onDone(result);
              },
              onError: (failure) => {
                settleAttempt(flow, idempotencyKey, failure);
              },
            },
          );
        }}
      >
        <AmountInput
          label="Enter the Amount"
          placeholder="0.00"
          value={amountText}
          error={error}
          hint={
            remainingMinor > 0n
              ? `${formatMoneyText(plan.amount)} saved: ${formatNairaShort(remainingMinor)} to go.`
              : 'You have reached your target: extra savings earn interest too.'
          }
          onValueChange={(next) => {
            setAmountText(next);
            setIdempotencyKey(attemptKey(flow));
            topUp.reset();
          }}
        />
        {suggestions.length > 0 ? (
          <div className="flex flex-wrap gap-2" aria-label="Suggested amounts" role="group">
            {suggestions.map((minor) => (
              <button
                key={minor.toString()}
                type="button"
                onClick={() => {
                  setAmountText(formatMinorAsDecimal(minor));
                  setIdempotencyKey(attemptKey(flow));
                  topUp.reset();
                }}
                className="rounded-full bg-slate-100 px-3 py-1.5 text-xs font-semibold text-slate-700 hover:bg-brand-50 hover:text-brand-700"
              >
                {formatNairaShort(minor)}
              </button>
            ))}
          </div>
        ) : null}
        <WalletFunding
          label="Funding source"
          amountMinor={currencyInputToMinor(amountText)}
          failure={topUp.error}
        />
        <FormErrorBanner message={topUp.error ? moneyErrorMessage(topUp.error) : undefined} />
        <div className="flex flex-col-reverse gap-3 sm:flex-row">
          <Button
            variant="ghost"
            size="lg"
            className="sm:flex-1"
            disabled={topUp.isPending}
            onClick={onCancel}
          >
            Cancel
          </Button>
          <Button type="submit" size="lg" className="sm:flex-[2]" isLoading={topUp.isPending}>
            Top Up
          </Button>
        </div>
      </form>
    </section>
  );
}
