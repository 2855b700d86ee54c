import { useQuery } from '@tanstack/react-query';
import { withdrawQuoteResponseSchema } from '@ajo/contracts/banks';
import { api } from '../../../lib/api-client.ts';

/** The balance and today's limit change with every movement: ask again after a short while. */
const QUOTE_STALE_TIME_MS = 15_000;

/**
 * The quote without an amount: the server answers for the most that can be withdrawn now
 * (`withdrawable`, its fee included in what leaves the wallet), which "Withdraw all" offers.
 */
export function useWithdrawAllQuote() {
  return useQuery({
    queryKey: ['withdraw-quote', 'all'],
    queryFn: ({ signal }) =>
      api.get('/wallets/withdraw/quote', {
        schema: withdrawQuoteResponseSchema.shape.data,
        signal,
      }),
    staleTime: QUOTE_STALE_TIME_MS,
    retry: false,
  });
}
