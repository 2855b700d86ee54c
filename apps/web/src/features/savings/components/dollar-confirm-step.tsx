import type { ReactNode } from 'react';
import type { FxQuote } from '@ajo/contracts/dollar';
import { QuoteConfirmStep } from '../../../components/quote/quote-confirm-step.tsx';
import { useDollarQuote, type DollarQuoteKind } from '../api/dollar-quote.ts';
import { DollarQuoteCard, type QuoteLabels } from './dollar-quote-card.tsx';

/**
 * The confirmation of a conversion (QuoteConfirmStep): the live quote at today's rate, the PIN
 * and Confirm.
 */
export function DollarConfirmStep({
  kind,
  amountMinor,
  labels,
  ...step
}: {
  kind: DollarQuoteKind;
  amountMinor: bigint;
  labels: QuoteLabels;
  intro: ReactNode;
  confirmLabel: string;
  refusal: string | undefined;
  failure: Error | null;
  isSubmitting: boolean;
  onConfirm: (quote: FxQuote, pin: string, onPinError: (error: unknown) => void) => void;
  onBack: () => void;
  walletDebit?: { label: string; amountOf: (quote: FxQuote) => bigint } | undefined;
}) {
  const quote = useDollarQuote(kind, amountMinor);
  return (
    <QuoteConfirmStep
      {...step}
      quote={quote}
      showQuote={(quote, live) => <DollarQuoteCard quote={quote} labels={labels} {...live} />}
      noun="rate"
      backLabel="Change details"
    />
  );
}
