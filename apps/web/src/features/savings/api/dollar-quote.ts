import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { fxQuoteResponseSchema, type FxQuote } from '@ajo/contracts/dollar';
import { formatMinorAsDecimal } from '@ajo/money/format';
import { api } from '../../../lib/api-client.ts';

export type DollarQuoteKind = 'invest' | 'withdraw';

const paths: Record<DollarQuoteKind, string> = {
  invest: '/savings/dollar/quote',
  withdraw: '/wallets/usd/withdraw/quote',
};

/**
 * Kept apart from the ['savings'] keys on purpose: each GET makes a new stored quote, so a
 * refresh of the savings lists must not ask for one the user never looks at.
 */
export function dollarQuoteQueryKey(kind: DollarQuoteKind, amountMinor: bigint) {
  return ['dollar-quote', kind, formatMinorAsDecimal(amountMinor)] as const;
}

/**
 * A quote for `amountMinor` dollars: buying them for an investment (naira cost at the buy rate)
 * or selling them from the USD wallet (naira proceeds at the sell rate). Honoured for 60 seconds
 * and once; the confirmation asks again when it runs out (`refetch`), never on its own.
 */
export function dollarQuoteQueryOptions(kind: DollarQuoteKind, amountMinor: bigint) {
  return queryOptions({
    queryKey: dollarQuoteQueryKey(kind, amountMinor),
    queryFn: ({ signal }) =>
      api.get(paths[kind], {
        query: { amount: formatMinorAsDecimal(amountMinor) },
        schema: fxQuoteResponseSchema.shape.data,
        signal,
      }),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

export function useDollarQuote(kind: DollarQuoteKind, amountMinor: bigint) {
  return useQuery(dollarQuoteQueryOptions(kind, amountMinor));
}

/** Puts the new quote a 409 refusal carried in place of the old one, to confirm instead. */
export function useReplaceDollarQuote() {
  const queryClient = useQueryClient();
  return (kind: DollarQuoteKind, amountMinor: bigint, quote: FxQuote) => {
    queryClient.setQueryData(dollarQuoteQueryKey(kind, amountMinor), quote);
  };
}
