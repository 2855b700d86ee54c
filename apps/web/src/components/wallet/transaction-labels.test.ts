import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatTransactionDate } from './transaction-labels.ts';

const intlFormat = new Intl.DateTimeFormat('en-NG', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

describe('formatTransactionDate', () => {
  it('when a date is formatted, then it reads as en-NG writes it ("5 Sept 2026, 9:07")', () => {
    expect(formatTransactionDate({ created_at: new Date(2026, 8, 5, 9, 7).toISOString() })).toBe(
      '5 Sept 2026, 9:07',
    );
    expect(formatTransactionDate({ created_at: new Date(2026, 0, 31, 0, 0).toISOString() })).toBe(
      '31 Jan 2026, 0:00',
    );
  });

  it('when any date from 2000 to 2100 is formatted, then the text equals Intl’s for en-NG', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('2000-01-01T00:00:00Z'),
          max: new Date('2100-01-01T00:00:00Z'),
          noInvalidDate: true,
        }),
        (date) => {
          expect(formatTransactionDate({ created_at: date.toISOString() })).toBe(
            intlFormat.format(date),
          );
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('when the timestamp is not a date, then nothing is shown', () => {
    expect(formatTransactionDate({ created_at: 'not a date' })).toBe('');
  });
});
