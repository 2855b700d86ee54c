import { describe, expect, it } from 'vitest';
import { planCountText } from './plan-count-text.ts';

const words = { none: 'No active plans yet', before: 'In', noun: 'active plan' };

describe('planCountText', () => {
  it('when there are no plans, then it says so in its own words', () => {
    expect(planCountText(0, words)).toBe('No active plans yet');
  });

  it('when there is one plan, then the noun stays singular', () => {
    expect(planCountText(1, words)).toBe('In 1 active plan');
  });

  it('when there are several plans, then the noun takes an s', () => {
    expect(planCountText(3, words)).toBe('In 3 active plans');
  });
});
