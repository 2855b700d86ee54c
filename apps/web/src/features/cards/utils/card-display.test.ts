import { describe, expect, it } from 'vitest';
import type { CardTransaction } from '@ajo/contracts/cards';
import {
  billingAddressText,
  cardTransactionBadge,
  cardTransactionSubtitle,
  cardTransactionTitle,
  formatCardExpiry,
  formatCardTransactionAmount,
  groupCardNumber,
  isCardInUse,
  pendingHoldsMinor,
} from './card-display.ts';

function transaction(overrides: Partial<CardTransaction>): CardTransaction {
  return {
    id: '5f8a1c52-8a0e-4e65-9d55-1d2b9d6e2f10',
    type: 'purchase',
    status: 'settled',
    amount: '-12.50',
    authorized_amount: '12.50',
    merchant_name: 'Netflix',
    merchant_city: 'Los Gatos',
    merchant_country: 'US',
    decline_reason: null,
    reference: 'ref-1',
    created_at: '2026-11-27T10:00:00.000Z',
    settled_at: null,
    ...overrides,
  };
}

describe('the card as printed and its figures', () => {
  it('when the expiry and number are shown, then they read as on a plastic card', () => {
    expect(formatCardExpiry('09', '2029')).toBe('09/29');
    expect(groupCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(groupCardNumber('5399 8300 0000 0001')).toBe('5399 8300 0000 0001');
  });

  it('when the balance holds pending purchases, then the held part is the balance less what can be spent', () => {
    expect(pendingHoldsMinor({ balance: '50.00', available_balance: '37.50' })).toBe(1_250n);
    expect(pendingHoldsMinor({ balance: '50.00', available_balance: '50.00' })).toBe(0n);
    expect(pendingHoldsMinor({ balance: '10.00', available_balance: '12.00' })).toBe(0n);
  });

  it('when the billing address is copied, then it is one line without empty parts', () => {
    expect(
      billingAddressText({
        line1: '256 Chapman Road STE 105-4',
        city: 'Newark',
        state: 'DE',
        postal_code: '19702',
        country: 'US',
      }),
    ).toBe('256 Chapman Road STE 105-4, Newark, DE, 19702, US');
    expect(
      billingAddressText({
        line1: '1 Main St',
        city: 'Dover',
        state: '',
        postal_code: '',
        country: 'US',
      }),
    ).toBe('1 Main St, Dover, US');
  });

  it('when a card is terminated, then it is no longer the card in use', () => {
    expect(isCardInUse({ status: 'active' })).toBe(true);
    expect(isCardInUse({ status: 'frozen' })).toBe(true);
    expect(isCardInUse({ status: 'terminated' })).toBe(false);
  });
});

describe('card transactions in the list', () => {
  it('when a purchase is listed, then the merchant is its title and the place follows the kind', () => {
    const purchase = transaction({});
    expect(cardTransactionTitle(purchase)).toBe('Netflix');
    expect(cardTransactionSubtitle(purchase)).toBe('Purchase · Los Gatos, US');
    expect(formatCardTransactionAmount(purchase)).toBe('−$12.50');
  });

  it('when money comes onto the card, then it reads as what happened with a plus sign', () => {
    const funding = transaction({
      type: 'funding',
      status: 'completed',
      amount: '25.00',
      authorized_amount: null,
      merchant_name: null,
      merchant_city: null,
      merchant_country: null,
    });
    expect(cardTransactionTitle(funding)).toBe('Card funded');
    expect(cardTransactionSubtitle(funding)).toBe('');
    expect(formatCardTransactionAmount(funding)).toBe('+$25.00');
  });

  it('when an attempt was declined, then it shows what the merchant asked for, unsigned, with a red badge', () => {
    const declined = transaction({
      status: 'declined',
      amount: '0.00',
      authorized_amount: '30.00',
      decline_reason: 'Your card is frozen',
    });
    expect(formatCardTransactionAmount(declined)).toBe('$30.00');
    expect(cardTransactionBadge('declined')).toEqual({ label: 'Declined', tone: 'red' });
    expect(cardTransactionBadge('pending')).toEqual({ label: 'Pending', tone: 'amber' });
    expect(cardTransactionBadge('settled').tone).toBe('green');
    expect(cardTransactionBadge('reversed').tone).toBe('slate');
  });
});
