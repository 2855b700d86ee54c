import type { PredefinedTarget } from '@ajo/contracts/savings';

/** The Target Savings page, where the challenge banner lives. */
export const TARGET_SAVINGS_PATH = '/savings/target-savings';

/** The challenge page of a challenge product (the spec's route with {id}). */
export function challengePath(productId: string): string {
  return `${TARGET_SAVINGS_PATH}/${encodeURIComponent(productId)}`;
}

/**
 * The query that opens a target's detail: `?a=<order id>` once the user has joined (the spec's
 * `a`, the user's order), else `?target=<target id>` for a target they have not joined yet.
 */
export function targetDetailSearch(target: PredefinedTarget): string {
  const params = new URLSearchParams();
  if (target.order) params.set('a', target.order.saving_order.id);
  else params.set('target', target.id);
  return `?${params.toString()}`;
}

/** The target the URL opens, if any: by the user's order id (`a`), else by target id. */
export function selectedTarget(
  targets: readonly PredefinedTarget[],
  searchParams: URLSearchParams,
): PredefinedTarget | undefined {
  const orderId = searchParams.get('a');
  if (orderId) {
    const mine = targets.find((target) => target.order?.saving_order.id === orderId);
    if (mine) return mine;
  }
  const targetId = searchParams.get('target');
  return targetId ? targets.find((target) => target.id === targetId) : undefined;
}
