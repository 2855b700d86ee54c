import type { FxQuote } from '@ajo/contracts/dollar';
import { QuoteCountdown } from '../../../components/quote/quote-countdown.tsx';
import { classNames } from '../../../lib/class-names.ts';
import { formatMoneyText } from '../../../lib/money-text.ts';
import { formatNairaRate, useQuoteSecondsLeft } from '../../../lib/quotes.ts';
import { EarningsSummary } from './earnings-summary.tsx';

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
        note={<QuoteCountdown seconds={seconds} refreshing={refreshing} noun="rate" />}
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
