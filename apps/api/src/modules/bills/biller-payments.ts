import { z } from 'zod';
import { failed, succeeded } from '../../platform/batcher.ts';
import type {
  MovementProvider,
  MovementToSubmit,
  ProviderState,
} from '../../money/provider-movements/provider-movement.ts';
import {
  BillsProviderError,
  billRequestId,
  type BillState,
  type BillsProvider,
} from '../../providers/bills/bills.port.ts';

/**
 * What a bill pays for, as it was when the user paid: the biller, the customer (a phone's 10
 * digits after +234, a meter or a betting account) and, when the biller knew them, the name and
 * address on it. Stored with the movement and the activity row.
 */
export const billDestinationSchema = z.object({
  type: z.union([z.literal(1), z.literal(2), z.literal(4), z.literal(5)]),
  biller_id: z.string(),
  biller_name: z.string(),
  service_id: z.string(),
  customer_id: z.string(),
  /** The buyer's phone (10 digits after +234): the vendor texts receipts and tokens to it. */
  phone: z.string(),
  plan_code: z.string().nullable(),
  plan_name: z.string().nullable(),
  meter_type: z.enum(['prepaid', 'postpaid']).nullable(),
  customer_name: z.string().nullable(),
  address: z.string().nullable(),
});

export type BillDestination = z.infer<typeof billDestinationSchema>;

/** What a delivered bill leaves for the user to keep (stored as the activity's `delivered`). */
export const billDeliverySchema = z.object({
  token: z.string().optional(),
  units: z.string().optional(),
});

const isPhoneBill = (destination: BillDestination) =>
  destination.type === 1 || destination.type === 2;

const localPhone = (digits: string) => `0${digits}`;

function toState(state: BillState): ProviderState {
  const delivered: Record<string, string> = {};
  if (state.token !== null) delivered.token = state.token;
  if (state.units !== null) delivered.units = state.units;
  return {
    status: state.status === 'delivered' ? 'success' : state.status,
    providerReference: state.providerReference,
    ...(Object.keys(delivered).length > 0 ? { delivered } : {}),
  };
}

function purchaseOf(movement: MovementToSubmit<BillDestination>) {
  const { destination } = movement;
  let variationCode: string | null = null;
  if (destination.type === 2) variationCode = destination.plan_code;
  if (destination.type === 4) variationCode = destination.meter_type;
  return {
    requestId: billRequestId(movement.reference, movement.placedAt),
    serviceId: destination.service_id,
    customerId: isPhoneBill(destination)
      ? localPhone(destination.customer_id)
      : destination.customer_id,
    variationCode,
    amountMinor: movement.amountMinor,
    phone: localPhone(destination.phone),
  };
}

/** The bills port as the money core sees a provider: one purchase per call, requery by id. */
export function billerPayments(bills: BillsProvider): MovementProvider<BillDestination> {
  return {
    slug: bills.slug,
    // Each purchase is its own request (about a quarter of a second at VTpass): several groups
    // wait on the biller at once instead of each waiting for the one before.
    submitsInFlight: 8,
    submit: (movements) =>
      Promise.all(
        movements.map((movement) =>
          bills.pay(purchaseOf(movement)).then((state) => succeeded(toState(state)), failed),
        ),
      ),
    fetch: async (reference, placedAt) => {
      const state = await bills.requery(billRequestId(reference, placedAt));
      return state && toState(state);
    },
    isRefusal: (error) => error instanceof BillsProviderError && error.reason !== 'unavailable',
  };
}
