import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { banksResponseSchema } from '@ajo/contracts/banks';
import {
  sandboxBankAccountResponseSchema,
  sandboxPayoutsResponseSchema,
  sandboxSettlePayoutResponseSchema,
  type sandboxPayoutOutcomes,
} from '@ajo/contracts/sandbox';
import { api } from '../../../lib/api-client.ts';
import { transactionsQueryKey, walletsQueryKey } from '../../../lib/wallet-queries.ts';

export type PayoutOutcome = (typeof sandboxPayoutOutcomes)[number];

export const sandboxPayoutsQueryKey = ['sandbox', 'payouts'] as const;

/** The list follows new withdrawals on its own, this often. */
export const PAYOUTS_REFRESH_MS = 3_000;

export function openSandboxBankAccount(input: { accountName: string; bankCode: string }) {
  return api.post(
    '/sandbox/bank-accounts',
    { account_name: input.accountName, bank_code: input.bankCode },
    { schema: sandboxBankAccountResponseSchema.shape.data },
  );
}

/** Opens an account in the sandbox's banking world; name enquiry then finds it. */
export function useOpenSandboxBankAccount() {
  return useMutation({ mutationFn: openSandboxBankAccount });
}

export function useSandboxPayouts() {
  return useQuery({
    queryKey: sandboxPayoutsQueryKey,
    queryFn: ({ signal }) =>
      api.get('/sandbox/payouts', { schema: sandboxPayoutsResponseSchema.shape.data, signal }),
    select: (data) => data.items,
    refetchInterval: PAYOUTS_REFRESH_MS,
    retry: false,
  });
}

export function settleSandboxPayout(input: { reference: string; outcome: PayoutOutcome }) {
  return api.post(
    `/sandbox/payouts/${encodeURIComponent(input.reference)}/settle`,
    { outcome: input.outcome },
    { schema: sandboxSettlePayoutResponseSchema.shape.data },
  );
}

/** Plays the bank's answer to a withdrawal: its signed webhook reaches the app. */
export function useSettleSandboxPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: settleSandboxPayout,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: sandboxPayoutsQueryKey }),
        queryClient.invalidateQueries({ queryKey: walletsQueryKey }),
        queryClient.invalidateQueries({ queryKey: transactionsQueryKey }),
      ]);
    },
  });
}

/** The banks the sandbox can open accounts at (the same list withdrawals use). */
export function useSandboxBanks() {
  return useQuery({
    queryKey: ['banks'],
    queryFn: ({ signal }) => api.get('/banks', { schema: banksResponseSchema.shape.data, signal }),
    staleTime: 60 * 60 * 1000,
    select: (data) => data.items,
  });
}
