import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OPERATION_SUCCESSFUL } from '@ajo/contracts/common';
import { commodityTradeResponseSchema } from '@ajo/contracts/commodities';
import { api } from '../../../lib/api-client.ts';
import { pinHeader } from '../../../lib/transaction-pin.ts';
import { transactionsQueryKey, walletsQueryKey } from '../../../lib/wallet-queries.ts';
import { commoditiesQueryKey } from './commodity-query-keys.ts';
import { tradeQuantity, type TradeOrder } from './quote-commodity-trade.ts';

export interface TradeInput {
  order: TradeOrder;
  /** The quote the user confirmed. */
  quoteId: string;
  /** One per confirmation, so a retried request cannot trade twice; a new one after a refusal. */
  idempotencyKey: string;
  /** The transaction PIN, sent in its header only. */
  pin: string;
}

/**
 * `POST /commodities/buy` or `/sell` from the wallet at the confirmed quote. Done only when the
 * answer says 'operation was successful'; a quote that ran out or was used is refused with 409
 * and a new quote (see tradeQuoteRefusalOf).
 */
export function tradeCommodity({ order, quoteId, idempotencyKey, pin }: TradeInput) {
  return api.post(
    `/commodities/${order.side}`,
    {
      commodity_id: order.commodityId,
      ...tradeQuantity(order),
      payment_method: 'wallet',
      quote_id: quoteId,
    },
    {
      headers: { 'Idempotency-Key': idempotencyKey, ...pinHeader(pin) },
      schema: commodityTradeResponseSchema.shape.data,
      expectMessage: OPERATION_SUCCESSFUL,
    },
  );
}

export function useTradeCommodity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: tradeCommodity,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: walletsQueryKey }),
        queryClient.invalidateQueries({ queryKey: transactionsQueryKey }),
        queryClient.invalidateQueries({ queryKey: commoditiesQueryKey }),
      ]);
    },
  });
}
