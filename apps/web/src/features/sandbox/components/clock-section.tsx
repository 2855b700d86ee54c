import { useState } from 'react';
import { sandboxClockBodySchema } from '@ajo/contracts/sandbox';
import { Button } from '../../../components/ui/button.tsx';
import { FormErrorBanner } from '../../../components/ui/form-error-banner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useAdvanceSandboxClock } from '../api/advance-sandbox-clock.ts';

const DAYS_MESSAGE = 'Enter a whole number of days from 1 to 400';

/** "2026-12-27" → "27 December 2026", read as a calendar date (no time zone involved). */
function formatCalendarDate(isoDate: string): string {
  const [year = '', month = '', day = ''] = isoDate.split('-');
  const months = [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ];
  const name = months[Number(month) - 1];
  return name === undefined ? isoDate : `${String(Number(day))} ${name} ${year}`;
}

function plural(count: number, one: string, many: string): string {
  return `${String(count)} ${count === 1 ? one : many}`;
}

/**
 * Sandbox only: move the clock forward to see days pass at once. Interest is booked for every day
 * skipped, and plans whose maturity date is passed pay out, as the daily job would have done.
 */
export function ClockSection() {
  const advance = useAdvanceSandboxClock();
  const [daysText, setDaysText] = useState('30');
  const [fieldError, setFieldError] = useState<string | undefined>();

  return (
    <section
      aria-labelledby="clock-heading"
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-900/5 sm:p-6"
    >
      <h2 id="clock-heading" className="text-lg font-semibold text-slate-900">
        Move the clock
      </h2>
      <p className="mt-1 text-sm leading-6 text-slate-600">
        Skip days ahead to watch savings plans earn interest and mature. Every day skipped runs the
        daily interest job; plans that reach their maturity date pay out to the wallet.
      </p>
      <form
        noValidate
        aria-label="Move the clock"
        className="mt-5 flex flex-col gap-3 sm:flex-row sm:items-start"
        onSubmit={(event) => {
          event.preventDefault();
          const parsed = sandboxClockBodySchema.safeParse({
            advance_days: /^\d+$/.test(daysText.trim()) ? Number(daysText.trim()) : Number.NaN,
          });
          const days = parsed.success ? parsed.data.advance_days : undefined;
          if (days === undefined) {
            setFieldError(DAYS_MESSAGE);
            return;
          }
          setFieldError(undefined);
          advance.mutate(days);
        }}
      >
        <TextField
          label="Days to move forward"
          inputMode="numeric"
          autoComplete="off"
          className="sm:w-56"
          value={daysText}
          hint="From 1 to 400 days."
          error={fieldError}
          onChange={(event) => {
            setDaysText(event.target.value.replace(/\D/g, '').slice(0, 3));
          }}
        />
        <Button type="submit" isLoading={advance.isPending} className="sm:mt-7">
          Move the clock
        </Button>
      </form>
      <div className="mt-4 space-y-3">
        <FormErrorBanner message={advance.error?.message} />
        {advance.data ? (
          <div
            role="status"
            className="rounded-xl bg-slate-50 px-4 py-3 text-sm text-slate-700"
            data-testid="clock-result"
          >
            <p className="font-semibold text-slate-900">
              The sandbox date is now{' '}
              <span data-testid="clock-date">{formatCalendarDate(advance.data.business_date)}</span>
            </p>
            <p className="mt-1">
              {plural(advance.data.offset_days, 'day', 'days')} ahead of real time.{' '}
              {plural(advance.data.accrued_plan_days, 'day', 'days')} of interest booked across
              plans; {plural(advance.data.matured_plans, 'plan', 'plans')} matured.
            </p>
          </div>
        ) : null}
      </div>
    </section>
  );
}
