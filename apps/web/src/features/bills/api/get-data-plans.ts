import { useQuery } from '@tanstack/react-query';
import { dataPlansResponseSchema } from '@ajo/contracts/bills';
import { api } from '../../../lib/api-client.ts';
import { billsQueryKey, CATALOGUE_STALE_TIME_MS } from './bills-query-keys.ts';

/** The data plans a network sells, with their prices; nothing is asked before one is chosen. */
export function useDataPlans(billerId: string | undefined) {
  return useQuery({
    queryKey: [...billsQueryKey, 'plans', billerId],
    queryFn: ({ signal }) =>
      api.get(`/bill_payments/billers/${encodeURIComponent(billerId ?? '')}/plans`, {
        schema: dataPlansResponseSchema.shape.data,
        signal,
      }),
    enabled: billerId !== undefined,
    select: (answer) => answer.items,
    staleTime: CATALOGUE_STALE_TIME_MS,
  });
}
