import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sandboxTransferResponseSchema } from '@ajo/contracts/sandbox';
import { formatMinorAsDecimal } from '@ajo/money/format';
import { api } from '../../../lib/api-client.ts';
import { transactionsQueryKey, walletsQueryKey } from '../../../lib/wallet-queries.ts';

export interface SandboxTransfer {
  accountNumber: string;
  amountMinor: bigint;
  senderName: string;
  /** Reusing one simulates the bank delivering the same transfer twice. */
  reference?: string | undefined;
}

export function sendSandboxTransfer(transfer: SandboxTransfer) {
  return api.post(
    '/sandbox/virtual-accounts/transfers',
    {
      account_number: transfer.accountNumber,
      amount: formatMinorAsDecimal(transfer.amountMinor),
      sender_name: transfer.senderName,
      ...(transfer.reference ? { reference: transfer.reference } : {}),
    },
    { schema: sandboxTransferResponseSchema.shape.data },
  );
}

/** Sends a signed bank-transfer webhook into the app, as the bank partner would. */
export function useSendSandboxTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendSandboxTransfer,
    onSuccess: async () => {
      // If the account is the signed-in person's own, their balance and history just changed.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: walletsQueryKey }),
        queryClient.invalidateQueries({ queryKey: transactionsQueryKey }),
      ]);
    },
  });
}
