import { commodityQuoteSchema, type CommodityQuote } from '@ajo/contracts/commodities';

/** "1.5000" → "1.5", "2.0000" → "2": units as people read them. */
export function readableUnits(units: string): string {
  return units.includes('.') ? units.replace(/0+$/, '').replace(/\.$/, '') : units;
}

export interface TradeQuoteRefusal {
  /** The sentence to show (the error at path `quote_id`). */
  message: string;
  /** The new quote the server made for the same trade, to confirm instead. */
  quote: CommodityQuote;
}

/**
 * A 409 refusal of a missing, expired, used or mismatched quote carries a new quote field by
 * field (`quote.id`, `quote.price`, …) and the sentence to show at `quote_id`. Answers both, or
 * undefined when the errors are not such a refusal.
 */
export function tradeQuoteRefusalOf(
  errors: readonly { path: string; message: string }[],
): TradeQuoteRefusal | undefined {
  const fields: Record<string, string> = {};
  let message: string | undefined;
  for (const error of errors) {
    if (error.path === 'quote_id') message = error.message;
    else if (error.path.startsWith('quote.')) fields[error.path.slice(6)] = error.message;
  }
  const quote = commodityQuoteSchema.safeParse(fields);
  return message !== undefined && quote.success ? { message, quote: quote.data } : undefined;
}
