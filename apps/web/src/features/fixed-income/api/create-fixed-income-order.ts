import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OPERATION_SUCCESSFUL } from '@ajo/contracts/common';
import { fixedIncomeOrderResponseSchema } from '@ajo/contracts/fixed-income';
import { formatMinorAsDecimal } from '@ajo/money/format';
import { api } from '../../../lib/api-client.ts';
import { transactionsQueryKey, walletsQueryKey } from '../../../lib/wallet-queries.ts';
import { fixedIncomeQueryKey } from './get-fixed-incomes.ts';

export interface CreateFixedIncomeOrderInput {
  productId: string;
  amountMinor: bigint;
  /** One per confirmation, so a retried Confirm cannot buy twice. */
  idempotencyKey: string;
}

/** Buys a product from the naira wallet; done only on 'operation was successful'. */
export function createFixedIncomeOrder({
  productId,
  amountMinor,
  idempotencyKey,
}: CreateFixedIncomeOrderInput) {
  return api.post(
    '/fixed_incomes/orders',
    { fixed_income_id: productId, amount: formatMinorAsDecimal(amountMinor) },
    {
      headers: { 'Idempotency-Key': idempotencyKey },
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
