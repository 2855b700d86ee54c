import type { Commodity, CommodityQuote } from '@ajo/contracts/commodities';
import { QuoteCountdown } from '../../../components/quote/quote-countdown.tsx';
import { classNames } from '../../../lib/class-names.ts';
import { formatMoneyText } from '../../../lib/money-text.ts';
import { useQuoteSecondsLeft } from '../../../lib/quotes.ts';
import { readableUnits } from '../utils/trade-quote.ts';

function Row({
  label,
  value,
  testId,
  emphasis = false,
}: {
  label: string;
  value: string;
  testId: string;
  emphasis?: boolean;
}) {
  return (
    <div
      className={classNames(
        'flex items-baseline justify-between gap-4 py-2.5',
        emphasis && 'border-t border-slate-200 pt-3',
      )}
    >
      <dt
        className={classNames(
          'text-sm',
          emphasis ? 'font-semibold text-slate-900' : 'text-slate-600',
        )}
      >
        {label}
      </dt>
      <dd
        className={classNames(
          'text-right tabular-nums',
          emphasis ? 'text-lg font-bold text-slate-900' : 'text-sm font-medium text-slate-900',
        )}
        data-testid={testId}
      >
        {value}
      </dd>
    </div>
  );
}

/**
 * The server's price before the user confirms: units, price per unit, amount, fee and total,
 * with a countdown to when the price stops being held. When it runs out the card asks for a new
 * quote itself (`onExpired`), so what is confirmed is always live.
 */
export function TradeQuoteCard({
  quote,
  commodity,
  refreshing,
  onExpired,
}: {
  quote: CommodityQuote;
  commodity: Commodity;
  refreshing: boolean;
  onExpired: () => void;
}) {
  const seconds = useQuoteSecondsLeft(quote, onExpired);
  const buying = quote.side === 'buy';
  return (
    <section
      aria-label="Your quote"
      aria-busy={refreshing}
      className={classNames(
        'rounded-2xl bg-slate-50 p-4 ring-1 ring-slate-200 ring-inset',
        refreshing && 'opacity-60',
      )}
      data-testid="trade-quote"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-900">Your quote</h3>
        <QuoteCountdown seconds={seconds} refreshing={refreshing} noun="price" />
      </div>
      <dl className="mt-2">
        <Row
          label={`${commodity.name} (${commodity.unit})`}
          value={`${readableUnits(quote.units)} unit${quote.units === '1.0000' ? '' : 's'}`}
          testId="quote-units"
        />
        <Row label="Price per unit" value={formatMoneyText(quote.price)} testId="quote-price" />
        <Row
          label={buying ? 'Cost' : 'Sale value'}
          value={formatMoneyText(quote.amount)}
          testId="quote-amount"
        />
        <Row label="Fee" value={formatMoneyText(quote.fee)} testId="quote-fee" />
        <Row
          label={buying ? 'Total from your wallet' : 'Total to your wallet'}
          value={formatMoneyText(quote.total)}
          testId="quote-total"
          emphasis
        />
      </dl>
      <p className="mt-1 text-xs leading-5 text-slate-500">
        The price is held for 60 seconds; a new one is fetched for you when it runs out.
      </p>
    </section>
  );
}
