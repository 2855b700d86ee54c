import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createVirtualAccountResponseSchema } from '@ajo/contracts/verification';
import type { z } from 'zod';
import { accountLevelQueryKey } from '../../../lib/account-level-query.ts';
import { api } from '../../../lib/api-client.ts';
import { currentUserQueryKey } from '../../../lib/current-user.ts';
import { appSettingsQueryOptions } from './get-app-settings.ts';

export type CreatedVirtualAccount = z.output<typeof createVirtualAccountResponseSchema>['data'];

export interface CreateVirtualAccountInput {
  firstName: string;
  lastName: string;
  bvn: string;
}

/**
 * `POST /virtualaccount/create-{provider}-account`. The server answers the same account when it
 * already exists, so asking twice is safe.
 */
export function createVirtualAccount(provider: string, input: CreateVirtualAccountInput) {
  const accountName = `${input.firstName} ${input.lastName}`.trim();
  return api.post(
    `/virtualaccount/create-${encodeURIComponent(provider)}-account`,
    { account_name: accountName, customer: { name: accountName }, kyc: { bvn: input.bvn } },
    { schema: createVirtualAccountResponseSchema.shape.data },
  );
}

export function useCreateVirtualAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateVirtualAccountInput) => {
      const settings = await queryClient.query(appSettingsQueryOptions);
      return createVirtualAccount(settings.payments_provider, input);
    },
    onSuccess: async () => {
      // The wallet screens show the new account's balances when they next look.
      void queryClient.invalidateQueries({ queryKey: ['wallets'] });
      // The profile now carries the account, the fund-account panel shows its number and the
      // account level its new tier and the masked BVN.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['virtual-account'] }),
        queryClient.invalidateQueries({ queryKey: accountLevelQueryKey }),
      ]);
    },
  });
}
