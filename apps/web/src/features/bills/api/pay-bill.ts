import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { billPaymentResponseSchema } from '@ajo/contracts/bills';
import { api } from '../../../lib/api-client.ts';
import { pinHeader } from '../../../lib/transaction-pin.ts';
import { transactionsQueryKey, walletsQueryKey } from '../../../lib/wallet-queries.ts';
import { purchaseRequest, type BillPurchase } from '../utils/bill-purchase.ts';
import { billsQueryKey } from './bills-query-keys.ts';

export interface PayBillInput {
  purchase: BillPurchase;
  /** One per confirmed attempt, so a retried request cannot pay twice. */
  idempotencyKey: string;
  /** The transaction PIN, sent in its header only. */
  pin: string;
}

/**
 * Pays a bill: airtime, a data bundle, electricity or a betting top-up. The four purchases share
 * one answer (the payment, pending at first), so they share one call; the path and body follow
 * the purchase (see `purchaseRequest`).
 */
export function payBill({ purchase, idempotencyKey, pin }: PayBillInput) {
  const { path, body } = purchaseRequest(purchase);
  return api.post(path, body, {
    headers: { 'Idempotency-Key': idempotencyKey, ...pinHeader(pin) },
    schema: billPaymentResponseSchema.shape.data,
  });
}

/** Every bill payment in flight, whichever form sent it. */
export const payBillMutationKey = [...billsQueryKey, 'pay'] as const;

/**
 * What a bill payment's outcome changes: the wallet, the activity, the payments and recent
 * numbers, and the quote's "left of today's limit" (a failed or reversed bill gives its share of
 * the day back). Read again when a payment is answered and when a pending one settles.
 */
export function refreshAfterBill(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: walletsQueryKey }),
    queryClient.invalidateQueries({ queryKey: transactionsQueryKey }),
    queryClient.invalidateQueries({
      queryKey: billsQueryKey,
      predicate: (query) =>
        query.queryKey[1] === 'payments' ||
        query.queryKey[1] === 'recipients' ||
        query.queryKey[1] === 'quote',
    }),
  ]);
}

export function usePayBill() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: payBillMutationKey,
    mutationFn: payBill,
    // Even a refusal may follow a change elsewhere (another tab); read the money again.
    onSettled: () => refreshAfterBill(queryClient),
  });
}
