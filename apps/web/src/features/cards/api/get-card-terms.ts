import { queryOptions, useQuery } from '@tanstack/react-query';
import { cardTermsResponseSchema } from '@ajo/contracts/cards';
import { api } from '../../../lib/api-client.ts';
import { cardsQueryKey } from './card-query-keys.ts';

/** `GET /cards/terms`: the fee, the limits, today's rates and whether this user may create a card. */
export const cardTermsQueryOptions = queryOptions({
  queryKey: [...cardsQueryKey, 'terms'],
  queryFn: ({ signal }) =>
    api.get('/cards/terms', { schema: cardTermsResponseSchema.shape.data, signal }),
});

export function useCardTerms() {
  return useQuery(cardTermsQueryOptions);
}
