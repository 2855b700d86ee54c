import type { Commodity, CommodityQuote } from '@ajo/contracts/commodities';
import { QuoteConfirmStep } from '../../../components/quote/quote-confirm-step.tsx';
import { useTradeQuote, type TradeOrder } from '../api/quote-commodity-trade.ts';
import { TradeQuoteCard } from './trade-quote-card.tsx';

/**
 * Step 2 of a trade (QuoteConfirmStep): the live quote at today's price, the PIN and Confirm.
 */
export function TradeConfirmStep({
  order,
  commodity,
  ...step
}: {
  order: TradeOrder;
  commodity: Commodity;
  refusal: string | undefined;
  failure: Error | null;
  isSubmitting: boolean;
  onConfirm: (quote: CommodityQuote, pin: string, onPinError: (error: unknown) => void) => void;
  onBack: () => void;
  onDetailsRefused: (message: string) => void;
}) {
  const buying = order.side === 'buy';
  const quote = useTradeQuote(order);
  return (
    <QuoteConfirmStep
      {...step}
      quote={quote}
      showQuote={(quote, live) => <TradeQuoteCard quote={quote} commodity={commodity} {...live} />}
      noun="price"
      intro={
        buying
          ? 'Check the price and the fee. The total leaves your wallet when you confirm.'
          : 'Check the price and the fee. The total reaches your wallet when you confirm.'
      }
      confirmLabel={buying ? 'Confirm purchase' : 'Confirm sale'}
      backLabel="Change details"
    />
  );
}
