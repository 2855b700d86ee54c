import type { SavingOrderDetail } from '@ajo/contracts/savings';
import { formatMoneyText } from '../../../lib/money-text.ts';
import { formatBusinessDate } from '../../../lib/dates.ts';
import { GrowthIcon } from './savings-icons.tsx';

/** Interest booked day by day, newest first, with the running total. */
export function AccrualHistory({ accruals }: { accruals: SavingOrderDetail['accruals'] }) {
  return (
    <section
      aria-labelledby="accrual-history-heading"
      className="overflow-hidden rounded-card bg-white shadow-card ring-1 ring-slate-900/5"
    >
      <div className="border-b border-slate-100 px-5 py-4">
        <h2 id="accrual-history-heading" className="text-base font-semibold text-slate-900">
          Daily interest
        </h2>
        <p className="mt-0.5 text-xs text-slate-500">Booked every day, newest first</p>
      </div>
      {accruals.length === 0 ? (
        <div className="flex flex-col items-center px-6 py-10 text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-accent-50 text-accent-600">
            <GrowthIcon className="size-6" />
          </span>
          <p className="mt-3 font-semibold text-slate-900">No interest booked yet</p>
          <p className="mt-1 max-w-xs text-sm leading-6 text-slate-600">
            Your first day of interest shows here after the plan&apos;s first full day.
          </p>
        </div>
      ) : (
        // Scrolls on its own once long; focusable so the keyboard can scroll it too.
        <ol
          tabIndex={0}
          aria-labelledby="accrual-history-heading"
          className="max-h-[28rem] divide-y divide-slate-100 overflow-y-auto focus-visible:-outline-offset-2"
          data-testid="accruals"
        >
          {accruals.map((accrual) => (
            <li
              key={accrual.date}
              className="flex items-center justify-between gap-4 px-5 py-3 text-sm"
              data-testid="accrual-row"
            >
              <span className="text-slate-700">{formatBusinessDate(accrual.date)}</span>
              <span className="text-right">
                <span className="block font-semibold text-accent-700 tabular-nums">
                  +{formatMoneyText(accrual.interest)}
                </span>
                <span className="block text-xs text-slate-500 tabular-nums">
                  Total {formatMoneyText(accrual.total)}
                </span>
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
