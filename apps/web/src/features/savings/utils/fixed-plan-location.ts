import { useLocation, type To } from 'react-router';

/** The "Set a new fixed plan" panel's id in `?a=` (see SidePanel). */
export const FIXED_PLAN_PANEL_ID = 'fixed plan';

export const FIXED_SAVINGS_PATH = '/savings/fixed';

/** A plan's own page: shareable, and Back returns to the list. */
export function fixedPlanPath(savingId: string, orderId: string): string {
  return `${FIXED_SAVINGS_PATH}/${encodeURIComponent(savingId)}/${encodeURIComponent(orderId)}`;
}

/** The Fixed Savings page with the new-plan panel open on top, so Back closes it again. */
export function newFixedPlanLocation(search = ''): To {
  const params = new URLSearchParams(search);
  params.set('a', FIXED_PLAN_PANEL_ID);
  return { pathname: FIXED_SAVINGS_PATH, search: `?${params.toString()}` };
}

/** The current page (the Fixed Savings page) with the new-plan panel opened. */
export function useNewFixedPlanLocation(): To {
  return newFixedPlanLocation(useLocation().search);
}

/** Which tab of plans shows: `?status=matured`, else Active (the spec's starting filter). */
export type PlanTab = 'active' | 'matured';

export function readPlanTab(searchParams: URLSearchParams): PlanTab {
  return searchParams.get('status') === 'matured' ? 'matured' : 'active';
}

export function writePlanTab(current: URLSearchParams, tab: PlanTab): URLSearchParams {
  const next = new URLSearchParams(current);
  if (tab === 'active') next.delete('status');
  else next.set('status', tab);
  return next;
}
