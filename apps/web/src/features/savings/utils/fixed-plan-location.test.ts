import { describe, expect, it } from 'vitest';
import {
  fixedPlanPath,
  newFixedPlanLocation,
  readPlanTab,
  writePlanTab,
} from './fixed-plan-location.ts';

describe('fixed plan locations', () => {
  it('when a plan is opened, then its page names the saving and the order', () => {
    expect(fixedPlanPath('s-1', 'o-2')).toBe('/savings/fixed/s-1/o-2');
  });

  it('when the new-plan panel is opened, then the other query parameters stay', () => {
    expect(newFixedPlanLocation('?status=matured')).toEqual({
      pathname: '/savings/fixed',
      search: '?status=matured&a=fixed+plan',
    });
  });

  it('when the URL names no tab or an unknown one, then Active shows', () => {
    expect(readPlanTab(new URLSearchParams(''))).toBe('active');
    expect(readPlanTab(new URLSearchParams('status=closed'))).toBe('active');
    expect(readPlanTab(new URLSearchParams('status=matured'))).toBe('matured');
  });

  it('when the tab changes, then Active leaves the URL clean', () => {
    const matured = writePlanTab(new URLSearchParams('a=x'), 'matured');
    expect(matured.toString()).toBe('a=x&status=matured');
    expect(writePlanTab(matured, 'active').toString()).toBe('a=x');
  });
});
