import { useId } from 'react';
import type { DataPlan } from '@ajo/contracts/bills';
import { classNames } from '../../../lib/class-names.ts';
import { formatMoneyText } from '../../../lib/money-text.ts';
import { ChoiceCard, ChoiceFieldset, type ChoicesRead } from './choice-fieldset.tsx';

/** A network's data plans as radio cards: size, how long it lasts, price. */
export function DataPlanList({
  plans,
  selectedCode,
  onSelect,
}: {
  /** The network's plans, as `useDataPlans` answers them. */
  plans: ChoicesRead & { data: readonly DataPlan[] | undefined };
  selectedCode: string | undefined;
  onSelect: (plan: DataPlan) => void;
}) {
  const name = useId();
  return (
    <ChoiceFieldset
      legend="Data plan"
      read={plans}
      skeleton={
        <div aria-hidden="true" className="grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-3">
          {Array.from({ length: 6 }, (_, index) => (
            <span
              key={index}
              className="block h-[5.25rem] animate-pulse rounded-2xl bg-slate-100"
            />
          ))}
        </div>
      }
    >
      {(plans.data ?? []).length === 0 ? (
        <p className="rounded-2xl bg-slate-50 px-4 py-6 text-center text-sm text-slate-600">
          This network has no data plans on sale right now. Try another network.
        </p>
      ) : (
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-3">
          {(plans.data ?? []).map((plan) => {
            const checked = plan.code === selectedCode;
            return (
              <ChoiceCard
                key={plan.code}
                name={name}
                value={plan.code}
                checked={checked}
                onSelect={() => {
                  onSelect(plan);
                }}
                className="relative flex cursor-pointer flex-col rounded-2xl px-3.5 py-3 ring-1 transition has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600"
              >
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
              </ChoiceCard>
            );
          })}
        </div>
      )}
    </ChoiceFieldset>
  );
}
