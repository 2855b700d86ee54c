import { sql } from 'drizzle-orm';
import { rows, type Database } from '../../src/platform/db.ts';
import { sandboxBillMagic } from '../../src/providers/bills/sandbox.ts';
import type { BillsProvider } from '../../src/providers/bills/bills.port.ts';
import { newKey, type Caller } from './calls.ts';
import { freshBvn, signUp, uniqueEmail } from './people.ts';
import { userIdOf } from './money-helpers.ts';
import { fundWallet, setTier, verifyBvnVia } from './withdrawal-helpers.ts';

export { sandboxBillMagic };

/** The profile phone of every test user (people.ts): an MTN number. */
export const payerPhone = '08031234567';

export interface BillPayer {
  email: string;
  token: string;
  userId: string;
}

/** Signed up, BVN verified (tier 1, or `tier`), the wallet funded with `fundMinor`. */
export async function newBillPayer(
  call: Caller,
  database: Database,
  options: { label?: string; fundMinor?: bigint; tier?: number; at?: Date; bvn?: boolean } = {},
): Promise<BillPayer> {
  const email = uniqueEmail(options.label ?? 'payer');
  const token = await signUp(call, email);
  if (options.bvn !== false) await verifyBvnVia(call, token, freshBvn());
  const userId = await userIdOf(database, email);
  if (options.fundMinor !== undefined && options.fundMinor > 0n) {
    await fundWallet(database, userId, options.fundMinor, options.at);
  }
  if (options.tier !== undefined) await setTier(database, userId, options.tier);
  return { email, token, userId };
}

export interface BillPaymentView {
  id: string;
  reference: string;
  type: number;
  biller_id: string;
  biller_name: string;
  customer_id: string;
  customer_name: string | null;
  address: string | null;
  meter_type: string | null;
  plan: { code: string; name: string } | null;
  amount: string;
  fee: string;
  total: string;
  status: string;
  token: string | null;
  units: string | null;
  description: string;
}

export type BillPath = 'airtime' | 'data-bundle' | 'electricity' | 'betting';

export function payBillVia(
  call: Caller,
  token: string,
  path: BillPath,
  body: Record<string, unknown>,
  key: string | null = newKey(),
) {
  return call(`/v1/bill_payments/${path}`, {
    token,
    headers: key === null ? {} : { 'idempotency-key': key },
    payload: body,
  });
}

export function verifyMeterVia(
  call: Caller,
  token: string,
  body: { biller_id?: string; customer_id?: string; meter_type?: 'prepaid' | 'postpaid' } = {},
) {
  return call('/v1/bill_payments/verify', {
    token,
    payload: {
      type: 4,
      biller_id: 'ikeja-electric',
      customer_id: sandboxBillMagic.prepaidMeter,
      meter_type: 'prepaid',
      ...body,
    },
  });
}

export function billPaymentVia(call: Caller, token: string, id: string) {
  return call(`/v1/bill_payments/${id}`, { token });
}

/** The bill's provider movement, its hold and its activity row, by our reference. */
export async function billMovement(database: Database, reference: string) {
  const [found] = await rows<{
    status: string;
    attempts: number;
    provider_reference: string | null;
    hold_status: string;
    transaction_status: string;
  }>(
    database.db,
    sql`select p.status, p.attempts, p.provider_reference, h.status as hold_status,
               t.status as transaction_status
          from provider_movements p
          join ledger_holds h on h.id = p.hold_id
          join transactions t on t.id = p.transaction_id
         where p.reference = ${reference}`,
  );
  if (!found) throw new Error(`no bill movement ${reference}`);
  return found;
}

/** Purchases the sandbox vendor holds for one of our references (one means it bought once). */
export async function vendorPurchases(database: Database, reference: string) {
  const suffix = reference.replace(/[^A-Za-z0-9]/g, '');
  return rows<{ request_id: string; status: string; amount_minor: string }>(
    database.db,
    sql`select request_id, status, amount_minor::text as amount_minor
          from sandbox_bill_payments where request_id like ${`%${suffix}`}`,
  );
}

export interface BillCallCounts {
  pay: number;
  requery: number;
}

/** A bills provider that is `inner` underneath, counting calls; `fault` may fail a call first. */
export function countingBills(
  inner: () => BillsProvider,
  fault: {
    pay?: (() => Promise<never> | undefined) | undefined;
    requery?: (() => Promise<never> | undefined) | undefined;
  } = {},
): { bills: BillsProvider; counts: BillCallCounts } {
  const counts: BillCallCounts = { pay: 0, requery: 0 };
  return {
    counts,
    bills: {
      slug: 'sandbox',
      verifyCustomer: (request) => inner().verifyCustomer(request),
      listPlans: (serviceId) => inner().listPlans(serviceId),
      pay: (purchase) => {
        counts.pay += 1;
        return fault.pay?.() ?? inner().pay(purchase);
      },
      requery: (requestId) => {
        counts.requery += 1;
        return fault.requery?.() ?? inner().requery(requestId);
      },
    },
  };
}
