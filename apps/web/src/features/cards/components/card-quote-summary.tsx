import type { CardQuote } from '@ajo/contracts/cards';
import { QuoteCountdown } from '../../../components/quote/quote-countdown.tsx';
import { classNames } from '../../../lib/class-names.ts';
import { formatMoneyText } from '../../../lib/money-text.ts';
import { formatNairaRate, useQuoteSecondsLeft } from '../../../lib/quotes.ts';

interface Row {
  label: string;
  value: string;
  testId: string;
  emphasis?: boolean;
}

function rowsOf(quote: CardQuote): Row[] {
  const usd = (text: string) => formatMoneyText(text, 'USD');
  const rate = {
    label: 'Exchange rate',
    value: `${formatNairaRate(quote.rate)} / $1`,
    testId: 'quote-rate',
  };
  const naira = {
    label: 'Naira value',
    value: formatMoneyText(quote.naira_amount),
    testId: 'quote-naira',
  };
  const nairaFee = {
    label: 'Conversion fee',
    value: formatMoneyText(quote.naira_fee),
    testId: 'quote-naira-fee',
  };
  if (quote.purpose === 'withdraw') {
    return [
      { label: 'Off your card', value: usd(quote.amount), testId: 'quote-amount' },
      rate,
      naira,
      nairaFee,
      {
        label: 'To your naira wallet',
        value: formatMoneyText(quote.naira_total),
        testId: 'quote-total',
        emphasis: true,
      },
    ];
  }
  return [
    {
      label: quote.purpose === 'create' ? 'Starting card balance' : 'Onto your card',
      value: usd(quote.amount),
      testId: 'quote-amount',
    },
    ...(quote.purpose === 'create'
      ? [{ label: 'Card creation fee', value: usd(quote.card_fee), testId: 'quote-card-fee' }]
      : []),
    rate,
    naira,
    nairaFee,
    {
      label: 'Total from your wallet',
      value: formatMoneyText(quote.naira_total),
      testId: 'quote-total',
      emphasis: true,
    },
  ];
}

/**
 * The server's quote before anything moves: dollars, any card fee, the rate, the naira and the
 * total, with a countdown to when the rate stops being held. When it runs out the owner asks for
 * a new quote (`onExpired`), so what is confirmed is always live.
 */
export function CardQuoteSummary({
  quote,
  refreshing,
  onExpired,
}: {
  quote: CardQuote;
  refreshing: boolean;
  onExpired: () => void;
}) {
  const seconds = useQuoteSecondsLeft(quote, onExpired);
  return (
    <div
      aria-busy={refreshing}
      className={classNames(
        'rounded-2xl bg-slate-50 p-4 text-sm ring-1 ring-slate-900/5 sm:p-5',
        refreshing && 'opacity-60',
      )}
      data-testid="card-quote"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold text-slate-900">Your quote</h3>
        <QuoteCountdown seconds={seconds} refreshing={refreshing} noun="rate" />
      </div>
      <dl className="mt-3 space-y-2.5">
        {rowsOf(quote).map((row) => (
          <div
            key={row.testId}
            className={classNames(
              'flex justify-between gap-4',
              row.emphasis === true && 'border-t border-slate-200 pt-3 text-base',
            )}
          >
            <dt
              className={row.emphasis === true ? 'font-semibold text-slate-900' : 'text-slate-600'}
            >
              {row.label}
            </dt>
            <dd
              data-testid={row.testId}
              className={classNames(
                'text-right tabular-nums',
                row.emphasis === true ? 'font-bold text-slate-900' : 'font-medium text-slate-900',
              )}
            >
              {row.value}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
