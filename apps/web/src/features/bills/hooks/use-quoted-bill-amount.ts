import type { BillType } from '@ajo/contracts/bills';
import { useQuotedAmount } from '../../../lib/use-quoted-amount.ts';
import { useBillQuote } from '../api/get-bill-quote.ts';

/** The amount box of a bill form and the server's quote for it (fee, total, limits). */
export function useQuotedBillAmount(type: BillType) {
  const useTypeQuote = (amountMinor: bigint | null) => useBillQuote(type, amountMinor);
  return useQuotedAmount(useTypeQuote);
}
