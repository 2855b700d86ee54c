import { useMutation, useQueryClient } from '@tanstack/react-query';
import { kycDecisionResponseSchema } from '@ajo/contracts/ops-kyc';
import { api } from '../../../../lib/api-client.ts';
import { kycKey } from './get-kyc-queue.ts';

export type KycVerdict = 'approve' | 'reject';

export const decideKycCase = (id: string, verdict: KycVerdict, reason: string) =>
  api.post(
    `/ops/kyc/${encodeURIComponent(id)}/${verdict}`,
    { reason },
    { schema: kycDecisionResponseSchema.shape.data },
  );

/**
 * Approves or rejects one submission; the queue is read again. The case is not (each read of it
 * is audited): the screen leaves it once decided, and it is never kept once closed.
 */
export function useDecideKycCase(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ verdict, reason }: { verdict: KycVerdict; reason: string }) =>
      decideKycCase(id, verdict, reason),
    onSettled: () => queryClient.invalidateQueries({ queryKey: kycKey('queue') }),
  });
}
