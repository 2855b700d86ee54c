import { useMutation, useQueryClient } from '@tanstack/react-query';
import { predefinedTargetResponseSchema } from '@ajo/contracts/savings';
import { api } from '../../../lib/api-client.ts';
import { savingsQueryKey } from '../../../lib/savings-query-key.ts';
import { challengeTargetsQueryKey } from './challenge-targets.ts';

export interface JoinChallengeInput {
  productId: string;
  targetId: string;
}

/**
 * Joins a challenge target: the user's own order in it, topped up by hand. No money moves, and
 * joining again answers the same order, so a retried request needs no idempotency key.
 */
export function joinChallenge({ productId, targetId }: JoinChallengeInput) {
  return api.post(
    `/savings/${encodeURIComponent(productId)}/predefined/${encodeURIComponent(targetId)}/join`,
    undefined,
    { schema: predefinedTargetResponseSchema.shape.data },
  );
}

export function useJoinChallenge(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinChallenge,
    onSuccess: (joined) => {
      // Show the new order at once; the refetch below brings the live member count.
      queryClient.setQueryData(
        challengeTargetsQueryKey(productId),
        (page: { items: (typeof joined)[] } | undefined) =>
          page
            ? { items: page.items.map((item) => (item.id === joined.id ? joined : item)) }
            : page,
      );
    },
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: savingsQueryKey });
    },
  });
}
