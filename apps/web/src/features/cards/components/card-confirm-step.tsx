import type { ReactNode } from 'react';
import type { CardQuote } from '@ajo/contracts/cards';
import { PinConfirmField, usePinConfirm } from '../../../components/pin/pin-confirm.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormErrorBanner } from '../../../components/ui/form-error-banner.tsx';
import { AlertIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useCardQuote, type CardMovement } from '../api/quote-card-movement.ts';
import { CardQuoteSummary } from './card-quote-summary.tsx';

/** The server refused the quote (it ran out or was used); a new one is on screen: say so. */
function NewRateNotice({ message }: { message: string }) {
  return (
    <div
      role="alert"
      className="flex items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm leading-6 text-amber-950"
      data-testid="quote-refusal"
    >
      <AlertIcon className="mt-0.5 size-5 shrink-0 text-amber-700" />
      <p>
        <strong className="block font-semibold">The rate has changed</strong>
        {message} Check the new figures below before you confirm.
      </p>
    </div>
  );
}

/**
 * The confirmation of a card movement: the live quote with its countdown, what the server said
 * when it refused an earlier quote, the transaction PIN, and Confirm. Confirm sends the quote on
 * screen with the PIN, and is off while a new quote is on its way. Nothing moves before Confirm.
 * `onConfirm` hands the request's error to `onPinError`, which shows a PIN refusal on the field.
 */
export function CardConfirmStep({
  movement,
  intro,
  confirmLabel,
  refusal,
  failure,
  isSubmitting,
  onConfirm,
  onBack,
  children,
}: {
  movement: CardMovement;
  intro: ReactNode;
  confirmLabel: string;
  refusal: string | undefined;
  failure: Error | null;
  isSubmitting: boolean;
  onConfirm: (quote: CardQuote, pin: string, onPinError: (error: unknown) => void) => void;
  onBack: () => void;
  /** More under the quote, given the quote on screen (the wallet it is paid from). */
  children?: (quote: CardQuote | undefined) => ReactNode;
}) {
  const quote = useCardQuote(movement);
  const pin = usePinConfirm();
  const refreshing = quote.isFetching;
  return (
    <div className="space-y-5">
      <p className="text-sm leading-6 text-slate-600">{intro}</p>
      {refusal ? <NewRateNotice message={refusal} /> : null}
      {quote.data ? (
        <CardQuoteSummary
          quote={quote.data}
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
            Get a new quote
          </Button>
        </div>
      ) : (
        <div className="flex justify-center py-10 text-brand-600">
          <Spinner label="Getting today's rate" />
        </div>
      )}
      {children?.(quote.data)}
      <PinConfirmField pin={pin} disabled={isSubmitting} />
      <FormErrorBanner message={pin.otherError(failure)} />
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
          {confirmLabel}
        </Button>
        <Button variant="ghost" disabled={isSubmitting} onClick={onBack}>
          Change amount
        </Button>
      </div>
    </div>
  );
}
