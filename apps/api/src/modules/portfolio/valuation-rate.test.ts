import { describe, expect, it } from 'vitest';
import { ExchangeRateUnavailable } from '../../providers/rates/rates.port.ts';
import { currentValuationRate, nairaValueMinor, parseValuationRate } from './valuation-rate.ts';

const at = new Date('2026-11-27T08:00:00Z');

describe('valuation rate', () => {
  it('when the sell rate has decimals, then dollars convert exactly, rounded down to the kobo', () => {
    const rate = parseValuationRate('1500.3725', at);
    expect(rate).toMatchObject({ units: 15_003_725n, scale: 10_000n });
    // $12.34 at ₦1,500.3725 is ₦18,514.59665: the customer is shown ₦18,514.59.
    expect(nairaValueMinor(1_234n, rate)).toBe(1_851_459n);
    expect(nairaValueMinor(100_00n, rate)).toBe(15_003_725n);
    expect(nairaValueMinor(0n, rate)).toBe(0n);
  });

  it('when the amount is beyond 2^53 cents, then the conversion stays exact', () => {
    const rate = parseValuationRate('1550.01', at);
    expect(nairaValueMinor(9_007_199_254_740_993n, rate)).toBe(
      (9_007_199_254_740_993n * 155_001n) / 100n,
    );
  });

  it.each(['', 'abc', '1500.12345', '-1500', '0', '0.00'])(
    'when the rate is %j, then it is refused as unavailable',
    (text) => {
      expect(() => parseValuationRate(text, at)).toThrow(ExchangeRateUnavailable);
    },
  );

  it('when no rate is configured, then the current rate is null rather than an error', async () => {
    const missing = {
      current: () => Promise.reject(new ExchangeRateUnavailable('no USD_NGN rate')),
    };
    expect(await currentValuationRate(missing)).toBeNull();
    const set = { current: () => Promise.resolve({ buy: '1550.00', sell: '1500.00', at }) };
    expect(await currentValuationRate(set)).toMatchObject({ text: '1500.00', units: 150_000n });
  });
});
