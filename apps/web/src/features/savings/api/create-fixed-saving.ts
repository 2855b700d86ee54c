import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OPERATION_SUCCESSFUL } from '@ajo/contracts/common';
import { savingRecordResponseSchema } from '@ajo/contracts/savings';
import { formatMinorAsDecimal } from '@ajo/money/format';
import { api } from '../../../lib/api-client.ts';
import { refreshAfterSavingChange } from './saving-query-refresh.ts';

export interface CreateFixedSavingInput {
  amountMinor: bigint;
  /** The duration's id from the Fixed product's rate chart. */
  durationId: string;
  /** One per confirmed attempt, so a retried request cannot fix the money twice. */
  idempotencyKey: string;
}

/**
 * Moves money from the naira wallet into a new fixed plan. It counts as done only when the answer
 * says 'operation was successful' (spec section 4).
 */
export function createFixedSaving({
  amountMinor,
  durationId,
  idempotencyKey,
}: CreateFixedSavingInput) {
  return api.post(
    '/savings/fixed',
    { amount: formatMinorAsDecimal(amountMinor), duration: durationId },
    {
      headers: { 'Idempotency-Key': idempotencyKey },
      schema: savingRecordResponseSchema.shape.data,
      expectMessage: OPERATION_SUCCESSFUL,
    },
  );
}

export function useCreateFixedSaving() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFixedSaving,
    // Even a refusal may follow a change elsewhere (another tab); read the money again.
    onSettled: () => refreshAfterSavingChange(queryClient),
  });
}
