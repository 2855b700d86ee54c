import { useId, useRef, useState } from 'react';
import { MAX_UNITS_PER_PURCHASE, type RealEstateProperty } from '@ajo/contracts/real-estate';
import { formatMoney } from '@ajo/money/format';
import { SummaryRows } from '../../../components/investment/summary-rows.tsx';
import { WalletFunding } from '../../../components/wallet/wallet-funding.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { classNames } from '../../../lib/class-names.ts';
import { moneyTextToMinor } from '../../../lib/money-text.ts';
import { unitsText } from '../utils/labels.ts';

/** What is wrong with the units typed; undefined when they can be bought. */
export function unitsProblem(property: RealEstateProperty, unitsInput: string) {
  if (!/^\d+$/.test(unitsInput.trim())) return 'Enter a whole number of units, at least 1';
  const units = Number(unitsInput);
  if (units < 1) return 'Enter a whole number of units, at least 1';
  if (units > property.units_available) {
    return `Only ${unitsText(property.units_available)} ${property.units_available === 1 ? 'is' : 'are'} left`;
  }
  if (units > MAX_UNITS_PER_PURCHASE) {
    return `One purchase takes at most ${String(MAX_UNITS_PER_PURCHASE)} units`;
  }
  return undefined;
}

/** Cost, expected monthly rent and tax for a number of units. */
export function PurchaseSummary({
  property,
  units,
}: {
  property: RealEstateProperty;
  units: number;
}) {
  const unitsBig = BigInt(units);
  const totalMinor = moneyTextToMinor(property.price_per_unit) * unitsBig;
  // These units' share of a month's rent, price × yield × units / 12 rounded down once, as the
  // server's pool is (not the per-unit figure, already rounded, times the units). The pool is
  // shared among all holders, so a holding may get a kobo more: an estimate.
  const yieldBps = BigInt(Math.round(property.expected_yield * 100));
  const rentMinor =
    (moneyTextToMinor(property.price_per_unit) * yieldBps * unitsBig) / (10_000n * 12n);
  return (
    <div aria-live="polite" data-testid="purchase-summary">
      <SummaryRows
        title="Summary"
        rows={[
          {
            label: `${unitsText(units)} × ${formatMoney(moneyTextToMinor(property.price_per_unit), 'NGN')}`,
            value: formatMoney(totalMinor, 'NGN'),
          },
          { label: 'Fee', value: formatMoney(0n, 'NGN') },
          {
            label: 'Expected rent a month (before 10% tax)',
            value: `≈ ${formatMoney(rentMinor, 'NGN')}`,
          },
          {
            label: 'Total to pay',
            value: formatMoney(totalMinor, 'NGN'),
            emphasis: true,
            testId: 'purchase-total',
          },
        ]}
      />
    </div>
  );
}

/** Step 1: how many units, with − and + and the total as they change. */
export function UnitsStep({
  property,
  unitsInput,
  onUnitsChange,
  onContinue,
}: {
  property: RealEstateProperty;
  unitsInput: string;
  onUnitsChange: (units: string) => void;
  onContinue: () => void;
}) {
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const formRef = useRef<HTMLFormElement>(null);
  const [submitted, setSubmitted] = useState(false);
  const problem = unitsProblem(property, unitsInput);
  const shown = submitted || unitsInput !== '' ? problem : undefined;
  const units = problem === undefined ? Number(unitsInput) : 0;
  const current = /^\d+$/.test(unitsInput) ? Number(unitsInput) : 0;
  const step = (delta: number) => {
    onUnitsChange(String(Math.max(1, Math.min(property.units_available, current + delta))));
  };
  return (
    <form
      ref={formRef}
      noValidate
      aria-label={`Buy units of ${property.name}`}
      className="space-y-5"
      onSubmit={(event) => {
        event.preventDefault();
        setSubmitted(true);
        if (problem === undefined) onContinue();
        else formRef.current?.querySelector<HTMLInputElement>('input')?.focus();
      }}
    >
      <div>
        <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
          Units
        </label>
        <div className="mt-1.5 flex items-center gap-2">
          <button
            type="button"
            aria-label="One unit fewer"
            onClick={() => {
              step(-1);
            }}
            className="size-12 shrink-0 rounded-xl bg-slate-100 text-xl font-semibold text-slate-700 hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            −
          </button>
          <input
            id={inputId}
            inputMode="numeric"
            autoComplete="off"
            value={unitsInput}
            aria-invalid={shown ? true : undefined}
            aria-describedby={shown ? errorId : undefined}
            onChange={(event) => {
              // Kept as typed: "1.5" must be refused as not whole, never read as 15 units.
              onUnitsChange(event.target.value.slice(0, 8));
            }}
            className={classNames(
              'h-12 w-full min-w-0 rounded-xl bg-white px-3.5 text-center text-lg font-semibold text-slate-900 tabular-nums ring-1 ring-inset focus:ring-2 focus:outline-none',
              shown ? 'ring-red-400 focus:ring-red-500' : 'ring-slate-300 focus:ring-brand-600',
            )}
          />
          <button
            type="button"
            aria-label="One unit more"
            onClick={() => {
              step(1);
            }}
            className="size-12 shrink-0 rounded-xl bg-slate-100 text-xl font-semibold text-slate-700 hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            +
          </button>
        </div>
        {shown ? (
          <p id={errorId} className="mt-1.5 text-sm text-red-600">
            {shown}
          </p>
        ) : (
          <p className="mt-1.5 text-xs text-slate-500">
            {unitsText(property.units_available)} left at{' '}
            {formatMoney(moneyTextToMinor(property.price_per_unit), 'NGN')} each.
          </p>
        )}
      </div>
      <WalletFunding
        amountMinor={units > 0 ? moneyTextToMinor(property.price_per_unit) * BigInt(units) : null}
      />
      {units > 0 ? <PurchaseSummary property={property} units={units} /> : null}
      <Button type="submit" size="lg" className="w-full">
        Continue
      </Button>
    </form>
  );
}
