import { useState } from 'react';
import type { MeterType } from '@ajo/contracts/bills';
import { useVerifyBillCustomer } from '../api/verify-bill-customer.ts';
import type { VerifiedCustomer } from '../utils/bill-purchase.ts';

/** What was verified: a meter (with its type) or a betting account, at one biller. */
export interface CustomerKey {
  billerId: string;
  customerId: string;
  meterType?: MeterType | undefined;
}

const keyText = (key: CustomerKey) =>
  `${key.billerId}|${key.customerId.trim()}|${key.meterType ?? ''}`;

/**
 * Verifying a meter or betting account with its biller before paying. The answer (the name, and
 * the meter's address) belongs to exactly what was verified: once the biller, the number or the
 * meter type changes, it no longer shows and the form asks to verify again. A late answer for
 * details already changed is not shown either.
 */
export function useCustomerVerification(type: 4 | 5, current: CustomerKey | undefined) {
  const verify = useVerifyBillCustomer();
  const [verified, setVerified] = useState<{ key: string; customer: VerifiedCustomer } | null>(
    null,
  );
  const currentKey = current === undefined ? undefined : keyText(current);
  // Other details are another customer: what was verified is forgotten, not kept for later.
  if (verified !== null && verified.key !== currentKey) setVerified(null);
  const askedKey =
    verify.variables === undefined
      ? undefined
      : keyText({
          billerId: verify.variables.biller_id,
          customerId: verify.variables.customer_id,
          meterType: verify.variables.meter_type,
        });
  const isCurrentRequest = askedKey !== undefined && askedKey === currentKey;

  return {
    /** The biller's answer for the details now in the form, or undefined. */
    customer: verified?.key === currentKey ? verified?.customer : undefined,
    isVerifying: verify.isPending && isCurrentRequest,
    /** The biller's refusal for the details now in the form. */
    error: verify.isError && isCurrentRequest ? verify.error.message : undefined,
    start: (key: CustomerKey) => {
      verify.mutate(
        {
          type,
          biller_id: key.billerId,
          customer_id: key.customerId.trim(),
          ...(key.meterType === undefined ? {} : { meter_type: key.meterType }),
        },
        {
          onSuccess: (answer) => {
            setVerified({
              key: keyText(key),
              customer: { name: answer.customer_name, address: answer.address },
            });
          },
          // A refusal resets what was verified for these details (the spec's verify failure):
          // a meter that verified before and is refused now is not paid on the old answer.
          onError: () => {
            setVerified((before) => (before?.key === keyText(key) ? null : before));
          },
        },
      );
    },
  };
}
