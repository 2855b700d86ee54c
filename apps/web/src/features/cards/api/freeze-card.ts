import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cardResponseSchema } from '@ajo/contracts/cards';
import { api } from '../../../lib/api-client.ts';
import { cardsQueryKey } from './card-query-keys.ts';

export interface FreezeCardInput {
  cardId: string;
  /** True to freeze (every new charge is declined), false to let the card spend again. */
  frozen: boolean;
}

/** `POST /cards/{id}/freeze` or `/unfreeze`. */
export function setCardFrozen({ cardId, frozen }: FreezeCardInput) {
  return api.post(
    `/cards/${encodeURIComponent(cardId)}/${frozen ? 'freeze' : 'unfreeze'}`,
    undefined,
    { schema: cardResponseSchema.shape.data },
  );
}

export function useSetCardFrozen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setCardFrozen,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: cardsQueryKey });
    },
  });
}
