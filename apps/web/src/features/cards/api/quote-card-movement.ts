import { queryOptions, useQuery } from '@tanstack/react-query';
import { cardQuoteResponseSchema, type CardQuotePurpose } from '@ajo/contracts/cards';
import { formatMinorAsDecimal } from '@ajo/money/format';
import { api } from '../../../lib/api-client.ts';
import { cardQuotesQueryKey } from './card-query-keys.ts';

/** What the person asked to move: dollars onto a new or existing card, or off one. */
export interface CardMovement {
  purpose: CardQuotePurpose;
  amountMinor: bigint;
  /** Required for fund and withdraw. */
  cardId?: string | undefined;
}

export function cardQuoteQueryKey(movement: CardMovement) {
  return [
    ...cardQuotesQueryKey,
    movement.purpose,
    movement.cardId ?? 'new',
    formatMinorAsDecimal(movement.amountMinor),
  ] as const;
}

/**
 * `POST /cards/quotes`: the fee, the rate and the naira for this movement, honoured once until
 * `expires_at`. The confirmation asks again when it runs out (`refetch`), never on its own.
 */
export function cardQuoteQueryOptions(movement: CardMovement) {
  return queryOptions({
    queryKey: cardQuoteQueryKey(movement),
    queryFn: ({ signal }) =>
      api.post(
        '/cards/quotes',
        {
          purpose: movement.purpose,
          amount: formatMinorAsDecimal(movement.amountMinor),
          ...(movement.cardId === undefined ? {} : { card_id: movement.cardId }),
        },
        { schema: cardQuoteResponseSchema.shape.data, signal },
      ),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

export function useCardQuote(movement: CardMovement) {
  return useQuery(cardQuoteQueryOptions(movement));
}
