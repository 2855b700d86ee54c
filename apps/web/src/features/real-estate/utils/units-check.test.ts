import { describe, expect, it } from 'vitest';
import type { RealEstateProperty } from '@ajo/contracts/real-estate';
import { unitsProblem } from '../components/units-step.tsx';

const property = {
  units_available: 3,
} as RealEstateProperty;

describe('the units a person types', () => {
  it('when they are not a whole positive number or more than are left, then the form says so', () => {
    expect(unitsProblem(property, '')).toBe('Enter a whole number of units, at least 1');
    expect(unitsProblem(property, '0')).toBe('Enter a whole number of units, at least 1');
    expect(unitsProblem(property, '1.5')).toBe('Enter a whole number of units, at least 1');
    expect(unitsProblem(property, '4')).toBe('Only 3 units are left');
    expect(unitsProblem({ ...property, units_available: 1 }, '2')).toBe('Only 1 unit is left');
    expect(unitsProblem(property, '3')).toBeUndefined();
  });
});
