import { useMutation, useQueryClient } from '@tanstack/react-query';
import { exchangeRateResponseSchema } from '@ajo/contracts/dollar';
import { api } from '../../../lib/api-client.ts';

/** Dollar quotes are kept under this key (the savings feature's); a new rate makes them stale. */
const dollarQuotesQueryKey = ['dollar-quote'] as const;

export interface SandboxExchangeRate {
  /** Naira a user pays for $1, as typed ("1550.00"). */
  buy: string;
  /** Naira a user gets for $1; below `buy`. */
  sell: string;
}

/**
 * Sets the sandbox's naira/dollar rate (POST /sandbox/exchange-rate). Quotes already given keep
 * their rate until they expire; new quotes use this one.
 */
export function setSandboxExchangeRate(rate: SandboxExchangeRate) {
  return api.post('/sandbox/exchange-rate', rate, {
    schema: exchangeRateResponseSchema.shape.data,
  });
}

export function useSetSandboxExchangeRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setSandboxExchangeRate,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: dollarQuotesQueryKey });
    },
  });
}
