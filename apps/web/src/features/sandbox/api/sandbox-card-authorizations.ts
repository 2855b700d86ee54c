import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  cardListResponseSchema,
  cardTransactionPageResponseSchema,
  cardTransactionResponseSchema,
  sandboxAuthorizationResponseSchema,
} from '@ajo/contracts/cards';
import { formatMinorAsDecimal } from '@ajo/money/format';
import { api } from '../../../lib/api-client.ts';

/** The card feature keeps its reads under ['cards']; a simulated charge makes them stale. */
const cardsQueryKey = ['cards'] as const;

/** The signed-in user's cards (`GET /cards`), to pick the one a merchant charges. */
export const sandboxCardsQueryOptions = queryOptions({
  queryKey: [...cardsQueryKey, 'list'],
  queryFn: ({ signal }) => api.get('/cards', { schema: cardListResponseSchema.shape.data, signal }),
  select: (data) => data.items,
});

export function useSandboxCards(enabled: boolean) {
  return useQuery({ ...sandboxCardsQueryOptions, enabled });
}

/** The card's latest transactions, for the authorisations still waiting for their merchant. */
export function usePendingAuthorizations(cardId: string | undefined) {
  return useQuery({
    queryKey: [...cardsQueryKey, cardId, 'sandbox-pending'],
    queryFn: ({ signal }) =>
      api.get(`/cards/${encodeURIComponent(cardId ?? '')}/transactions`, {
        query: { page: 0, size: 50 },
        schema: cardTransactionPageResponseSchema.shape.data,
        signal,
      }),
    select: (page) =>
      page.items.filter((item) => item.type === 'purchase' && item.status === 'pending'),
    enabled: cardId !== undefined,
  });
}

function useRefreshCards() {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: cardsQueryKey }),
      queryClient.invalidateQueries({ queryKey: ['wallets'] }),
    ]);
  };
}

export interface SandboxCharge {
  cardId: string;
  amountMinor: bigint;
  merchant: string;
}

/** `POST /sandbox/cards/{id}/authorizations`: a merchant asks to charge the card; we decide. */
export function useSimulateCardCharge() {
  const refresh = useRefreshCards();
  return useMutation({
    mutationFn: ({ cardId, amountMinor, merchant }: SandboxCharge) =>
      api.post(
        `/sandbox/cards/${encodeURIComponent(cardId)}/authorizations`,
        { amount: formatMinorAsDecimal(amountMinor), currency: 'USD', merchant },
        { schema: sandboxAuthorizationResponseSchema.shape.data },
      ),
    onSettled: refresh,
  });
}

export interface SandboxSettlement {
  transactionId: string;
  outcome: 'settle' | 'reverse';
  /** Settle only: a different amount than was authorised; the authorised amount when absent. */
  amountMinor?: bigint | undefined;
}

/**
 * `POST /sandbox/cards/authorizations/{id}/settle {amount?}` (the merchant takes the money) or
 * `/reverse` (the merchant cancels and the hold is released).
 */
export function useFinishAuthorization() {
  const refresh = useRefreshCards();
  return useMutation({
    mutationFn: ({ transactionId, outcome, amountMinor }: SandboxSettlement) =>
      api.post(
        `/sandbox/cards/authorizations/${encodeURIComponent(transactionId)}/${outcome}`,
        outcome === 'settle' && amountMinor !== undefined
          ? { amount: formatMinorAsDecimal(amountMinor) }
          : {},
        { schema: cardTransactionResponseSchema.shape.data },
      ),
    onSettled: refresh,
  });
}
