import { describe, expect, it } from 'vitest';
import type { BillPayment } from '@ajo/contracts/bills';
import {
  groupToken,
  paymentRecipient,
  paymentService,
  paymentTitle,
  receiptExplanation,
  receiptHeadline,
} from './bill-display.ts';

const payment = (overrides: Partial<BillPayment>): BillPayment => ({
  id: '00000000-0000-4000-8000-000000000000',
  reference: 'AJO-ELE-0000',
  type: 4,
  biller_id: 'ikeja-electric',
  biller_name: 'Ikeja Electric',
  customer_id: '1111111111111',
  customer_name: 'Adebayo Ogunleye',
  address: '12 Allen Avenue, Ikeja, Lagos',
  meter_type: 'prepaid',
  plan: null,
  amount: '5000.00',
  fee: '100.00',
  total: '5100.00',
  status: 'successful',
  token: '12345678901234567890',
  units: '73.0 kWh',
  description: '',
  created_at: '2026-11-25T09:00:00.000Z',
  updated_at: '2026-11-25T09:00:00.000Z',
  ...overrides,
});

describe('groupToken', () => {
  it('when a token is digits, then it is grouped in fours for keying in', () => {
    expect(groupToken('12345678901234567890')).toBe('1234 5678 9012 3456 7890');
    expect(groupToken('1234-5678-9012-3456-7890')).toBe('1234 5678 9012 3456 7890');
  });

  it("when a token is not only digits, then the vendor's layout is kept", () => {
    expect(groupToken(' AB12-CD34 ')).toBe('AB12-CD34');
  });
});

describe('paymentTitle, paymentService and paymentRecipient', () => {
  it('when a prepaid meter was paid, then the history calls it a token', () => {
    expect(paymentTitle(payment({}))).toBe('Ikeja Electric token');
    expect(paymentTitle(payment({ meter_type: 'postpaid' }))).toBe('Ikeja Electric bill');
    expect(paymentService(payment({}))).toBe('Ikeja Electric · Prepaid');
    expect(paymentRecipient(payment({}))).toBe('Meter 1111111111111');
  });

  it("when data was bought, then the plan's name is the title", () => {
    const bundle = payment({
      type: 2,
      biller_name: 'MTN',
      customer_id: '08031234567',
      plan: { code: 'mtn-1gb-7d', name: 'MTN 1GB' },
    });
    expect(paymentTitle(bundle)).toBe('MTN 1GB');
    expect(paymentService(bundle)).toBe('MTN data');
    expect(paymentRecipient(bundle)).toBe('0803 123 4567');
  });

  it('when airtime or betting was paid, then the titles name the biller', () => {
    expect(paymentTitle(payment({ type: 1, biller_name: 'Airtel' }))).toBe('Airtel airtime');
    const topUp = payment({ type: 5, biller_name: 'Bet9ja', customer_id: 'ABC123' });
    expect(paymentTitle(topUp)).toBe('Bet9ja top-up');
    expect(paymentRecipient(topUp)).toBe('Account ABC123');
  });
});

describe('receiptHeadline and receiptExplanation', () => {
  it('when the biller has not answered, then the receipt says it is processing', () => {
    const pending = payment({ status: 'pending', token: null });
    expect(receiptHeadline(pending)).toBe('Payment processing');
    expect(receiptExplanation(pending)).toContain('Waiting for Ikeja Electric');
  });

  it('when a prepaid token was delivered, then the receipt says it is ready', () => {
    expect(receiptHeadline(payment({}))).toBe('Your token is ready');
    expect(receiptHeadline(payment({ token: null }))).toBe('Electricity bill paid');
    expect(receiptExplanation(payment({}))).toBeUndefined();
  });

  it('when the payment failed or was reversed, then the receipt says the money is back', () => {
    expect(receiptHeadline(payment({ status: 'failed' }))).toBe('Payment failed');
    expect(receiptExplanation(payment({ status: 'reversed' }))).toContain(
      'The money is back in your wallet',
    );
  });
});
