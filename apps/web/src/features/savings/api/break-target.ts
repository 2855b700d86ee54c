import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OPERATION_SUCCESSFUL } from '@ajo/contracts/common';
import { savingRecordResponseSchema } from '@ajo/contracts/savings';
import { api } from '../../../lib/api-client.ts';
import { pinHeader } from '../../../lib/transaction-pin.ts';
import { refreshAfterTargetChange } from './target-query-refresh.ts';

export interface BreakTargetInput {
  savingId: string;
  orderId: string;
  idempotencyKey: string;
  /** The transaction PIN, sent in its header only. */
  pin: string;
}

/** Breaks a target early (POST …/break): the deposits less 1% go to the wallet. */
export function breakTarget({ savingId, orderId, idempotencyKey, pin }: BreakTargetInput) {
  return api.post(
    `/savings/${encodeURIComponent(savingId)}/orders/${encodeURIComponent(orderId)}/break`,
    undefined,
    {
      headers: { 'Idempotency-Key': idempotencyKey, ...pinHeader(pin) },
      schema: savingRecordResponseSchema.shape.data,
      expectMessage: OPERATION_SUCCESSFUL,
    },
  );
}

export function useBreakTarget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: breakTarget,
    onSettled: () => refreshAfterTargetChange(queryClient),
  });
}
