import { useMutation, useQueryClient } from '@tanstack/react-query';
import { terminatedCardResponseSchema } from '@ajo/contracts/cards';
import { api } from '../../../lib/api-client.ts';
import { transactionsQueryKey, walletsQueryKey } from '../../../lib/wallet-queries.ts';
import { cardsQueryKey } from './card-query-keys.ts';

/** `DELETE /cards/{id}`: the card is closed for good; its balance goes to the USD wallet. */
export function terminateCard(cardId: string) {
  return api.delete(`/cards/${encodeURIComponent(cardId)}`, {
    schema: terminatedCardResponseSchema.shape.data,
  });
}

export function useTerminateCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: terminateCard,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: cardsQueryKey }),
        queryClient.invalidateQueries({ queryKey: walletsQueryKey }),
        queryClient.invalidateQueries({ queryKey: transactionsQueryKey }),
      ]);
    },
  });
}
