import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OPERATION_SUCCESSFUL } from '@ajo/contracts/common';
import { savingRecordResponseSchema } from '@ajo/contracts/savings';
import { formatMinorAsDecimal } from '@ajo/money/format';
import { api } from '../../../lib/api-client.ts';
import { pinHeader } from '../../../lib/transaction-pin.ts';
import { refreshAfterSavingChange } from './saving-query-refresh.ts';

export interface InvestDollarsInput {
  amountMinor: bigint;
  /** A duration id of the Dollar Investment product. */
  durationId: string;
  /** The quote the user confirmed. */
  quoteId: string;
  /** One per confirmation, so a retried request cannot buy twice; a new one after a refusal. */
  idempotencyKey: string;
  /** The transaction PIN, sent in its header only. */
  pin: string;
}

/**
 * Buys `amountMinor` dollars with naira at the confirmed quote and invests them. Done only when
 * the answer says 'operation was successful' (spec section 4); a quote that ran out or was used
 * is refused with 409 and a new quote (see quoteRefusalOf).
 */
export function investDollars({
  amountMinor,
  durationId,
  quoteId,
  idempotencyKey,
  pin,
}: InvestDollarsInput) {
  return api.post(
    '/savings/dollar',
    { amount: formatMinorAsDecimal(amountMinor), duration: durationId, quote_id: quoteId },
    {
      headers: { 'Idempotency-Key': idempotencyKey, ...pinHeader(pin) },
      schema: savingRecordResponseSchema.shape.data,
      expectMessage: OPERATION_SUCCESSFUL,
    },
  );
}

export function useInvestDollars() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: investDollars,
    onSettled: () => refreshAfterSavingChange(queryClient),
  });
}
