import { useMutation } from '@tanstack/react-query';
import {
  verifyBillCustomerResponseSchema,
  type VerifyBillCustomerBody,
} from '@ajo/contracts/bills';
import { api } from '../../../lib/api-client.ts';

/**
 * Asks the biller whose meter or betting account this is. The server remembers a success for a
 * day, and paying needs it; a failure makes it forget an earlier one.
 */
export function verifyBillCustomer(body: VerifyBillCustomerBody) {
  return api.post('/bill_payments/verify', body, {
    schema: verifyBillCustomerResponseSchema.shape.data,
  });
}

export function useVerifyBillCustomer() {
  return useMutation({ mutationFn: verifyBillCustomer });
}
