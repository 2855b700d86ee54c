import { formatMoney } from '@ajo/money/format';
import { classNames } from '../../../lib/class-names.ts';

/**
 * Common amounts one tap away, in naira (whole units, as the amount box holds them). The chosen
 * one is marked; typing any other amount still works.
 */
export function AmountPresets({
  amountsNaira,
  current,
  onPick,
}: {
  amountsNaira: readonly number[];
  /** The amount box's text, without grouping ("1000"). */
  current: string;
  onPick: (amountText: string) => void;
}) {
  return (
    <div role="group" aria-label="Quick amounts" className="flex flex-wrap gap-2">
      {amountsNaira.map((naira) => {
        const text = String(naira);
        const chosen = current === text;
        return (
          <button
            key={naira}
            type="button"
            aria-pressed={chosen}
            onClick={() => {
              onPick(text);
            }}
            className={classNames(
              'h-9 rounded-full px-3.5 text-sm font-semibold tabular-nums ring-1 ring-inset',
              chosen
                ? 'bg-brand-600 text-white ring-brand-600'
                : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50',
            )}
          >
            {formatMoney(BigInt(naira) * 100n, 'NGN').replace(/\.00$/, '')}
          </button>
        );
      })}
    </div>
  );
}
