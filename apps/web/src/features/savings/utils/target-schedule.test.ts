import { describe, expect, it } from 'vitest';
import { automaticCollectionMinor } from '@ajo/contracts/savings';
import {
  collectionPlanOf,
  formatNairaShort,
  rateForTerm,
  scheduleText,
  targetSavingBody,
} from './target-schedule.ts';
import type { TargetDraft } from './target-wizard.ts';

const weekly: TargetDraft = {
  reason: ' Vacation ',
  categoryId: '1',
  frequency: 'WEEKLY',
  amountText: '20000',
  startDate: '2026-11-27',
  endDate: '2026-12-27',
  collectionMethod: 'automatic',
  collectionAmountText: '',
};

const durations = [
  { id: '90d', label: '90 days', days: 90, rate: 7 },
  { id: '180d', label: '180 days', days: 180, rate: 8 },
  { id: '365d', label: '1 year', days: 365, rate: 9 },
];

describe('collectionPlanOf', () => {
  it('when automatic and weekly over a month, then the target is split over 5 weekly due dates', () => {
    const plan = collectionPlanOf(weekly);
    expect(plan?.dueDates).toEqual([
      '2026-11-27',
      '2026-12-04',
      '2026-12-11',
      '2026-12-18',
      '2026-12-25',
    ]);
    expect(plan?.amountMinor).toBe(4_000_00n);
  });

  it('when automatic, then the amount is the contract function (the server figure), rounded up', () => {
    const draft = {
      ...weekly,
      amountText: '20001',
      endDate: '2027-02-27',
      frequency: 'MONTHLY' as const,
    };
    const plan = collectionPlanOf(draft);
    expect(plan?.amountMinor).toBe(
      automaticCollectionMinor(2_000_100n, '2026-11-27', '2027-02-27', 'MONTHLY'),
    );
    expect(plan?.amountMinor).toBe(6_667_00n);
    expect(plan?.dueDates).toHaveLength(3);
  });

  it('when manual, then the amount is what was typed', () => {
    const plan = collectionPlanOf({
      ...weekly,
      collectionMethod: 'manual',
      collectionAmountText: '2500.50',
    });
    expect(plan?.amountMinor).toBe(250_050n);
  });

  it('when the dates are not there yet, then there is no plan', () => {
    expect(collectionPlanOf({ ...weekly, endDate: '' })).toBeUndefined();
    expect(collectionPlanOf({ ...weekly, frequency: '' })).toBeUndefined();
    expect(collectionPlanOf({ ...weekly, collectionMethod: 'manual' })).toBeUndefined();
  });
});

describe('scheduleText', () => {
  it('when weekly, then it reads the amount, the first due date and the count', () => {
    const plan = collectionPlanOf(weekly);
    expect(plan && scheduleText(plan, 'WEEKLY')).toBe(
      '₦4,000 every week from 27 Nov, 5 instalments',
    );
  });

  it('when one monthly instalment, then it is singular and kobo show', () => {
    expect(scheduleText({ amountMinor: 250_050n, dueDates: ['2026-11-27'] }, 'MONTHLY')).toBe(
      '₦2,500.50 every month from 27 Nov, 1 instalment',
    );
    expect(formatNairaShort(1_000_000_00n)).toBe('₦1,000,000');
  });
});

describe('rateForTerm', () => {
  it('when the term is shorter than every duration, then the first rate applies', () => {
    expect(rateForTerm(durations, '2026-11-27', '2026-12-27')).toBe(7);
  });

  it('when the term covers longer durations, then the longest covered applies', () => {
    expect(rateForTerm(durations, '2026-11-27', '2027-06-01')).toBe(8);
    expect(rateForTerm(durations, '2026-11-27', '2027-11-27')).toBe(9);
  });

  it('when there is no rate chart, then there is no rate', () => {
    expect(rateForTerm([], '2026-11-27', '2027-11-27')).toBeUndefined();
  });
});

describe('targetSavingBody', () => {
  it('when sent, then dates are Lagos ISO date-times, amounts decimals, the reason trimmed', () => {
    expect(targetSavingBody(weekly)).toEqual({
      reason: 'Vacation',
      category: '1',
      frequency: 'WEEKLY',
      amount: '20000.00',
      start_date: '2026-11-27T00:00:00+01:00',
      end_date: '2026-12-27T00:00:00+01:00',
      collection_method: 'automatic',
      collection_amount: '4000.00',
    });
  });
});
