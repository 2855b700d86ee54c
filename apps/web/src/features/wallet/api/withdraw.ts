import { useEffect, useRef } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { withdrawQuoteResponseSchema, withdrawResponseSchema } from '@ajo/contracts/banks';
import { transactionsPageSchema } from '@ajo/contracts/wallet';
import { formatMinorAsDecimal } from '@ajo/money/format';
import { api } from '../../../lib/api-client.ts';
import { pinHeader } from '../../../lib/transaction-pin.ts';
import { useIdleReady } from '../../../lib/when-idle.ts';
import { transactionsQueryKey, walletsQueryKey } from '../../../lib/wallet-queries.ts';
import { bankAccountsQueryKey } from './bank-accounts.ts';

/** Fees and limits come from live configuration and today's total: a quote is short-lived. */
const QUOTE_STALE_TIME_MS = 15_000;

/** How often a pending withdrawal is looked at again until the bank confirms it. */
export const WITHDRAWAL_RECHECK_INTERVAL_MS = 3_000;

export function useWithdrawQuote(amountMinor: bigint | null) {
  return useQuery({
    queryKey: ['withdraw-quote', amountMinor === null ? null : formatMinorAsDecimal(amountMinor)],
    queryFn: ({ signal }) =>
      api.get('/wallets/withdraw/quote', {
        query: { amount: formatMinorAsDecimal(amountMinor ?? 0n) },
        schema: withdrawQuoteResponseSchema.shape.data,
        signal,
      }),
    enabled: amountMinor !== null && amountMinor > 0n,
    placeholderData: keepPreviousData,
    staleTime: QUOTE_STALE_TIME_MS,
    retry: false,
  });
}

export interface WithdrawInput {
  amountMinor: bigint;
  bankAccountId: string;
  /** One per confirmed attempt, so a retried request cannot send the money twice. */
  idempotencyKey: string;
  /** The transaction PIN, sent in its header only. */
  pin: string;
}

export function withdraw({ amountMinor, bankAccountId, idempotencyKey, pin }: WithdrawInput) {
  return api.post(
    '/wallets/withdraw',
    { amount: formatMinorAsDecimal(amountMinor), bank_account_id: bankAccountId },
    {
      headers: { 'Idempotency-Key': idempotencyKey, ...pinHeader(pin) },
      schema: withdrawResponseSchema.shape.data,
    },
  );
}

export function useWithdraw() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdraw,
    onSettled: async () => {
      // Even a refusal may follow a change elsewhere (another tab); read the money again.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: walletsQueryKey }),
        queryClient.invalidateQueries({ queryKey: transactionsQueryKey }),
        queryClient.invalidateQueries({ queryKey: bankAccountsQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['withdraw-quote'] }),
      ]);
    },
  });
}

/**
 * While any withdrawal is pending, looks again every few seconds; when one settles (the bank
 * confirmed, failed or reversed it), the balance and the history are read again. The first look
 * waits until the page has what it shows.
 */
export function usePendingWithdrawalsWatcher() {
  const queryClient = useQueryClient();
  const idle = useIdleReady();
  const query = useQuery({
    enabled: idle,
    queryKey: [...transactionsQueryKey, 'pending-withdrawals'],
    queryFn: ({ signal }) =>
      api.get('/transactions', {
        query: { page: 0, size: 20, sort: '-created_at', type: 'withdrawal', status: 'pending' },
        schema: transactionsPageSchema,
        signal,
      }),
    refetchInterval: (current) =>
      (current.state.data?.items.length ?? 0) > 0 ? WITHDRAWAL_RECHECK_INTERVAL_MS : false,
  });

  const pendingIds = (query.data?.items ?? []).map((item) => item.id).join(',');
  const previous = useRef<string | null>(null);
  useEffect(() => {
    const before = previous.current;
    previous.current = pendingIds;
    if (before === null || before === '') return;
    const now = new Set(pendingIds.split(','));
    const settled = before.split(',').some((id) => !now.has(id));
    if (settled) {
      void queryClient.invalidateQueries({ queryKey: walletsQueryKey });
      void queryClient.invalidateQueries({
        queryKey: transactionsQueryKey,
        predicate: (candidate) => candidate.queryKey[1] !== 'pending-withdrawals',
      });
    }
  }, [pendingIds, queryClient]);
}
