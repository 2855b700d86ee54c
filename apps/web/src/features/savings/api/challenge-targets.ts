import { queryOptions, useQuery } from '@tanstack/react-query';
import { predefinedTargetsResponseSchema } from '@ajo/contracts/savings';
import { api, isApiError } from '../../../lib/api-client.ts';
import { savingsQueryKey } from '../../../lib/savings-query-key.ts';

/** A challenge link that names no challenge: a malformed id answers 400, an unknown one 404. */
export function isMissingChallenge(error: unknown): boolean {
  return isApiError(error) && [400, 404, 422].includes(error.status);
}

export function challengeTargetsQueryKey(productId: string) {
  return [...savingsQueryKey, 'challenge', productId] as const;
}

/** The challenge's group targets, each with its members, the user's order and medals. */
export function challengeTargetsQueryOptions(productId: string) {
  return queryOptions({
    queryKey: challengeTargetsQueryKey(productId),
    queryFn: ({ signal }) =>
      api.get(`/savings/${encodeURIComponent(productId)}/predefined`, {
        schema: predefinedTargetsResponseSchema.shape.data,
        signal,
      }),
    select: (page) => page.items,
    retry: (failureCount, error) => !isMissingChallenge(error) && failureCount < 2,
  });
}

export function useChallengeTargets(productId: string) {
  return useQuery(challengeTargetsQueryOptions(productId));
}
