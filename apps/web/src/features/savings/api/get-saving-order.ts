import { queryOptions, useQuery } from '@tanstack/react-query';
import { savingOrderDetailResponseSchema } from '@ajo/contracts/savings';
import { api, isApiError } from '../../../lib/api-client.ts';
import { savingsQueryKey } from '../../../lib/savings-query-key.ts';

/**
 * A plan link that names no plan of this user: a malformed id answers 400, another user's or an
 * unknown plan 404 (422 kept for validation answers of that status).
 */
export function isMissingPlan(error: unknown): boolean {
  return isApiError(error) && [400, 404, 422].includes(error.status);
}

/** One plan with its daily interest, newest day first (GET /savings/{savingId}/orders/{orderId}). */
export function savingOrderQueryOptions(savingId: string, orderId: string) {
  return queryOptions({
    queryKey: [...savingsQueryKey, 'order', savingId, orderId],
    queryFn: ({ signal }) =>
      api.get(`/savings/${encodeURIComponent(savingId)}/orders/${encodeURIComponent(orderId)}`, {
        schema: savingOrderDetailResponseSchema.shape.data,
        signal,
      }),
    // Another user's plan or a mistyped link answers 404: say so at once instead of retrying.
    retry: (failureCount, error) => !isMissingPlan(error) && failureCount < 2,
  });
}

export function useSavingOrder(savingId: string, orderId: string) {
  return useQuery(savingOrderQueryOptions(savingId, orderId));
}
