import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OPERATION_SUCCESSFUL } from '@ajo/contracts/common';
import { usdWithdrawalResponseSchema } from '@ajo/contracts/dollar';
import { formatMinorAsDecimal } from '@ajo/money/format';
import { api } from '../../../lib/api-client.ts';
import { pinHeader } from '../../../lib/transaction-pin.ts';
import { transactionsQueryKey, walletsQueryKey } from '../../../lib/wallet-queries.ts';

export interface WithdrawDollarsInput {
  amountMinor: bigint;
  /** The sell quote the user confirmed. */
  quoteId: string;
  /** One per confirmation, so a retried request cannot convert twice. */
  idempotencyKey: string;
  /** The transaction PIN, sent in its header only. */
  pin: string;
}

/** "Make a Withdrawal": dollars leave the USD wallet and the quote's naira reach the NGN wallet. */
export function withdrawDollars({
  amountMinor,
  quoteId,
  idempotencyKey,
  pin,
}: WithdrawDollarsInput) {
  return api.post(
    '/wallets/usd/withdraw',
    { amount: formatMinorAsDecimal(amountMinor), quote_id: quoteId },
    {
      headers: { 'Idempotency-Key': idempotencyKey, ...pinHeader(pin) },
      schema: usdWithdrawalResponseSchema.shape.data,
      expectMessage: OPERATION_SUCCESSFUL,
    },
  );
}

export function useWithdrawDollars() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawDollars,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: walletsQueryKey }),
        queryClient.invalidateQueries({ queryKey: transactionsQueryKey }),
      ]);
    },
  });
}
