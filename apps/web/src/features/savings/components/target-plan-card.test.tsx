import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { SavingRecord } from '@ajo/contracts/savings';
import { TargetPlanCard } from './target-plan-card.tsx';

function targetRecord(status: 'active' | 'matured' | 'broken'): SavingRecord {
  const active = status === 'active';
  return {
    id: 'saving-1',
    amount: '8000.00',
    saving_order: {
      id: 'order-1',
      amount: '20000.00',
      currency: 'NGN',
      status,
      meta: {
        reason: 'My House Rent',
        start_date: '2026-11-27',
        maturity_date: '2026-12-27',
        duration: '30 days',
        duration_id: '90d',
        duration_days: 30,
        percentage_yield: 7,
      },
      saving: { id: 'target', name: 'Target Savings', slug: 'target_saving', active, rate: 7 },
      accrued_interest: '12.00',
      projected: {
        gross_interest: '46.03',
        withholding_tax: '4.60',
        net_interest: '41.43',
        payout: '8041.43',
      },
      target: {
        amount: '20000.00',
        category: '2',
        frequency: 'WEEKLY',
        collection_method: 'automatic',
        collection_amount: '4000.00',
        next_collection_date: active ? '2026-12-11' : null,
        next_collection_amount: active ? '4000.00' : null,
        progress_percent: 40,
        missed_instalments: 0,
      },
      predefined_target_id: null,
      paid: active
        ? null
        : {
            gross_interest: '0.00',
            withholding_tax: '0.00',
            net_interest: '0.00',
            payout: '7920.00',
            charge: '80.00',
            forfeited_interest: '12.00',
            matured_at: '2026-12-05T10:00:00.000Z',
          },
      created_at: '2026-11-27T09:00:00.000Z',
    },
  };
}

function renderCard(record: SavingRecord): string {
  return renderToStaticMarkup(
    <MemoryRouter>
      <ul>
        <TargetPlanCard record={record} categoryLabel="House rent" />
      </ul>
    </MemoryRouter>,
  );
}

const visibleText = (markup: string) => markup.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('TargetPlanCard', () => {
  it("when a target is active, then it shows the reason, '₦ target', '% achieved', Active and %pa, and opens the detail", () => {
    const markup = renderCard(targetRecord('active'));
    const text = visibleText(markup);
    expect(text).toContain('My House Rent');
    expect(text).toContain('₦20,000.00 target');
    expect(text).toContain('40% achieved');
    expect(text).toContain('Active');
    expect(text).toContain('7%pa');
    expect(markup).toContain('href="/savings/target-savings/detail?a=saving-1&amp;o=order-1"');
  });

  it('when a target was broken, then it reads Matured, says what came back and does not open', () => {
    const markup = renderCard(targetRecord('broken'));
    const text = visibleText(markup);
    expect(text).toContain('Matured');
    expect(text).not.toContain('Active');
    expect(text).toContain('Broken early · ₦7,920.00 back to wallet');
    expect(markup).not.toContain('<a ');
  });

  it('when a target matured, then it shows what was paid to the wallet', () => {
    expect(visibleText(renderCard(targetRecord('matured')))).toContain('Paid to wallet ₦7,920.00');
  });
});
