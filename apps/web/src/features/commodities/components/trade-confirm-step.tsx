import type { Commodity, CommodityQuote } from '@ajo/contracts/commodities';
import { PinConfirmField, usePinConfirm } from '../../../components/pin/pin-confirm.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormErrorBanner } from '../../../components/ui/form-error-banner.tsx';
import { AlertIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useTradeQuote, type TradeOrder } from '../api/quote-commodity-trade.ts';
import { TradeQuoteCard } from './trade-quote-card.tsx';

/** The server refused the quote (it ran out or was used) and made a new one: say so plainly. */
function NewPriceNotice({ message }: { message: string }) {
  return (
    <div
      role="alert"
      className="flex items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm leading-6 text-amber-950"
      data-testid="quote-refusal"
    >
      <AlertIcon className="mt-0.5 size-5 shrink-0 text-amber-700" />
      <p>
        <strong className="block font-semibold">The price has changed</strong>
        {message}
      </p>
    </div>
  );
}

/**
 * Step 2 of a trade: the live quote with its countdown, what the server said when it refused an
 * earlier quote, and Confirm. Confirm sends the quote on screen, and is off while a new quote is
 * on its way.
 */
export function TradeConfirmStep({
  order,
  commodity,
  refusal,
  failure,
  isSubmitting,
  onConfirm,
  onBack,
}: {
  order: TradeOrder;
  commodity: Commodity;
  refusal: string | undefined;
  failure: string | undefined;
  isSubmitting: boolean;
  /** Sends the trade with the PIN; the request's error goes to `onPinError` (the PIN field). */
  onConfirm: (quote: CommodityQuote, pin: string, onPinError: (error: unknown) => void) => void;
  onBack: () => void;
}) {
  const quote = useTradeQuote(order);
  const pin = usePinConfirm();
  const refreshing = quote.isFetching;
  const buying = order.side === 'buy';
  return (
    <div className="space-y-5">
      <p className="text-sm leading-6 text-slate-600">
        {buying
          ? 'Check the price and the fee. The total leaves your wallet when you confirm.'
          : 'Check the price and the fee. The total reaches your wallet when you confirm.'}
      </p>
      {refusal ? <NewPriceNotice message={refusal} /> : null}
      {quote.data ? (
        <TradeQuoteCard
          quote={quote.data}
          commodity={commodity}
          refreshing={refreshing}
          onExpired={() => {
            // A quote being spent right now is the server's to judge; otherwise fetch a new one.
            if (!isSubmitting) void quote.refetch();
          }}
        />
      ) : quote.isError ? (
        <div className="space-y-3">
          <FormErrorBanner message={quote.error.message} />
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              void quote.refetch();
            }}
          >
            Get a new price
          </Button>
        </div>
      ) : (
        <div className="flex justify-center py-10 text-brand-600">
          <Spinner label="Getting today's price" />
        </div>
      )}
      <PinConfirmField pin={pin} disabled={isSubmitting} />
      <FormErrorBanner message={failure} />
      <div className="flex flex-col gap-3">
        <Button
          size="lg"
          isLoading={isSubmitting}
          disabled={!quote.data || refreshing || !pin.isSet}
          onClick={() => {
            const current = quote.data;
            if (!current) return;
            pin.confirm((value) => {
              onConfirm(current, value, pin.onError);
            });
          }}
        >
          {buying ? 'Confirm purchase' : 'Confirm sale'}
        </Button>
        <Button variant="ghost" disabled={isSubmitting} onClick={onBack}>
          Change details
        </Button>
      </div>
    </div>
  );
}
