import { useId } from 'react';
import type { DataPlan } from '@ajo/contracts/bills';
import { Button } from '../../../components/ui/button.tsx';
import { FormErrorBanner } from '../../../components/ui/form-error-banner.tsx';
import { classNames } from '../../../lib/class-names.ts';
import { formatMoneyText } from '../../../lib/money-text.ts';

/** A network's data plans as radio cards: size, how long it lasts, price. */
export function DataPlanList({
  plans,
  isPending,
  error,
  onRetry,
  selectedCode,
  onSelect,
}: {
  plans: readonly DataPlan[] | undefined;
  isPending: boolean;
  error: Error | null;
  onRetry: () => void;
  selectedCode: string | undefined;
  onSelect: (plan: DataPlan) => void;
}) {
  const name = useId();
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-700">Data plan</legend>
      <div className="mt-2">
        {isPending ? (
          <div aria-hidden="true" className="grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-3">
            {Array.from({ length: 6 }, (_, index) => (
              <span
                key={index}
                className="block h-[5.25rem] animate-pulse rounded-2xl bg-slate-100"
              />
            ))}
          </div>
        ) : error ? (
          <div className="space-y-3">
            <FormErrorBanner message={error.message} />
            <Button variant="secondary" size="sm" onClick={onRetry}>
              Try again
            </Button>
          </div>
        ) : (plans ?? []).length === 0 ? (
          <p className="rounded-2xl bg-slate-50 px-4 py-6 text-center text-sm text-slate-600">
            This network has no data plans on sale right now. Try another network.
          </p>
        ) : (
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-3">
            {(plans ?? []).map((plan) => {
              const checked = plan.code === selectedCode;
              return (
                <label
                  key={plan.code}
                  className={classNames(
                    'relative flex cursor-pointer flex-col rounded-2xl px-3.5 py-3 ring-1 transition has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600',
                    checked
                      ? 'bg-brand-50/60 ring-2 ring-brand-600'
                      : 'bg-white ring-slate-200 hover:bg-slate-50 hover:ring-slate-300',
                  )}
                >
                  <input
                    type="radio"
                    name={name}
                    value={plan.code}
                    checked={checked}
                    onChange={() => {
                      onSelect(plan);
                    }}
                    className="sr-only"
                  />
                  <span
                    className={classNames(
                      'truncate text-sm font-semibold',
                      checked ? 'text-brand-700' : 'text-slate-900',
                    )}
                  >
                    {plan.name}
                  </span>
                  <span className="text-xs text-slate-600">{plan.validity}</span>
                  <span className="mt-2 text-base font-bold text-slate-900 tabular-nums">
                    {formatMoneyText(plan.amount)}
                  </span>
                </label>
              );
            })}
          </div>
        )}
      </div>
    </fieldset>
  );
}
