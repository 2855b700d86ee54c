import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OPERATION_SUCCESSFUL } from '@ajo/contracts/common';
import { fixedIncomeOrderResponseSchema } from '@ajo/contracts/fixed-income';
import { formatMinorAsDecimal } from '@ajo/money/format';
import { api } from '../../../lib/api-client.ts';
import { pinHeader } from '../../../lib/transaction-pin.ts';
import { transactionsQueryKey, walletsQueryKey } from '../../../lib/wallet-queries.ts';
import { fixedIncomeQueryKey } from './get-fixed-incomes.ts';

export interface CreateFixedIncomeOrderInput {
  productId: string;
  amountMinor: bigint;
  /** One per confirmation, so a retried Confirm cannot buy twice. */
  idempotencyKey: string;
  /** The transaction PIN, sent in its header only. */
  pin: string;
}

/** Buys a product from the naira wallet; done only on 'operation was successful'. */
export function createFixedIncomeOrder({
  productId,
  amountMinor,
  idempotencyKey,
  pin,
}: CreateFixedIncomeOrderInput) {
  return api.post(
    '/fixed_incomes/orders',
    { fixed_income_id: productId, amount: formatMinorAsDecimal(amountMinor) },
    {
      headers: { 'Idempotency-Key': idempotencyKey, ...pinHeader(pin) },
      schema: fixedIncomeOrderResponseSchema.shape.data,
      expectMessage: OPERATION_SUCCESSFUL,
    },
  );
}

export function useCreateFixedIncomeOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFixedIncomeOrder,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: walletsQueryKey }),
        queryClient.invalidateQueries({ queryKey: transactionsQueryKey }),
        queryClient.invalidateQueries({ queryKey: [...fixedIncomeQueryKey, 'orders'] }),
      ]);
    },
  });
}
