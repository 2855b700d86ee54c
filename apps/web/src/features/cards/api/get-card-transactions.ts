import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import {
  CARD_TRANSACTION_PAGE_SIZE,
  cardTransactionPageResponseSchema,
} from '@ajo/contracts/cards';
import { api } from '../../../lib/api-client.ts';
import { cardsQueryKey } from './card-query-keys.ts';

/** How often the list looks again while a purchase waits for the merchant to settle it. */
export const PENDING_RECHECK_MS = 5_000;

/** `GET /cards/{id}/transactions`: newest first, twenty a page ("Show more"). */
export function cardTransactionsQueryOptions(cardId: string) {
  return infiniteQueryOptions({
    queryKey: [...cardsQueryKey, cardId, 'transactions'],
    queryFn: ({ pageParam, signal }) =>
      api.get(`/cards/${encodeURIComponent(cardId)}/transactions`, {
        query: { page: pageParam, size: CARD_TRANSACTION_PAGE_SIZE },
        schema: cardTransactionPageResponseSchema.shape.data,
        signal,
      }),
    initialPageParam: 0,
    getNextPageParam: (lastPage) =>
      (lastPage.page + 1) * lastPage.size < lastPage.total ? lastPage.page + 1 : undefined,
  });
}

export function useCardTransactions(cardId: string) {
  return useInfiniteQuery({
    ...cardTransactionsQueryOptions(cardId),
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.items.some((item) => item.status === 'pending'))
        ? PENDING_RECHECK_MS
        : false,
  });
}
