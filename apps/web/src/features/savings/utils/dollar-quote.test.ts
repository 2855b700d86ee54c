import { describe, expect, it } from 'vitest';
import { quoteRefusalOf } from './dollar-quote.ts';

describe('quoteRefusalOf', () => {
  const quoteErrors = [
    {
      path: 'quote_id',
      message:
        'The rate you confirmed has expired. Confirm the new rate to continue: $100.00 costs ₦160,000.00 at ₦1,600.00 per $1.',
    },
    { path: 'quote.id', message: '7f8a1c2e-4b5d-4e6f-8a9b-0c1d2e3f4a5b' },
    { path: 'quote.side', message: 'buy' },
    { path: 'quote.amount', message: '100.00' },
    { path: 'quote.currency', message: 'USD' },
    { path: 'quote.rate', message: '1600.00' },
    { path: 'quote.naira_amount', message: '160000.00' },
    { path: 'quote.fee', message: '0.00' },
    { path: 'quote.total', message: '160000.00' },
    { path: 'quote.expires_at', message: '2026-11-27T10:01:00.000Z' },
  ];

  it('when the 409 carries a new quote, then it answers the sentence and the quote', () => {
    const refusal = quoteRefusalOf(quoteErrors);
    expect(refusal?.message).toMatch(/^The rate you confirmed has expired/);
    expect(refusal?.quote).toMatchObject({ rate: '1600.00', total: '160000.00', side: 'buy' });
  });

  it('when the errors are not a quote refusal, then it answers undefined', () => {
    expect(quoteRefusalOf([{ path: 'amount', message: 'Amount must be at least $50' }])).toBe(
      undefined,
    );
    expect(quoteRefusalOf(quoteErrors.filter((error) => error.path !== 'quote.rate'))).toBe(
      undefined,
    );
  });
});
