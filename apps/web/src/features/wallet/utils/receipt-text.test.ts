import { describe, expect, it } from 'vitest';
import type { TransactionDetail } from '@ajo/contracts/wallet';
import { receiptMoneyLines, receiptText } from './receipt-text.ts';

const withdrawal: TransactionDetail = {
  id: '6f1c2f7e-6c1a-4d7e-9a51-0d3f3c1b2a10',
  type: 'withdrawal',
  status: 'successful',
  direction: 'debit',
  channel: 'bank_transfer',
  currency: 'NGN',
  amount: '20000.00',
  fee: '50.00',
  on_hold_amount: '0.00',
  on_hold_released_amount: '0.00',
  on_hold_released_at: null,
  reference: 'AJO-WDR-3F9A1C2B7D4E5F60718293A4',
  provider_reference: 'AJO-WDR-3F9A1C2B7D4E5F60718293A4',
  provider_transaction_id: null,
  client_reference: null,
  description: 'Withdrawal to Guaranty Trust Bank ••••••1234',
  created_at: '2026-09-05T08:07:00.000Z',
  updated_at: '2026-09-05T08:09:00.000Z',
  status_history: [
    { status: 'pending', at: '2026-09-05T08:07:00.000Z' },
    { status: 'successful', at: '2026-09-05T08:09:00.000Z' },
  ],
  counterparty: {
    name: 'Chiamaka Eze',
    bank_name: 'Guaranty Trust Bank',
    account_number: '••••••1234',
  },
  checkout_url: null,
  saving: null,
};

describe('receiptMoneyLines', () => {
  it('when money went out with a fee, then the fee is on top: Amount, Fee, Total debited', () => {
    expect(receiptMoneyLines(withdrawal)).toEqual({
      amount: '₦20,000.00',
      fee: '₦50.00',
      total: { label: 'Total debited', value: '₦20,050.00' },
    });
  });

  it('when money out is pending, failed or reversed, then its total says it is held or back in the wallet, not debited', () => {
    const totalOf = (status: TransactionDetail['status']) =>
      receiptMoneyLines({ ...withdrawal, status }).total;
    expect(totalOf('pending')).toEqual({ label: 'Total on hold', value: '₦20,050.00' });
    expect(totalOf('failed')).toEqual({ label: 'Returned to wallet', value: '₦20,050.00' });
    expect(totalOf('reversed')).toEqual({ label: 'Returned to wallet', value: '₦20,050.00' });
    expect(receiptText({ ...withdrawal, status: 'failed' })).not.toContain('Total debited');
  });

  it('when a sale paid its fee out of what it brought, then Amount is before the fee and Total credited is what arrived', () => {
    const sale: TransactionDetail = {
      ...withdrawal,
      type: 'trade',
      direction: 'credit',
      channel: 'wallet',
      amount: '1985.52',
      fee: '9.98',
      counterparty: null,
    };
    expect(receiptMoneyLines(sale)).toEqual({
      amount: '₦1,995.50',
      fee: '₦9.98',
      total: { label: 'Total credited', value: '₦1,985.52' },
    });
    expect(receiptText(sale)).toContain(
      ['Amount: +₦1,995.50', 'Fee: ₦9.98', 'Total credited: ₦1,985.52'].join('\n'),
    );
  });

  it('when a card top-up paid its fee by card, then the wallet got the amount and the card was charged both', () => {
    expect(
      receiptMoneyLines({
        ...withdrawal,
        type: 'deposit',
        direction: 'credit',
        channel: 'card',
        amount: '5000.00',
        fee: '75.00',
      }),
    ).toEqual({
      amount: '₦5,000.00',
      fee: '₦75.00',
      total: { label: 'Charged to card', value: '₦5,075.00' },
    });
    const cardTopUp = {
      ...withdrawal,
      type: 'deposit' as const,
      direction: 'credit' as const,
      channel: 'card' as const,
      amount: '5000.00',
      fee: '75.00',
    };
    // Declined at checkout: the card was not charged, so no total says it was.
    expect(receiptMoneyLines({ ...cardTopUp, status: 'failed' }).total).toBeNull();
    expect(receiptMoneyLines({ ...cardTopUp, status: 'reversed' }).total).toEqual({
      label: 'Returned to card',
      value: '₦5,075.00',
    });
  });

  it('when there was no fee, then there is no fee or total line for money in', () => {
    expect(
      receiptMoneyLines({ ...withdrawal, direction: 'credit', type: 'deposit', fee: '0.00' }),
    ).toEqual({ amount: '₦20,000.00', fee: null, total: null });
  });
});

describe('receiptText', () => {
  it('when a fixed plan matured, then the text holds the principal, gross interest, withholding tax and net interest', () => {
    const text = receiptText({
      ...withdrawal,
      type: 'saving',
      direction: 'credit',
      channel: 'wallet',
      amount: '50240.41',
      fee: '0.00',
      description: 'Fixed plan matured (30 days)',
      counterparty: null,
      saving: {
        saving_id: 'a',
        order_id: 'b',
        product: 'fixed',
        event: 'matured',
        principal: '50000.00',
        gross_interest: '267.12',
        withholding_tax: '26.71',
        net_interest: '240.41',
        forfeited_interest: null,
      },
    });
    expect(text).toContain(
      [
        'Amount: +₦50,240.41',
        'Principal: ₦50,000.00',
        'Gross interest: ₦267.12',
        'Withholding tax (10%): ₦26.71',
        'Net interest: ₦240.41',
      ].join('\n'),
    );
  });

  it('when a withdrawal is shared, then the text holds the amount, fee, total, the account masked and the reference', () => {
    expect(receiptText(withdrawal)).toBe(
      [
        'Ajo transaction receipt',
        'Withdrawal to Guaranty Trust Bank ••••••1234',
        'Amount: −₦20,000.00',
        'Fee: ₦50.00',
        'Total debited: ₦20,050.00',
        'Status: Successful',
        'Type: Withdrawal (Bank transfer)',
        'Date: 5 Sept 2026, 09:07 (Lagos time)',
        'To: Chiamaka Eze, Guaranty Trust Bank ••••••1234',
        'Reference: AJO-WDR-3F9A1C2B7D4E5F60718293A4',
      ].join('\n'),
    );
  });

  it('when a card top-up was never paid, then it reads as awaiting payment with no sign on the amount', () => {
    const text = receiptText({
      ...withdrawal,
      type: 'deposit',
      direction: 'credit',
      channel: 'card',
      status: 'pending',
      amount: '3000.00',
      fee: '45.00',
      description: 'Card top-up',
      counterparty: null,
      provider_reference: null,
      client_reference: 'my-ref-1',
    });
    expect(text).toContain('Amount: ₦3,000.00');
    expect(text).toContain('Status: Awaiting card payment');
    expect(text).toContain('Your reference: my-ref-1');
    expect(text).not.toContain('+₦');
    expect(text).not.toContain('Total debited');
  });
});
