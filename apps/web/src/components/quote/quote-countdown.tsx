import { classNames } from '../../lib/class-names.ts';
import { formatCountdown } from '../../lib/quotes.ts';
import { ClockIcon } from '../ui/icons.tsx';

/** How long a quote's rate or price is held, ticking down; amber in its last ten seconds. */
export function QuoteCountdown({
  seconds,
  refreshing,
  noun,
}: {
  seconds: number;
  refreshing: boolean;
  noun: 'rate' | 'price';
}) {
  const Noun = noun === 'rate' ? 'Rate' : 'Price';
  return (
    <span
      className={classNames(
        'inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold tabular-nums ring-1 ring-inset',
        refreshing || seconds > 10
          ? 'bg-brand-50 text-brand-800 ring-brand-200'
          : 'bg-amber-50 text-amber-900 ring-amber-300',
      )}
      data-testid="quote-countdown"
    >
      <ClockIcon className="size-3.5" />
      {refreshing ? `Refreshing ${noun}…` : `${Noun} held for ${formatCountdown(seconds)}`}
    </span>
  );
}
