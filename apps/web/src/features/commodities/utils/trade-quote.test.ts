import { describe, expect, it } from 'vitest';
import { readableUnits, tradeQuoteRefusalOf } from './trade-quote.ts';

describe('commodity trade quotes on screen', () => {
  it('when units arrive with 4 decimals, then trailing zeros go', () => {
    expect(readableUnits('1.5000')).toBe('1.5');
    expect(readableUnits('2.0000')).toBe('2');
    expect(readableUnits('0.0001')).toBe('0.0001');
  });

  it('when a 409 carries a new quote field by field, then it is read back whole; other errors are not refusals', () => {
    const errors = [
      { path: 'quote_id', message: 'The price you confirmed has expired.' },
      { path: 'quote.id', message: '8f9c6f7e-4a53-4c1e-9a55-2b9b1c0e4d11' },
      { path: 'quote.commodity_id', message: '0f9c6f7e-4a53-4c1e-9a55-2b9b1c0e4d11' },
      { path: 'quote.side', message: 'buy' },
      { path: 'quote.units', message: '1.0000' },
      { path: 'quote.price', message: '48720.00' },
      { path: 'quote.amount', message: '48720.00' },
      { path: 'quote.fee', message: '243.60' },
      { path: 'quote.total', message: '48963.60' },
      { path: 'quote.expires_at', message: '2026-11-27T10:01:00.000Z' },
    ];
    expect(tradeQuoteRefusalOf(errors)).toMatchObject({
      message: 'The price you confirmed has expired.',
      quote: { units: '1.0000', total: '48963.60' },
    });
    expect(tradeQuoteRefusalOf([{ path: 'amount', message: 'Enter a valid amount' }])).toBe(
      undefined,
    );
  });
});
