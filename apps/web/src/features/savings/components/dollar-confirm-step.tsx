import type { ReactNode } from 'react';
import type { FxQuote } from '@ajo/contracts/dollar';
import { PinConfirmField, usePinConfirm } from '../../../components/pin/pin-confirm.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormErrorBanner } from '../../../components/ui/form-error-banner.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { AlertIcon } from '../../../components/ui/icons.tsx';
import { useDollarQuote, type DollarQuoteKind } from '../api/dollar-quote.ts';
import { DollarQuoteCard, type QuoteLabels } from './dollar-quote-card.tsx';

/** The server refused the quote (it ran out or was used) and made a new one: say so plainly. */
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
        {message}
      </p>
    </div>
  );
}

/**
 * The confirmation of a conversion: the live quote with its countdown, what the server said
 * when it refused an earlier quote, and Confirm. Confirm sends the quote on screen, and is off
 * while a new quote is on its way.
 */
export function DollarConfirmStep({
  kind,
  amountMinor,
  labels,
  intro,
  confirmLabel,
  refusal,
  failure,
  isSubmitting,
  onConfirm,
  onBack,
  children,
}: {
  kind: DollarQuoteKind;
  amountMinor: bigint;
  labels: QuoteLabels;
  intro: ReactNode;
  confirmLabel: string;
  /** The sentence of a 409 refusal whose new quote is now shown. */
  refusal: string | undefined;
  failure: string | undefined;
  isSubmitting: boolean;
  /** Sends with the PIN; the request's error goes to `onPinError` (the PIN field). */
  onConfirm: (quote: FxQuote, pin: string, onPinError: (error: unknown) => void) => void;
  onBack: () => void;
  /** More to show under the quote, given the quote on screen (e.g. the wallet it comes from). */
  children?: (quote: FxQuote | undefined) => ReactNode;
}) {
  const quote = useDollarQuote(kind, amountMinor);
  const pin = usePinConfirm();
  const refreshing = quote.isFetching;
  return (
    <div className="space-y-5">
      <p className="text-sm leading-6 text-slate-600">{intro}</p>
      {refusal ? <NewRateNotice message={refusal} /> : null}
      {quote.data ? (
        <DollarQuoteCard
          quote={quote.data}
          labels={labels}
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
          {confirmLabel}
        </Button>
        <Button variant="ghost" disabled={isSubmitting} onClick={onBack}>
          Change details
        </Button>
      </div>
    </div>
  );
}
