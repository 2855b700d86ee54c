import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  commodityQuoteResponseSchema,
  type CommodityQuote,
  type TradeSide,
} from '@ajo/contracts/commodities';
import { api } from '../../../lib/api-client.ts';

/** What the user asked to trade: units, or a naira amount (decimal text). */
export interface TradeOrder {
  commodityId: string;
  side: TradeSide;
  by: 'amount' | 'units';
  /** Normalised decimal text: naira for `amount`, units for `units`. */
  value: string;
}

/**
 * Kept apart from the ['commodities'] keys on purpose: each request stores a new quote, so a
 * refresh after a trade must not ask for one the user never looks at.
 */
export const tradeQuoteQueryKey = (order: TradeOrder) =>
  ['commodity-quote', order.commodityId, order.side, order.by, order.value] as const;

export const tradeQuantity = (order: TradeOrder) =>
  order.by === 'amount' ? { amount: order.value } : { units: order.value };

/**
 * `POST /commodities/quotes`: the price of this trade, honoured for 60 seconds and once. The
 * confirmation asks again when it runs out (`refetch`), never on its own.
 */
export function tradeQuoteQueryOptions(order: TradeOrder) {
  return queryOptions({
    queryKey: tradeQuoteQueryKey(order),
    queryFn: ({ signal }) =>
      api.post(
        '/commodities/quotes',
        { commodity_id: order.commodityId, side: order.side, ...tradeQuantity(order) },
        { schema: commodityQuoteResponseSchema.shape.data, signal },
      ),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

export function useTradeQuote(order: TradeOrder) {
  return useQuery(tradeQuoteQueryOptions(order));
}

/** Puts the new quote a 409 refusal carried in place of the old one, to confirm instead. */
export function useReplaceTradeQuote() {
  const queryClient = useQueryClient();
  return (order: TradeOrder, quote: CommodityQuote) => {
    queryClient.setQueryData(tradeQuoteQueryKey(order), quote);
  };
}
