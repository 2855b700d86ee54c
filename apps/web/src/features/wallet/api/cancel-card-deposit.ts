import { useMutation, useQueryClient } from '@tanstack/react-query';
import { transactionResponseSchema } from '@ajo/contracts/wallet';
import { api } from '../../../lib/api-client.ts';
import { transactionsQueryKey, walletsQueryKey } from '../../../lib/wallet-queries.ts';

/**
 * Gives up on a card top-up that was never paid. The server asks the payment partner first: one
 * paid in the meantime is credited instead and answers 409 (`payment_not_pending`) with a message
 * saying so, which is shown as it comes.
 */
export function cancelCardDeposit(reference: string) {
  return api.post(`/wallets/deposit/${encodeURIComponent(reference)}/cancel`, undefined, {
    schema: transactionResponseSchema.shape.data,
  });
}

export function useCancelCardDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelCardDeposit,
    onSettled: async () => {
      // Cancelled or paid after all: either way the history and perhaps the balance changed.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: walletsQueryKey }),
        queryClient.invalidateQueries({ queryKey: transactionsQueryKey }),
      ]);
    },
  });
}
