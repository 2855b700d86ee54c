import { queryOptions, useQuery } from '@tanstack/react-query';
import { cardListResponseSchema } from '@ajo/contracts/cards';
import { api } from '../../../lib/api-client.ts';
import { cardsQueryKey } from './card-query-keys.ts';

/** `GET /cards`: the user's cards, terminated ones included, newest first. */
export const cardsQueryOptions = queryOptions({
  queryKey: [...cardsQueryKey, 'list'],
  queryFn: ({ signal }) => api.get('/cards', { schema: cardListResponseSchema.shape.data, signal }),
  select: (data) => data.items,
});

export function useCards() {
  return useQuery(cardsQueryOptions);
}
