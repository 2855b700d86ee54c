import { describe, expect, it } from 'vitest';
import { quoteRefusalMessage } from './card-quote.ts';

describe('card quotes on screen', () => {
  it('when the server refuses a quote, then its sentence at quote_id is found; other refusals are not quote refusals', () => {
    expect(
      quoteRefusalMessage([
        { path: 'amount', message: 'Enter the amount in dollars' },
        { path: 'quote_id', message: 'That quote does not exist or has expired' },
      ]),
    ).toBe('That quote does not exist or has expired');
    expect(quoteRefusalMessage([{ path: '', message: 'Your wallet balance is too low' }])).toBe(
      undefined,
    );
    expect(quoteRefusalMessage([])).toBe(undefined);
  });
});
