import { describe, expect, it } from 'vitest';
import { cardMessages } from '@ajo/contracts/cards';
import { cardAmountError, roomOnCardMinor, type AmountBounds } from './card-amount.ts';

const bounds: AmountBounds = {
  minimumMinor: 500n,
  maximumMinor: 1_000_000n,
  aboveMaximum: 'A card holds at most $10,000.00',
};

describe('the dollars typed into the card forms', () => {
  it('when nothing is typed, then nothing is said while typing and the amount is asked for on submit', () => {
    expect(cardAmountError('', 'typing', bounds)).toBe(undefined);
    expect(cardAmountError('', 'submit', bounds)).toBe(cardMessages.noAmount);
  });

  it('when the amount is zero or not a number, then the person is told how to write it', () => {
    expect(cardAmountError('0', 'submit', bounds)).toBe(cardMessages.notANumber);
    expect(cardAmountError('0.00', 'typing', bounds)).toBe(cardMessages.notANumber);
    expect(cardAmountError('abc', 'submit', bounds)).toBe(cardMessages.notANumber);
  });

  it('when the amount is below the minimum or above the maximum, then the bound is named', () => {
    expect(cardAmountError('4.99', 'submit', bounds)).toBe('The minimum is $5.00');
    expect(cardAmountError('5', 'submit', bounds)).toBe(undefined);
    expect(cardAmountError('10000', 'submit', bounds)).toBe(undefined);
    expect(cardAmountError('10000.01', 'submit', bounds)).toBe(bounds.aboveMaximum);
  });

  it('when a card holds close to its maximum, then the room left is the difference, never negative', () => {
    expect(roomOnCardMinor(1_000_000n, 250_000n)).toBe(750_000n);
    expect(roomOnCardMinor(1_000_000n, 1_000_000n)).toBe(0n);
    expect(roomOnCardMinor(1_000_000n, 1_200_000n)).toBe(0n);
  });
});
