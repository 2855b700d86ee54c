import { describe, expect, it } from 'vitest';
import type { PredefinedTarget, SavingRecord } from '@ajo/contracts/savings';
import { challengePath, selectedTarget, targetDetailSearch } from './challenge-location.ts';

function target(id: string, orderId?: string): PredefinedTarget {
  return {
    id,
    name: id,
    amount: '100000.00',
    start_at: '2026-11-01',
    end_at: '2027-01-31',
    meta: {
      image_url: '',
      total_users: 1,
      collection_amount: '7700.00',
      collection_method: 'weekly',
      rate: 8,
    },
    order: orderId
      ? ({ id: `saving-${orderId}`, amount: '0.00', saving_order: { id: orderId } } as SavingRecord)
      : null,
    current_week_start: '2026-11-22',
    medals: [],
  };
}

describe('challenge location', () => {
  const targets = [target('sprint', 'order-1'), target('relay')];

  it('opens a joined target by its order id and another by its target id', () => {
    expect(targetDetailSearch(targets[0]!)).toBe('?a=order-1');
    expect(targetDetailSearch(targets[1]!)).toBe('?target=relay');
  });

  it('picks the target the URL names, by order first', () => {
    expect(selectedTarget(targets, new URLSearchParams('a=order-1'))?.id).toBe('sprint');
    expect(selectedTarget(targets, new URLSearchParams('target=relay'))?.id).toBe('relay');
    expect(selectedTarget(targets, new URLSearchParams('a=other&target=relay'))?.id).toBe('relay');
  });

  it('when the URL names nothing known, then no target is open', () => {
    expect(selectedTarget(targets, new URLSearchParams(''))).toBeUndefined();
    expect(selectedTarget(targets, new URLSearchParams('a=fund'))).toBeUndefined();
  });

  it('builds the challenge path from the product id', () => {
    expect(challengePath('abc')).toBe('/savings/target-savings/abc');
  });
});
