import { queryOptions, useQuery } from '@tanstack/react-query';
import { myVirtualAccountResponseSchema } from '@ajo/contracts/verification';
import { api } from './api-client.ts';

/*
 * The signed-in user's funding account, shown by the fund-account panel and the Sandbox page. The
 * key starts with ['virtual-account'] so creating the account can invalidate it.
 */

export const virtualAccountQueryKey = ['virtual-account'] as const;

export const virtualAccountQueryOptions = queryOptions({
  queryKey: virtualAccountQueryKey,
  queryFn: ({ signal }) =>
    api.get('/virtualaccount', { schema: myVirtualAccountResponseSchema.shape.data, signal }),
});

/** The funding account, or `null` before the BVN step. */
export function useVirtualAccount(options: { enabled?: boolean } = {}) {
  return useQuery({ ...virtualAccountQueryOptions, enabled: options.enabled ?? true });
}
