import { useEffect, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { isApiError } from '../../lib/api-client.ts';
import { isUnknownOutcome } from '../../lib/money-attempts.ts';
import { PinConfirmField, usePinConfirm } from '../pin/pin-confirm.tsx';
import { Button } from '../ui/button.tsx';
import { FormErrorBanner } from '../ui/form-error-banner.tsx';
import { AlertIcon } from '../ui/icons.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { useNairaShortfall, WalletFunding } from '../wallet/wallet-funding.tsx';

/** The server refused the quote (it ran out or was used) and made a new one: say so plainly. */
function NewQuoteNotice({
  noun,
  message,
  hint,
}: {
  noun: 'rate' | 'price';
  message: string;
  hint: string | undefined;
}) {
  return (
    <div
      role="alert"
      className="flex items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm leading-6 text-amber-950"
      data-testid="quote-refusal"
    >
      <AlertIcon className="mt-0.5 size-5 shrink-0 text-amber-700" />
      <p>
        <strong className="block font-semibold">The {noun} has changed</strong>
        {hint ? `${message} ${hint}` : message}
      </p>
    </div>
  );
}

/**
 * Whether asking again could give a quote: not when the server refused the request itself (an
 * amount under the minimum, above a limit, more units than held). Then "Get a new price" would
 * only be refused again, and there is nothing to confirm: only the way back to the details is
 * offered.
 */
function quoteMayComeOnRetry(error: unknown): boolean {
  if (!isApiError(error)) return true;
  return error.status < 400 || error.status >= 500 || error.status === 408 || error.status === 429;
}

/**
 * The confirmation of anything bought at a quoted price (a conversion, a card load, a trade): the
 * live quote with its countdown, what the server said when it refused an earlier quote, the
 * transaction PIN, and Confirm. Confirm sends the quote on screen with the PIN, and is off while
 * a new quote is on its way; nothing moves before it. `onConfirm` hands the request's error to
 * `onPinError`, which shows a PIN refusal on the field.
 */
export function QuoteConfirmStep<Quote>({
  quote,
  showQuote,
  noun,
  intro,
  refusal,
  refusalHint,
  failure,
  isSubmitting,
  confirmLabel,
  backLabel,
  onConfirm,
  onBack,
  onDetailsRefused,
  walletDebit,
}: {
  /** The live quote's query: refetched when it runs out. */
  quote: UseQueryResult<Quote>;
  /** The quote on screen, with its countdown (`onExpired` asks for a new one). */
  showQuote: (quote: Quote, live: { refreshing: boolean; onExpired: () => void }) => ReactNode;
  /** What the quote fixes: a conversion's `rate` or a trade's `price`. */
  noun: 'rate' | 'price';
  intro: ReactNode;
  /** The sentence of a 409 refusal whose new quote is now shown. */
  refusal: string | undefined;
  /** Said after the refusal when its sentence does not say what to do. */
  refusalHint?: string;
  /**
   * The request's error. Shown unless it was about the PIN (the PIN field shows that) or it is
   * the 409 whose new quote `refusal` already tells.
   */
  failure: Error | null;
  isSubmitting: boolean;
  confirmLabel: string;
  backLabel: string;
  onConfirm: (quote: Quote, pin: string, onPinError: (error: unknown) => void) => void;
  onBack: () => void;
  /**
   * Where the details were typed, to show the server's refusal of them there (the field keeps
   * what was typed); without it, the refusal is shown here with the way back.
   */
  onDetailsRefused?: (message: string) => void;
  /**
   * A quote paid from the naira wallet: the wallet under the quote, and Confirm held back while
   * the wallet is short of what the quote takes (`amountOf`), unless the last attempt's answer
   * was lost (it may be what the wallet is short by).
   */
  walletDebit?: { label: string; amountOf: (quote: Quote) => bigint } | undefined;
}) {
  const pin = usePinConfirm();
  const refreshing = quote.isFetching;
  const current = quote.data;
  // After a lost answer the wallet may already be short by this very payment; Confirm then asks
  // about it again under the same key, so the server decides, not the balance on screen.
  const askingAgain = isUnknownOutcome(failure);
  const failureShown =
    refusal !== undefined && isApiError(failure) && failure.status === 409
      ? undefined
      : pin.otherError(failure);
  const debitMinor =
    walletDebit && current !== undefined && !askingAgain
      ? walletDebit.amountOf(current)
      : undefined;
  const walletShort = useNairaShortfall(debitMinor ?? null).short;
  // The server refused to quote these details: nothing to confirm, only the way back.
  const detailsRefusal =
    current === undefined && quote.isError && !quoteMayComeOnRetry(quote.error)
      ? quote.error.message
      : undefined;
  useEffect(() => {
    if (detailsRefusal !== undefined && onDetailsRefused) onDetailsRefused(detailsRefusal);
  }, [detailsRefusal, onDetailsRefused]);
  if (detailsRefusal !== undefined) {
    if (onDetailsRefused) return <Spinner label="Checking the details" className="size-5" />;
    return (
      <div className="space-y-5">
        <FormErrorBanner message={detailsRefusal} />
        <Button size="lg" className="w-full" onClick={onBack} data-autofocus>
          {backLabel}
        </Button>
      </div>
    );
  }
  const confirmQuote = () => {
    if (current === undefined || refreshing || isSubmitting) return;
    pin.confirm((value) => {
      onConfirm(current, value, pin.onError);
    });
  };
  return (
    <div className="space-y-5">
      <p className="text-sm leading-6 text-slate-600">{intro}</p>
      {refusal ? <NewQuoteNotice noun={noun} message={refusal} hint={refusalHint} /> : null}
      {current !== undefined ? (
        showQuote(current, {
          refreshing,
          onExpired: () => {
            // A quote being spent right now is the server's to judge; otherwise fetch a new one.
            if (!isSubmitting) void quote.refetch();
          },
        })
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
            {noun === 'rate' ? 'Get a new quote' : 'Get a new price'}
          </Button>
        </div>
      ) : (
        <div className="flex justify-center py-10 text-brand-600">
          <Spinner label={`Getting today's ${noun}`} />
        </div>
      )}
      {walletDebit ? (
        <WalletFunding label={walletDebit.label} amountMinor={debitMinor ?? null} />
      ) : null}
      <PinConfirmField pin={pin} disabled={isSubmitting} onEnter={confirmQuote} />
      <FormErrorBanner message={failureShown} />
      <div className="flex flex-col gap-3">
        <Button
          size="lg"
          isLoading={isSubmitting}
          disabled={current === undefined || refreshing || !pin.isSet || walletShort}
          onClick={confirmQuote}
        >
          {confirmLabel}
        </Button>
        <Button variant="ghost" disabled={isSubmitting} onClick={onBack}>
          {backLabel}
        </Button>
      </div>
    </div>
  );
}
