import { describe, expect, it } from 'vitest';
import { achievedText, frequencyLabel, progressWidth, targetAmountText } from './target-display.ts';
import { detailSavingId } from './target-location.ts';

describe('achievedText', () => {
  it('when the card is active, then the percent has no decimals and is never rounded up', () => {
    expect(achievedText(45, true)).toBe('45% achieved');
    expect(achievedText(99.6, true)).toBe('99% achieved');
  });

  it('when the card has matured, then the percent shows as it came', () => {
    expect(achievedText(62.5, false)).toBe('62.5% achieved');
  });
});

describe('progressWidth and targetAmountText', () => {
  it('when saved beyond the target, then the bar stops full', () => {
    expect(progressWidth(120)).toBe(100);
    expect(progressWidth(-3)).toBe(0);
    expect(progressWidth(40)).toBe(40);
  });

  it('when a target is shown on a card, then it reads ₦amount target', () => {
    expect(targetAmountText('50000.00')).toBe('₦50,000.00 target');
  });

  it('when a frequency is shown, then the catalogue label is used, else a tidy word', () => {
    expect(frequencyLabel('WEEKLY', [{ id: 'WEEKLY', label: 'Every week' }])).toBe('Every week');
    expect(frequencyLabel('MONTHLY')).toBe('Monthly');
  });
});

describe('detailSavingId', () => {
  const id = '0b6f1f5e-5a5e-4c1e-9a43-3c8d1c1f2a10';
  const other = '9b6f1f5e-5a5e-4c1e-9a43-3c8d1c1f2a10';

  it('when a panel takes ?a= over the detail, then the plan shown stays', () => {
    expect(detailSavingId('notification', id)).toBe(id);
    expect(detailSavingId(null, id)).toBe(id);
  });

  it('when ?a= names another plan, then that plan shows', () => {
    expect(detailSavingId(other, id)).toBe(other);
  });

  it('when nothing is shown yet, then whatever ?a= holds is read as the plan (a bad link says so)', () => {
    expect(detailSavingId('not-a-plan', null)).toBe('not-a-plan');
    expect(detailSavingId(null, null)).toBeNull();
  });
});
