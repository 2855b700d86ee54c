import { useQuery } from '@tanstack/react-query';
import { billPaymentResponseSchema, type BillPayment } from '@ajo/contracts/bills';
import { api } from '../../../lib/api-client.ts';
import { billPaymentsQueryKey } from './bills-query-keys.ts';

/** How often a pending payment is looked at again until its biller answers. */
export const PENDING_PAYMENT_RECHECK_MS = 3_000;

/**
 * One payment, its receipt. While it is pending it is asked for again every few seconds: the
 * status follows the biller, and a prepaid token appears once delivered. `initial` is what the
 * purchase answered, shown at once.
 */
export const billPaymentQueryKey = (id: string) => [...billPaymentsQueryKey, 'detail', id] as const;

export function useBillPayment(initial: BillPayment) {
  return useQuery({
    queryKey: billPaymentQueryKey(initial.id),
    queryFn: ({ signal }) =>
      api.get(`/bill_payments/${encodeURIComponent(initial.id)}`, {
        schema: billPaymentResponseSchema.shape.data,
        signal,
      }),
    initialData: initial,
    // The purchase's own answer is already pending: look again after the first interval.
    initialDataUpdatedAt: () => Date.now(),
    staleTime: PENDING_PAYMENT_RECHECK_MS,
    refetchInterval: (query) =>
      query.state.data?.status === 'pending' ? PENDING_PAYMENT_RECHECK_MS : false,
  });
}
