import type { BillPayment } from '@ajo/contracts/bills';
import { formatMinorAsDecimal } from '@ajo/money/format';
import type { ActivityRow } from '../../money/activity.ts';
import { isoTimestamp } from '../../platform/timestamps.ts';
import { billDeliverySchema, billDestinationSchema } from './biller-payments.ts';

/** A bill payment as its screens show it, read from its activity row. */
export function toBillPayment(row: ActivityRow): BillPayment {
  const destination = billDestinationSchema.parse(row.metadata.destination);
  const delivered = billDeliverySchema.safeParse(row.metadata.delivered).data ?? {};
  const amountMinor = BigInt(row.amount_minor);
  const feeMinor = BigInt(row.fee_minor);
  return {
    id: row.id,
    reference: row.reference,
    type: destination.type,
    biller_id: destination.biller_id,
    biller_name: destination.biller_name,
    customer_id:
      destination.type === 1 || destination.type === 2
        ? `0${destination.customer_id}`
        : destination.customer_id,
    customer_name: destination.customer_name,
    address: destination.address,
    meter_type: destination.meter_type,
    plan:
      destination.plan_code === null
        ? null
        : { code: destination.plan_code, name: destination.plan_name ?? destination.plan_code },
    amount: formatMinorAsDecimal(amountMinor),
    fee: formatMinorAsDecimal(feeMinor),
    total: formatMinorAsDecimal(amountMinor + feeMinor),
    status: row.status,
    token: delivered.token ?? null,
    units: delivered.units ?? null,
    description: row.description,
    created_at: isoTimestamp(row.created_at),
    updated_at: isoTimestamp(row.updated_at),
  };
}
