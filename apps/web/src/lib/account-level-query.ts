import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountLevelResponseSchema } from '@ajo/contracts/accounts';
import { api } from './api-client.ts';

/*
 * The signed-in user's account level (`GET /accounts/level`): KYC tier, what it allows, the next
 * tier and the verified BVN masked. Shared by the account-level card (Settings, and Home or the
 * Wallet page when placed there) and the verification page. Verifying the BVN or submitting a
 * selfie invalidates ['account-level'].
 */

export const accountLevelQueryKey = ['account-level'] as const;

export const accountLevelQueryOptions = queryOptions({
  queryKey: accountLevelQueryKey,
  queryFn: ({ signal }) =>
    api.get('/accounts/level', { schema: accountLevelResponseSchema.shape.data, signal }),
});

export function useAccountLevel() {
  return useQuery(accountLevelQueryOptions);
}
