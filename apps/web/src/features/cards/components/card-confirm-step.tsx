import type { ReactNode } from 'react';
import type { CardQuote } from '@ajo/contracts/cards';
import { QuoteConfirmStep } from '../../../components/quote/quote-confirm-step.tsx';
import { useCardQuote, type CardMovement } from '../api/quote-card-movement.ts';
import { CardQuoteSummary } from './card-quote-summary.tsx';

/**
 * The confirmation of a card movement (QuoteConfirmStep): the live quote at today's rate, the PIN
 * and Confirm.
 */
export function CardConfirmStep({
  movement,
  ...step
}: {
  movement: CardMovement;
  intro: ReactNode;
  confirmLabel: string;
  refusal: string | undefined;
  failure: Error | null;
  isSubmitting: boolean;
  onConfirm: (quote: CardQuote, pin: string, onPinError: (error: unknown) => void) => void;
  onBack: () => void;
  walletDebit?: { label: string; amountOf: (quote: CardQuote) => bigint } | undefined;
}) {
  const quote = useCardQuote(movement);
  return (
    <QuoteConfirmStep
      {...step}
      quote={quote}
      showQuote={(quote, live) => <CardQuoteSummary quote={quote} {...live} />}
      noun="rate"
      refusalHint="Check the new figures below before you confirm."
      backLabel="Change amount"
    />
  );
}
