import { useState } from 'react';
import { RATE_PATTERN } from '@ajo/contracts/dollar';
import { Button } from '../../../components/ui/button.tsx';
import { FormErrorBanner } from '../../../components/ui/form-error-banner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { formatLagosDateTime } from '../../../lib/dates.ts';
import { useSetSandboxExchangeRate } from '../api/set-sandbox-exchange-rate.ts';

const RATE_MESSAGE = 'Enter the naira price of $1, e.g. 1550.00';

/** Keeps what can be part of a rate: digits and one point, at most 4 decimals. */
function rateInput(raw: string): string {
  const [whole = '', ...rest] = raw.replace(/[^\d.]/g, '').split('.');
  return rest.length === 0
    ? whole.slice(0, 7)
    : `${whole.slice(0, 7)}.${rest.join('').slice(0, 4)}`;
}

function rateError(text: string): string | undefined {
  return RATE_PATTERN.test(text) && /[1-9]/.test(text) ? undefined : RATE_MESSAGE;
}

/** "1550.5" → "₦1,550.50" for the confirmation line. */
function nairaRate(rate: string): string {
  const [whole = '0', fraction = ''] = rate.split('.');
  return `₦${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction.padEnd(2, '0')}`;
}

/**
 * Sandbox only: set the naira/dollar exchange rate that dollar quotes use: the buy rate (what a
 * user pays for $1 when investing) and the sell rate (what they get for $1 when withdrawing).
 */
export function ExchangeRateSection() {
  const setRate = useSetSandboxExchangeRate();
  const [buy, setBuy] = useState('');
  const [sell, setSell] = useState('');
  const [checked, setChecked] = useState(false);
  const buyError = checked ? rateError(buy) : undefined;
  const sellError = checked ? rateError(sell) : undefined;

  return (
    <section
      aria-labelledby="exchange-rate-heading"
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-900/5 sm:p-6"
    >
      <h2 id="exchange-rate-heading" className="text-lg font-semibold text-slate-900">
        Exchange rate
      </h2>
      <p className="mt-1 text-sm leading-6 text-slate-600">
        Set the naira price of $1 that dollar quotes use. Quotes already shown keep their rate until
        they expire, 60 seconds after they were given.
      </p>
      <form
        noValidate
        aria-label="Exchange rate"
        className="mt-5 grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-start"
        onSubmit={(event) => {
          event.preventDefault();
          setChecked(true);
          if (rateError(buy) !== undefined || rateError(sell) !== undefined) return;
          setRate.mutate({ buy, sell });
        }}
      >
        <TextField
          label="Buy rate (₦ per $1)"
          inputMode="decimal"
          autoComplete="off"
          placeholder="1550.00"
          value={buy}
          error={buyError}
          hint="What a user pays for $1."
          onChange={(event) => {
            setBuy(rateInput(event.target.value));
          }}
        />
        <TextField
          label="Sell rate (₦ per $1)"
          inputMode="decimal"
          autoComplete="off"
          placeholder="1500.00"
          value={sell}
          error={sellError}
          hint="What a user gets for $1; below the buy rate."
          onChange={(event) => {
            setSell(rateInput(event.target.value));
          }}
        />
        <Button type="submit" isLoading={setRate.isPending} className="sm:mt-7">
          Set the rate
        </Button>
      </form>
      <div className="mt-4 space-y-3">
        <FormErrorBanner message={setRate.error?.message} />
        {setRate.data ? (
          <p
            role="status"
            className="rounded-xl bg-slate-50 px-4 py-3 text-sm text-slate-700"
            data-testid="exchange-rate-result"
          >
            <span className="font-semibold text-slate-900">
              Buy {nairaRate(setRate.data.buy)} · Sell {nairaRate(setRate.data.sell)} per $1
            </span>{' '}
            from {formatLagosDateTime(setRate.data.updated_at)}.
          </p>
        ) : null}
      </div>
    </section>
  );
}
