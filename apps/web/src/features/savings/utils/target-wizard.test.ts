import { describe, expect, it } from 'vitest';
import { targetSavingsMessages as messages } from '@ajo/contracts/savings';
import {
  agreementError,
  emptyTargetDraft,
  goalErrors,
  scheduleErrors,
  scheduleNotice,
  stepIsReachable,
  wizardStepFor,
  type TargetDraft,
} from './target-wizard.ts';

const today = '2026-11-27';

const complete: TargetDraft = {
  reason: 'My House Rent',
  categoryId: '2',
  frequency: 'WEEKLY',
  amountText: '20000',
  startDate: '2026-11-27',
  endDate: '2026-12-27',
  collectionMethod: 'automatic',
  collectionAmountText: '',
};

describe('goalErrors (step 0)', () => {
  it('when nothing is filled in, then each field says what is missing in the spec words', () => {
    expect(goalErrors({ ...emptyTargetDraft(), categoryId: '' })).toEqual({
      reason: messages.reason,
      categoryId: messages.category,
      frequency: messages.frequency,
      amountText: messages.amountEmpty,
    });
  });

  it('when the category is left as it starts, then the first category counts as chosen', () => {
    expect(emptyTargetDraft('7').categoryId).toBe('7');
    expect(goalErrors(emptyTargetDraft()).categoryId).toBeUndefined();
  });

  it('when the target is under ₦2,000, then it must be at least 2,000 naira', () => {
    expect(goalErrors({ ...complete, amountText: '1999.99' }).amountText).toBe(
      'Must be at least 2,000 naira',
    );
    expect(goalErrors({ ...complete, amountText: '2000' })).toEqual({});
  });

  it('when the reason is only spaces, then it is missing', () => {
    expect(goalErrors({ ...complete, reason: '   ' }).reason).toBe('Select reason');
  });
});

describe('scheduleErrors (step 1)', () => {
  it('when nothing is chosen, then the dates and the method are asked for', () => {
    expect(
      scheduleErrors({ ...complete, startDate: '', endDate: '', collectionMethod: '' }),
    ).toEqual({
      startDate: messages.startDate,
      endDate: messages.endDate,
      collectionMethod: messages.collectionMethod,
    });
  });

  it('when the end is before the start, then the end date cannot be before the start date', () => {
    expect(scheduleErrors({ ...complete, endDate: '2026-11-20' }).endDate).toBe(
      'End date cannot be before start date',
    );
  });

  it('when the end is within a month of the start, then it must be at least one month after', () => {
    expect(scheduleErrors({ ...complete, endDate: '2026-12-26' }).endDate).toBe(
      'End date must be at least one month after start date',
    );
    expect(scheduleErrors({ ...complete, endDate: complete.startDate }).endDate).toBe(
      messages.endWithinMonth,
    );
    expect(scheduleErrors(complete)).toEqual({});
  });

  it('when a month is short (31 January), then one month later is its last day', () => {
    const january = { ...complete, startDate: '2027-01-31' };
    expect(scheduleErrors({ ...january, endDate: '2027-02-27' }).endDate).toBe(
      messages.endWithinMonth,
    );
    expect(scheduleErrors({ ...january, endDate: '2027-02-28' })).toEqual({});
  });

  it('when the plan is manual, then the amount to deposit is required and above zero', () => {
    const manual = { ...complete, collectionMethod: 'manual' as const };
    expect(scheduleErrors(manual).collectionAmountText).toBe('Select collection amount');
    expect(scheduleErrors({ ...manual, collectionAmountText: '0' }).collectionAmountText).toBe(
      'Collection amount cannot be 0 or negative',
    );
    expect(scheduleErrors({ ...manual, collectionAmountText: '0.50' }).collectionAmountText).toBe(
      messages.collectionAmountPositive,
    );
    expect(scheduleErrors({ ...manual, collectionAmountText: '5000' })).toEqual({});
  });

  it('when the plan is automatic, then no amount is typed (it is computed)', () => {
    expect(scheduleErrors({ ...complete, collectionAmountText: '' })).toEqual({});
  });
});

describe('scheduleNotice (step 1 on submit)', () => {
  it('when the start has passed, then the start date/time is elapsed', () => {
    expect(scheduleNotice({ ...complete, startDate: '2026-11-26' }, today)).toBe(
      'Start date/time is elapsed',
    );
  });

  it('when the end is not after the start, then it must be beyond the start date', () => {
    expect(scheduleNotice({ ...complete, endDate: complete.startDate }, today)).toBe(
      'End date must be beyond start date',
    );
    expect(scheduleNotice({ ...complete, endDate: '2026-11-01' }, today)).toBe(
      messages.endNotBeyondStart,
    );
  });

  it('when the span is under a month, then the duration must be at least one month', () => {
    expect(scheduleNotice({ ...complete, endDate: '2026-12-20' }, today)).toBe(
      'Duration must be at least one month',
    );
  });

  it('when the end is more than ten years away, then it must be within 10 years from today', () => {
    expect(scheduleNotice({ ...complete, endDate: '9999-12-31' }, today)).toBe(
      'End date must be within 10 years from today',
    );
  });

  it('when the dates are fine or not chosen yet, then there is no notice', () => {
    expect(scheduleNotice(complete, today)).toBeUndefined();
    expect(scheduleNotice({ ...complete, startDate: '' }, today)).toBeUndefined();
  });
});

describe('agreementError (step 2)', () => {
  it('when a box is unticked, then it asks for the agreement', () => {
    expect(agreementError(false)).toBe('Confirm agreement to continue');
    expect(agreementError(true)).toBeUndefined();
  });
});

describe('wizardStepFor', () => {
  it('when the URL has no query string, then the wizard is at step 0 whatever the values', () => {
    expect(wizardStepFor('', complete, today)).toBe(0);
    expect(wizardStepFor('?', complete, today)).toBe(0);
  });

  it('when the URL asks for a step whose values are there, then that step shows', () => {
    expect(wizardStepFor('?step=0', complete, today)).toBe(0);
    expect(wizardStepFor('?step=1', complete, today)).toBe(1);
    expect(wizardStepFor('?step=2', complete, today)).toBe(2);
  });

  it('when the values of an earlier step are missing, then it falls back to the furthest possible', () => {
    const goalOnly = { ...complete, startDate: '', endDate: '' };
    expect(wizardStepFor('?step=2', goalOnly, today)).toBe(1);
    expect(wizardStepFor('?step=2', emptyTargetDraft(), today)).toBe(0);
    expect(wizardStepFor('?step=1', emptyTargetDraft(), today)).toBe(0);
  });

  it('when another parameter is there without a step (a panel), then it is step 0', () => {
    expect(wizardStepFor('?a=notification', complete, today)).toBe(0);
    expect(wizardStepFor('?step=9', complete, today)).toBe(0);
  });

  it('when the schedule raises a notice, then step 2 cannot be reached', () => {
    const past = { ...complete, startDate: '2026-11-01', endDate: '2026-12-27' };
    expect(stepIsReachable(2, past, today)).toBe(false);
    expect(stepIsReachable(1, past, today)).toBe(true);
  });
});
