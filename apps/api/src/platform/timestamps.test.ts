import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isoTimestamp } from './timestamps.ts';

/** PostgreSQL's UTC text of an instant with microseconds (trailing zeros of the fraction cut). */
function postgresText(epochMicros: bigint): string {
  const date = new Date(Number(epochMicros / 1000n));
  const [day, time] = date.toISOString().slice(0, 19).split('T');
  const fraction = (epochMicros % 1_000_000n).toString().padStart(6, '0').replace(/0+$/, '');
  return `${day ?? ''} ${time ?? ''}${fraction ? `.${fraction}` : ''}+00`;
}

describe('isoTimestamp', () => {
  it('whatever UTC instant PostgreSQL writes, then the answer is what Date would give', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 253_402_300_799_999_999n }), (epochMicros) => {
        const text = postgresText(epochMicros);
        expect(isoTimestamp(text)).toBe(new Date(text).toISOString());
      }),
      { numRuns: 2_000 },
    );
  });

  it('when the text is in another zone or is a Date, then it goes through Date', () => {
    expect(isoTimestamp('2026-11-24 22:41:31.5+01')).toBe('2026-11-24T21:41:31.500Z');
    expect(isoTimestamp(new Date('2026-11-24T21:41:31.963Z'))).toBe('2026-11-24T21:41:31.963Z');
  });
});
