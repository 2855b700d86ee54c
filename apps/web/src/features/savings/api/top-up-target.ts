import { useMutation, useQueryClient } from '@tanstack/react-query';
import { savingRecordResponseSchema, targetSavingsMessages } from '@ajo/contracts/savings';
import { formatMinorAsDecimal } from '@ajo/money/format';
import { api } from '../../../lib/api-client.ts';
import { refreshAfterTargetChange } from './target-query-refresh.ts';

export interface TopUpTargetInput {
  savingId: string;
  orderId: string;
  amountMinor: bigint;
  /** One per confirmed top-up, so a retried request cannot move the money twice. */
  idempotencyKey: string;
}

/**
 * Wallet → a target or challenge order (PUT /savings/{savingId}/orders/{orderId}); 'Plan top up
 * successful'.
 */
export function topUpTarget({ savingId, orderId, amountMinor, idempotencyKey }: TopUpTargetInput) {
  return api.put(
    `/savings/${encodeURIComponent(savingId)}/orders/${encodeURIComponent(orderId)}`,
    { amount: formatMinorAsDecimal(amountMinor) },
    {
      headers: { 'Idempotency-Key': idempotencyKey },
      schema: savingRecordResponseSchema.shape.data,
      expectMessage: targetSavingsMessages.toppedUp,
    },
  );
}

export function useTopUpTarget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: topUpTarget,
    onSettled: () => refreshAfterTargetChange(queryClient),
  });
}
