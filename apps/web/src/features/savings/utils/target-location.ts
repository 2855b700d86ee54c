import type { To } from 'react-router';
import type { TargetStep } from './target-wizard.ts';

export const TARGET_SAVINGS_PATH = '/savings/target-savings';
export const NEW_TARGET_PATH = `${TARGET_SAVINGS_PATH}/new`;
export const TARGET_DETAIL_PATH = `${TARGET_SAVINGS_PATH}/detail`;

/** The wizard at a step: `?step=1`. */
export function newTargetLocation(step: TargetStep = 0): To {
  return { pathname: NEW_TARGET_PATH, search: `?step=${String(step)}` };
}

/**
 * A target's detail: `?a=<savingId>` as the spec has it, with the order id beside it (`o`) so
 * the page can ask for the plan without reading the whole list first.
 */
export function targetDetailLocation(savingId: string, orderId?: string): To {
  const params = new URLSearchParams({ a: savingId });
  if (orderId !== undefined) params.set('o', orderId);
  return { pathname: TARGET_DETAIL_PATH, search: `?${params.toString()}` };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Which plan the detail shows. `a` is also how the shell opens a panel (`?a=notification`) over
 * any page: while a panel has taken `a`, the plan already shown stays, so a saving id is only
 * replaced by another id, and anything else read as an id only when no plan is shown yet.
 */
export function detailSavingId(a: string | null, shown: string | null): string | null {
  if (a === null || a === '') return shown;
  if (UUID.test(a) || shown === null) return a;
  return shown;
}
