import { useMutation } from '@tanstack/react-query';
import { depositResponseSchema } from '@ajo/contracts/wallet';
import { formatMinorAsDecimal } from '@ajo/money/format';
import { api } from '../../../lib/api-client.ts';

export interface StartCardDepositInput {
  amountMinor: bigint;
  /** One per confirmed attempt, so a retried request cannot start a second checkout. */
  idempotencyKey: string;
}

export function startCardDeposit({ amountMinor, idempotencyKey }: StartCardDepositInput) {
  return api.post(
    '/wallets/deposit',
    { amount: formatMinorAsDecimal(amountMinor) },
    { headers: { 'Idempotency-Key': idempotencyKey }, schema: depositResponseSchema.shape.data },
  );
}

/** Starts the card checkout; the caller sends the browser to `authorization_url`. */
export function useStartCardDeposit() {
  return useMutation({ mutationFn: startCardDeposit });
}
