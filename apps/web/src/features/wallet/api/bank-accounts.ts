import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  bankAccountResponseSchema,
  bankAccountsResponseSchema,
  banksResponseSchema,
  verifyBankResponseSchema,
  type BankAccount,
} from '@ajo/contracts/banks';
import { OPERATION_SUCCESSFUL } from '@ajo/contracts/common';
import { api } from '../../../lib/api-client.ts';

/** The linked accounts; invalidated after a link or a removal. */
export const bankAccountsQueryKey = ['bank-accounts'] as const;

/** The bank list barely changes: keep it for the session. */
const BANKS_STALE_TIME_MS = 60 * 60 * 1000;

/** A name enquiry answer is reused while the same bank and number stay in the form. */
const ENQUIRY_STALE_TIME_MS = 5 * 60 * 1000;

/** Asked for when the list is about to be shown (`enabled`), not with the page behind it. */
export function useBanks(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: ['banks'],
    queryFn: ({ signal }) => api.get('/banks', { schema: banksResponseSchema.shape.data, signal }),
    staleTime: BANKS_STALE_TIME_MS,
    select: (data) => data.items,
    enabled: options.enabled ?? true,
  });
}

export const bankAccountsQueryOptions = queryOptions({
  queryKey: bankAccountsQueryKey,
  queryFn: ({ signal }) =>
    api.get('/bank_accounts', { schema: bankAccountsResponseSchema.shape.data, signal }),
});

export function useBankAccounts() {
  return useQuery({ ...bankAccountsQueryOptions, select: (data) => data.items });
}

export interface BankAccountInput {
  bankCode: string;
  accountNumber: string;
}

export function isCompleteBankAccountInput(input: BankAccountInput): boolean {
  return input.bankCode !== '' && /^\d{10}$/.test(input.accountNumber);
}

/**
 * Live name enquiry (`POST /banks/verify`) as soon as both the bank and ten digits are there.
 * Keyed by the pair, so a change of either resets the verified account to nothing (spec section
 * 4); a refusal leaves no data either, only the server's message.
 */
export function useBankNameEnquiry(input: BankAccountInput) {
  const complete = isCompleteBankAccountInput(input);
  return useQuery({
    queryKey: ['bank-name-enquiry', input.bankCode, input.accountNumber],
    queryFn: ({ signal }) =>
      api.post(
        '/banks/verify',
        { account_number: input.accountNumber, bank_code: input.bankCode },
        { schema: verifyBankResponseSchema.shape.data, signal },
      ),
    enabled: complete,
    staleTime: ENQUIRY_STALE_TIME_MS,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

export function linkBankAccount(input: BankAccountInput): Promise<BankAccount> {
  return api.post(
    '/bank_accounts',
    { account_number: input.accountNumber, bank_code: input.bankCode },
    { schema: bankAccountResponseSchema.shape.data, expectMessage: OPERATION_SUCCESSFUL },
  );
}

/**
 * Links a verified account. The server refuses (422) when the account name does not match the
 * name on the person's BVN; its message names both and is shown as it comes.
 */
export function useLinkBankAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: linkBankAccount,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: bankAccountsQueryKey });
    },
  });
}

export function removeBankAccount(id: string): Promise<unknown> {
  return api.delete(`/bank_accounts/${encodeURIComponent(id)}`, {
    expectMessage: OPERATION_SUCCESSFUL,
  });
}

export function useRemoveBankAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeBankAccount,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: bankAccountsQueryKey });
    },
  });
}
