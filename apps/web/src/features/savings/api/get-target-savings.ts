import { useQuery } from '@tanstack/react-query';
import { savingsQueryOptions } from './get-savings.ts';
import { isTargetSavingsRecord } from '../utils/target-display.ts';
import type { PlanTab } from '../utils/fixed-plan-location.ts';

/**
 * The user's Target Savings plans of one tab: Active, or Matured (matured and broken, read in one
 * call for every status and kept when no longer active). Only 'Target Savings' items (spec).
 */
export function targetSavingsQueryOptions(tab: PlanTab) {
  const options = savingsQueryOptions({
    slug: 'target_saving',
    status: tab === 'active' ? 'active' : undefined,
  });
  return {
    ...options,
    select: (page: Parameters<NonNullable<typeof options.select>>[0]) =>
      page.items.filter(
        (record) =>
          isTargetSavingsRecord(record) && record.saving_order.saving.active === (tab === 'active'),
      ),
  };
}

export function useTargetSavings(tab: PlanTab) {
  return useQuery(targetSavingsQueryOptions(tab));
}
