import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { SavingRecord } from '@ajo/contracts/savings';
import { FixedPlanCard } from './fixed-plan-card.tsx';

function fixedRecord(overrides: { active: boolean; paid?: boolean }): SavingRecord {
  return {
    id: 'saving-1',
    amount: '50000.00',
    saving_order: {
      id: 'order-1',
      amount: '50000.00',
      currency: 'NGN',
      status: overrides.active ? 'active' : 'matured',
      meta: {
        reason: 'Fixed savings',
        start_date: '2026-11-27',
        maturity_date: '2026-12-27',
        duration: '30 days',
        duration_id: '30d',
        duration_days: 30,
        percentage_yield: 6.5,
      },
      saving: { id: 'fixed', name: 'Fixed', slug: 'fixed', active: overrides.active, rate: 6.5 },
      accrued_interest: overrides.active ? '133.56' : '267.12',
      projected: {
        gross_interest: '267.12',
        withholding_tax: '26.71',
        net_interest: '240.41',
        payout: '50240.41',
      },
      target: null,
      predefined_target_id: null,
      paid:
        overrides.paid === true
          ? {
              gross_interest: '267.12',
              withholding_tax: '26.71',
              net_interest: '240.41',
              payout: '50240.41',
              charge: '0.00',
              forfeited_interest: '0.00',
              matured_at: '2026-12-27T00:00:00.000Z',
            }
          : null,
      created_at: '2026-11-27T09:00:00.000Z',
    },
  };
}

function renderCard(record: SavingRecord): string {
  return renderToStaticMarkup(
    <MemoryRouter>
      <ul>
        <FixedPlanCard record={record} />
      </ul>
    </MemoryRouter>,
  );
}

/** The markup's text, tags removed, so assertions read like what a person sees. */
function visibleText(markup: string): string {
  return markup.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
}

describe('FixedPlanCard', () => {
  it('when a plan is active, then it shows ₦ amount, maturity date, Active and the %pa yield', () => {
    const markup = renderCard(fixedRecord({ active: true }));
    const text = visibleText(markup);
    expect(text).toContain('₦50,000.00');
    expect(text).toContain('Maturity date 27 Dec 2026');
    expect(text).toContain('Active');
    expect(text).toContain('6.5%pa');
    expect(text).toContain('₦133.56 earned so far');
    expect(markup).toContain('aria-valuenow="50"');
    expect(markup).toContain('href="/savings/fixed/saving-1/order-1"');
  });

  it('when a plan has matured, then it says Matured and what reached the wallet', () => {
    const text = visibleText(renderCard(fixedRecord({ active: false, paid: true })));
    expect(text).toContain('Matured');
    expect(text).not.toContain('Active');
    expect(text).toContain('Paid to wallet ₦50,240.41');
  });
});
