import type { FxQuote } from '@ajo/contracts/dollar';
import { ClockIcon } from '../../../components/ui/icons.tsx';
import { classNames } from '../../../lib/class-names.ts';
import { formatMoneyText } from '../../../lib/money-text.ts';
import { formatCountdown, formatNairaRate, useQuoteSecondsLeft } from '../../../lib/quotes.ts';
import { EarningsSummary } from './earnings-summary.tsx';

/** How long the rate is held, ticking down; amber in its last ten seconds. */
function Countdown({ seconds, refreshing }: { seconds: number; refreshing: boolean }) {
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
      {refreshing ? 'Refreshing rate…' : `Rate held for ${formatCountdown(seconds)}`}
    </span>
  );
}

export interface QuoteLabels {
  amount: string;
  nairaAmount: string;
  total: string;
}

/**
 * The server's quote before the user confirms: dollars, the rate in naira per $1, the naira, the
 * fee and the total, with a countdown to when the rate stops being held. When it runs out the
 * card asks for a new quote itself (`onExpired`), so what is confirmed is always live.
 */
export function DollarQuoteCard({
  quote,
  labels,
  refreshing,
  onExpired,
}: {
  quote: FxQuote;
  labels: QuoteLabels;
  refreshing: boolean;
  onExpired: () => void;
}) {
  const seconds = useQuoteSecondsLeft(quote, onExpired);
  return (
    <div
      aria-busy={refreshing}
      className={classNames(refreshing && 'opacity-60')}
      data-testid="dollar-quote"
    >
      <EarningsSummary
        title="Your quote"
        note={<Countdown seconds={seconds} refreshing={refreshing} />}
        rows={[
          {
            label: labels.amount,
            value: formatMoneyText(quote.amount, 'USD'),
            testId: 'quote-amount',
          },
          {
            label: 'Exchange rate',
            value: `${formatNairaRate(quote.rate)} / $1`,
            testId: 'quote-rate',
          },
          {
            label: labels.nairaAmount,
            value: formatMoneyText(quote.naira_amount),
            testId: 'quote-naira',
          },
          { label: 'Fee', value: formatMoneyText(quote.fee), testId: 'quote-fee' },
          {
            label: labels.total,
            value: formatMoneyText(quote.total),
            testId: 'quote-total',
            emphasis: true,
          },
        ]}
      />
      <p className="mt-2 text-xs leading-5 text-slate-500">
        The rate is held for 60 seconds; a new one is fetched for you when it runs out.
      </p>
    </div>
  );
}
