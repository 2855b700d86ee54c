import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cardMovementResponseSchema } from '@ajo/contracts/cards';
import { formatMinorAsDecimal } from '@ajo/money/format';
import { api } from '../../../lib/api-client.ts';
import { pinHeader } from '../../../lib/transaction-pin.ts';
import { transactionsQueryKey, walletsQueryKey } from '../../../lib/wallet-queries.ts';
import { cardsQueryKey } from './card-query-keys.ts';
import type { CardMovement } from './quote-card-movement.ts';

export interface MoveCardMoneyInput {
  movement: CardMovement;
  /** The quote the person confirmed. */
  quoteId: string;
  /** One per confirmation, so a retried request cannot move money twice; new after a refusal. */
  idempotencyKey: string;
  /** The transaction PIN, sent in its header only. */
  pin: string;
}

function pathOf(movement: CardMovement): string {
  if (movement.purpose === 'create') return '/cards';
  if (movement.cardId === undefined) throw new Error('funding or withdrawing needs a card');
  return `/cards/${encodeURIComponent(movement.cardId)}/${movement.purpose}`;
}

/**
 * `POST /cards` (create and fund a card), `POST /cards/{id}/fund` or `/withdraw`, at the quote
 * the person confirmed. The naira wallet pays or receives the quote's `naira_total`.
 */
export function moveCardMoney({ movement, quoteId, idempotencyKey, pin }: MoveCardMoneyInput) {
  return api.post(
    pathOf(movement),
    { amount: formatMinorAsDecimal(movement.amountMinor), quote_id: quoteId },
    {
      headers: { 'Idempotency-Key': idempotencyKey, ...pinHeader(pin) },
      schema: cardMovementResponseSchema.shape.data,
    },
  );
}

export function useMoveCardMoney() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveCardMoney,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: cardsQueryKey }),
        queryClient.invalidateQueries({ queryKey: walletsQueryKey }),
        queryClient.invalidateQueries({ queryKey: transactionsQueryKey }),
      ]);
    },
  });
}
