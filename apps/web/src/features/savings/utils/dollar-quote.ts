import { fxQuoteSchema, type FxQuote } from '@ajo/contracts/dollar';

export interface QuoteRefusal {
  /** The sentence to show (the error at path `quote_id`). */
  message: string;
  /** The new quote the server made for the same amount, to confirm instead. */
  quote: FxQuote;
}

/**
 * A 409 refusal of a missing, expired, used or mismatched quote carries a new quote field by
 * field (`quote.id`, `quote.rate`, …) and the sentence to show at `quote_id`. Answers both, or
 * undefined when the errors are not such a refusal.
 */
export function quoteRefusalOf(
  errors: readonly { path: string; message: string }[],
): QuoteRefusal | undefined {
  const fields: Record<string, string> = {};
  let message: string | undefined;
  for (const error of errors) {
    if (error.path === 'quote_id') message = error.message;
    else if (error.path.startsWith('quote.')) fields[error.path.slice(6)] = error.message;
  }
  const parsed = fxQuoteSchema.safeParse(fields);
  if (message === undefined || !parsed.success) return undefined;
  return { message, quote: parsed.data };
}
