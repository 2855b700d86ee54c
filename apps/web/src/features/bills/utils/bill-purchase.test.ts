import { describe, expect, it } from 'vitest';
import type { Biller } from '@ajo/contracts/bills';
import {
  purchaseAmountMinor,
  purchaseHeadline,
  purchaseRequest,
  purchaseSummaryRows,
  type BillPurchase,
} from './bill-purchase.ts';

const biller = (id: string, type: number, shortName: string): Biller => ({
  id,
  type,
  name: shortName,
  short_name: shortName,
  colour: '#000000',
  prefixes: [],
  customer_label: '',
  has_plans: type === 2,
  needs_verification: type === 4 || type === 5,
});

const airtime: BillPurchase = {
  kind: 'airtime',
  biller: biller('mtn', 1, 'MTN'),
  phone: '0803 123 4567',
  amountMinor: 50_021n,
};
const data: BillPurchase = {
  kind: 'data',
  biller: biller('glo-data', 2, 'Glo'),
  phone: '8052223344',
  plan: { code: 'glo-1gb-7d', name: 'Glo 1GB', amount: '500.00', validity: '7 days' },
};
const electricity: BillPurchase = {
  kind: 'electricity',
  biller: biller('eko-electric', 4, 'Eko Electricity'),
  meterNumber: '1111111111111',
  meterType: 'prepaid',
  customer: { name: 'Adebayo Ogunleye', address: '12 Allen Avenue, Ikeja, Lagos' },
  amountMinor: 500_000n,
};
const betting: BillPurchase = {
  kind: 'betting',
  biller: biller('sportybet', 5, 'SportyBet'),
  customerId: 'AJO2026X',
  customer: { name: 'Sandbox Punter', address: null },
  amountMinor: 250_000n,
};

describe('purchaseRequest', () => {
  it('when airtime is bought, then the phone is sent as its 10 digits and the amount as decimal text', () => {
    expect(purchaseRequest(airtime)).toEqual({
      path: '/bill_payments/airtime',
      body: { biller_id: 'mtn', phone: '8031234567', amount: '500.21' },
    });
  });

  it('when the number was moved to the chosen network, then that is said with it and on the confirmation', () => {
    const moved = { ...airtime, phone: '08051234567', ported: true };
    expect(purchaseRequest(moved).body).toEqual({
      biller_id: 'mtn',
      phone: '8051234567',
      amount: '500.21',
      ported_number: true,
    });
    expect(purchaseSummaryRows(moved)).toContainEqual({
      label: 'Phone number',
      value: '0805 123 4567 (moved to MTN)',
    });
  });

  it('when data is bought, then the plan code is sent and no amount (the plan has its price)', () => {
    expect(purchaseRequest(data)).toEqual({
      path: '/bill_payments/data-bundle',
      body: { biller_id: 'glo-data', phone: '8052223344', plan_code: 'glo-1gb-7d' },
    });
  });

  it('when electricity is paid, then the meter and its type are sent', () => {
    expect(purchaseRequest(electricity)).toEqual({
      path: '/bill_payments/electricity',
      body: {
        biller_id: 'eko-electric',
        meter_number: '1111111111111',
        meter_type: 'prepaid',
        amount: '5000.00',
      },
    });
  });

  it('when a betting account is funded, then its account id is sent', () => {
    expect(purchaseRequest(betting)).toEqual({
      path: '/bill_payments/betting',
      body: { biller_id: 'sportybet', customer_id: 'AJO2026X', amount: '2500.00' },
    });
  });
});

describe('purchaseSummaryRows', () => {
  it('when a meter is confirmed, then its owner and address are shown', () => {
    expect(purchaseSummaryRows(electricity)).toEqual([
      { label: 'Service', value: 'Eko Electricity · Prepaid' },
      { label: 'Meter number', value: '1111111111111' },
      { label: 'Name', value: 'Adebayo Ogunleye' },
      { label: 'Address', value: '12 Allen Avenue, Ikeja, Lagos' },
    ]);
  });

  it('when a betting account is confirmed, then there is no address row', () => {
    expect(purchaseSummaryRows(betting).map((row) => row.label)).toEqual([
      'Service',
      'Account ID',
      'Name',
    ]);
  });

  it('when a phone is confirmed, then it reads as people write it', () => {
    expect(purchaseSummaryRows(data)).toContainEqual({
      label: 'Phone number',
      value: '0805 222 3344',
    });
    expect(purchaseSummaryRows(data)).toContainEqual({ label: 'Plan', value: 'Glo 1GB · 7 days' });
  });
});

describe('purchaseAmountMinor and purchaseHeadline', () => {
  it("when a data plan is bought, then its amount is the plan's price", () => {
    expect(purchaseAmountMinor(data)).toBe(50_000n);
    expect(purchaseAmountMinor(airtime)).toBe(50_021n);
  });

  it('when a purchase is confirmed, then the headline says what and for whom', () => {
    expect(purchaseHeadline(airtime)).toBe('MTN airtime for 0803 123 4567');
    expect(purchaseHeadline(electricity)).toBe('Eko Electricity prepaid meter 1111111111111');
    expect(purchaseHeadline(betting)).toBe('SportyBet account AJO2026X');
  });
});
