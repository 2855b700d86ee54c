import { describe, expect, it } from 'vitest';
import type { OpsCatalogue } from '@ajo/contracts/ops-products';
import { buildChanges, changeSummary, editableItems, initialForm } from './product-model.ts';

const catalogue: OpsCatalogue = {
  savings_products: [
    {
      id: 'p1',
      slug: 'fixed',
      name: 'Fixed',
      description: 'Lock a lump sum away.',
      currency: 'NGN',
      minimum: '1000.00',
      active: true,
      durations: [
        { id: '30d', label: '30 days', days: 30, rate: 6.5 },
        { id: '90d', label: '90 days', days: 90, rate: 12 },
      ],
      scheduled: [],
    },
  ],
  commodities: [],
  commodity_categories: [],
  fixed_income_products: [],
  real_estate_listings: [],
  fees: [{ id: 'withdraw', currency: 'NGN', rate: 0, flat: '50.00', cap: null, scheduled: [] }],
  limits: [
    {
      id: 'withdraw',
      currency: 'NGN',
      minimum: '100.00',
      tiers: [
        { tier: 1, per_transaction: '50000.00', daily: '100000.00' },
        { tier: 3, per_transaction: null, daily: null },
      ],
      balance_max: null,
      scheduled: [],
    },
  ],
  exchange_rate: [
    { id: 'USD_NGN', base: 'USD', quote: 'NGN', buy: '1550.00', sell: '1500.00', scheduled: [] },
  ],
  adverts: [],
  as_of: '2026-11-27T09:00:00.000Z',
};

const items = editableItems(catalogue);

describe('product changes as an operator fills them in', () => {
  it('when nothing is edited, then there is nothing to change', () => {
    for (const item of [...items.savings_product, ...items.fee, ...items.limit]) {
      expect(buildChanges(item, initialForm(item))).toEqual({ changes: {}, errors: {}, lines: [] });
    }
  });

  it('when a savings rate is changed, then the whole rate chart is sent and the summary names the old and new rate and what is kept', () => {
    const fixed = items.savings_product[0];
    if (!fixed) throw new Error('no product');
    const form = initialForm(fixed);
    form.durations[1] = { id: '90d', label: '90 days', days: '90', rate: '13.50' };
    const built = buildChanges(fixed, form);
    expect(built.changes).toEqual({
      durations: [
        { id: '30d', label: '30 days', days: 30, rate: 6.5 },
        { id: '90d', label: '90 days', days: 90, rate: 13.5 },
      ],
    });
    expect(changeSummary(fixed, built.lines, new Date('2026-11-28T08:00:00Z'))).toBe(
      'Fixed: 90 days: rate 12.00% → 13.50% from 28 Nov 2026, 09:00; plans already open keep their rate',
    );
  });

  it('when a rate has three decimals or a money field is not an amount, then the field is flagged', () => {
    const fixed = items.savings_product[0];
    const fee = items.fee[0];
    if (!fixed || !fee) throw new Error('no items');
    const form = initialForm(fixed);
    form.durations[0] = { id: '30d', label: '30 days', days: '30', rate: '6.555' };
    expect(buildChanges(fixed, form).errors).toHaveProperty('durations.0.rate');
    const feeForm = initialForm(fee);
    feeForm.fields.flat = '5o';
    expect(buildChanges(fee, feeForm).errors).toHaveProperty('flat');
  });

  it('when a fee cap is blanked or set, then only that field changes, as money or none', () => {
    const fee = items.fee[0];
    if (!fee) throw new Error('no fee');
    const form = initialForm(fee);
    form.fields.cap = '2000';
    form.fields.flat = '50';
    const built = buildChanges(fee, form);
    expect(built.changes).toEqual({ cap: '2000' });
    expect(built.lines).toEqual(['Cap (NGN, blank for none) none → ₦2,000.00']);
  });

  it('when one tier of a limit changes, then only that tier is sent', () => {
    const limit = items.limit[0];
    if (!limit) throw new Error('no limit');
    const form = initialForm(limit);
    form.tiers[1] = { tier: 3, per_transaction: '5000000', daily: '' };
    expect(buildChanges(limit, form).changes).toEqual({
      tiers: [{ tier: 3, per_transaction: '5000000', daily: null }],
    });
  });

  it('when only the buy side of the exchange rate moves, then both sides are sent, and a sell above buy is flagged', () => {
    const rate = items.exchange_rate[0];
    if (!rate) throw new Error('no rate');
    const form = initialForm(rate);
    form.fields.buy = '1600.00';
    expect(buildChanges(rate, form).changes).toEqual({ buy: '1600.00', sell: '1500.00' });
    form.fields.sell = '1700.00';
    expect(buildChanges(rate, form).errors).toHaveProperty('sell');
  });
});
