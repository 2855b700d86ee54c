/**
 * The sentence of a refusal that is about the quote (it ran out, was used, or belongs to another
 * amount): the server names it at `quote_id`. Undefined for any other refusal, which is shown
 * as it is.
 */
export function quoteRefusalMessage(
  errors: readonly { path: string; message: string }[],
): string | undefined {
  return errors.find((error) => error.path === 'quote_id')?.message;
}
