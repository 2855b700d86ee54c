import { describe, expect, it } from 'vitest';
import { durationError, fixedAmountError } from './fixed-amount-check.ts';

describe('fixedAmountError', () => {
  it('when the box is empty while typing, then nothing is said yet', () => {
    expect(fixedAmountError('', 'typing')).toBeUndefined();
  });

  it('when the box is empty on Continue, then it is not a valid number', () => {
    expect(fixedAmountError('', 'continue')).toBe('Please enter a valid number');
  });

  it('when the amount is zero, then it is below the minimum, as the server says too', () => {
    expect(fixedAmountError('0', 'typing')).toBe('Amount must be at least 1,000');
    expect(fixedAmountError('0.00', 'continue')).toBe('Amount must be at least ₦1,000');
  });

  it('when the amount is below ₦1,000 while typing, then the typing message shows', () => {
    expect(fixedAmountError('999.99', 'typing')).toBe('Amount must be at least 1,000');
  });

  it('when the amount is below ₦1,000 on Continue, then the message names the naira', () => {
    expect(fixedAmountError('500', 'continue')).toBe('Amount must be at least ₦1,000');
  });

  it('when the amount is exactly ₦1,000 or more, then it is accepted', () => {
    expect(fixedAmountError('1000', 'continue')).toBeUndefined();
    expect(fixedAmountError('50000.50', 'typing')).toBeUndefined();
  });
});

describe('durationError', () => {
  const durations = [{ id: 'd30' }, { id: 'd90' }];

  it('when no duration is chosen, then one must be selected', () => {
    expect(durationError('', durations)).toBe('Select a valid duration');
  });

  it("when the id is not one of the product's durations, then it is refused", () => {
    expect(durationError('d7', durations)).toBe('Select a valid duration');
  });

  it('when a listed duration is chosen, then it is accepted', () => {
    expect(durationError('d90', durations)).toBeUndefined();
  });
});
