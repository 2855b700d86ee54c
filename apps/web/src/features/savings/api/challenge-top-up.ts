import { useMutation, useQueryClient } from '@tanstack/react-query';
import { savingRecordResponseSchema, targetSavingsMessages } from '@ajo/contracts/savings';
import { formatMinorAsDecimal } from '@ajo/money/format';
import { api } from '../../../lib/api-client.ts';
import { savingsQueryKey } from '../../../lib/savings-query-key.ts';
import { transactionsQueryKey, walletsQueryKey } from '../../../lib/wallet-queries.ts';

export interface TopUpChallengeInput {
  savingId: string;
  orderId: string;
  amountMinor: bigint;
  /** One per confirmed attempt, so a retried request cannot move the money twice. */
  idempotencyKey: string;
}

/** Moves money from the naira wallet into the user's challenge order ('Plan top up successful'). */
export function topUpChallenge({
  savingId,
  orderId,
  amountMinor,
  idempotencyKey,
}: TopUpChallengeInput) {
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

export function useTopUpChallenge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: topUpChallenge,
    onSettled: async () => {
      // The wallet, the history, the order's total and perhaps a new medal all change.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: walletsQueryKey }),
        queryClient.invalidateQueries({ queryKey: transactionsQueryKey }),
        queryClient.invalidateQueries({
          queryKey: savingsQueryKey,
          predicate: (query) => query.queryKey[1] !== 'products',
        }),
      ]);
    },
  });
}
