import { useQuery } from '@tanstack/react-query';
import { billRecipientsResponseSchema, type BillType } from '@ajo/contracts/bills';
import { api } from '../../../lib/api-client.ts';
import { billRecipientsQueryKey } from './bills-query-keys.ts';

/** The phones, meters or betting accounts paid for lately, newest first, for repeat purchases. */
export function useBillRecipients(type: BillType) {
  return useQuery({
    queryKey: [...billRecipientsQueryKey, type],
    queryFn: ({ signal }) =>
      api.get('/bill_payments/recipients', {
        query: { type },
        schema: billRecipientsResponseSchema.shape.data,
        signal,
      }),
    select: (answer) => answer.items,
  });
}
