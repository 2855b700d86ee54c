import { createHash, randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.ts';
import { batcher, succeeded } from '../../platform/batcher.ts';
import { batchInput, rows, type Database } from '../../platform/db.ts';
import {
  BillsProviderError,
  type BillPurchase,
  type BillState,
  type BillStatus,
  type BillsProvider,
} from './bills.port.ts';
import {
  isSandboxService,
  sandboxBettingServices,
  sandboxBillMagic,
  sandboxDataPlans,
  sandboxElectricityServices,
} from './sandbox-world.ts';

export { sandboxBillMagic } from './sandbox-world.ts';

interface SandboxBillRow {
  request_id: string;
  transaction_id: string;
  service_id: string;
  amount_minor: string;
  variation_code: string | null;
  status: BillStatus;
  token: string | null;
  units: string | null;
}

/** A purchase as the sandbox biller records it. */
interface NewSandboxBill {
  request_id: string;
  transaction_id: string;
  service_id: string;
  customer_id: string;
  variation_code: string | null;
  phone: string;
  amount_minor: bigint;
  status: BillStatus;
  token: string | null;
  units: string | null;
  at: Date;
}

const columns = sql`request_id, transaction_id, service_id, amount_minor::text as amount_minor,
  variation_code, status, token, units`;

const toState = (row: SandboxBillRow): BillState => ({
  requestId: row.request_id,
  status: row.status,
  providerReference: row.transaction_id,
  token: row.token,
  units: row.units,
  ...(row.status === 'failed' ? { message: 'TRANSACTION FAILED' } : {}),
});

const isElectricity = (serviceId: string) =>
  (sandboxElectricityServices as readonly string[]).includes(serviceId);

/** A 20-digit prepaid token, the same for one request id every time it is asked. */
function tokenFor(requestId: string): string {
  const digest = createHash('sha256').update(`token:${requestId}`).digest();
  const digits = Array.from(digest.subarray(0, 20), (byte) => String(byte % 10)).join('');
  return digits.match(/\d{4}/g)?.join('-') ?? digits;
}

/** kWh to one decimal, rounded down (the meter never gets more than was paid for). */
function unitsFor(amountMinor: bigint): string {
  const tenths = (amountMinor * 10n) / sandboxBillMagic.tariffMinorPerKwh;
  return `${(tenths / 10n).toString()}.${(tenths % 10n).toString()} kWh`;
}

/** What a delivered purchase carries: a prepaid meter's token and units. */
function delivery(
  row: Pick<SandboxBillRow, 'request_id' | 'service_id' | 'variation_code' | 'amount_minor'>,
) {
  if (!isElectricity(row.service_id) || row.variation_code !== 'prepaid') {
    return { token: null, units: null };
  }
  return { token: tokenFor(row.request_id), units: unitsFor(BigInt(row.amount_minor)) };
}

const kobo = (amountMinor: bigint) => amountMinor % 100n;

/**
 * A bills vendor living in our own database, answering as VTpass does: merchant-verify finds the
 * sandbox meters, service-variations lists each network's plans, a purchase is delivered at once
 * unless its amount's kobo part asks otherwise (`sandboxBillMagic`), and requery finishes the
 * slow ones. Purchases are kept by request id, so a repeat never buys twice and a restarted
 * process finds what the last one bought.
 */
export function sandboxBillsProvider(options: {
  database: Database;
  clock: Clock;
  /** Added to every call (the VTpass sandbox answers in about a quarter of a second). */
  latencyMs?: number;
}): BillsProvider {
  const { database, clock } = options;
  const pause = () =>
    options.latencyMs ? new Promise((resolve) => setTimeout(resolve, options.latencyMs)) : null;

  /**
   * Purchases arriving together are recorded in one statement, as a vendor's own storage would
   * take them (the bench pays the biller after each answer: one commit per purchase was the
   * sandbox's cost, not ours). A request id recorded before answers what it bought then.
   */
  const records = batcher<NewSandboxBill, SandboxBillRow | undefined>({
    maxBatch: 64,
    conflictKey: (bill) => bill.request_id,
    run: async (bills) => {
      const input = batchInput('bill_input', {
        request_id: ['text', bills.map((bill) => bill.request_id)],
        transaction_id: ['text', bills.map((bill) => bill.transaction_id)],
        service_id: ['text', bills.map((bill) => bill.service_id)],
        customer_id: ['text', bills.map((bill) => bill.customer_id)],
        variation_code: ['text', bills.map((bill) => bill.variation_code)],
        phone: ['text', bills.map((bill) => bill.phone)],
        amount_minor: ['bigint', bills.map((bill) => bill.amount_minor)],
        status: ['text', bills.map((bill) => bill.status)],
        token: ['text', bills.map((bill) => bill.token)],
        units: ['text', bills.map((bill) => bill.units)],
        at: ['timestamptz', bills.map((bill) => bill.at)],
      });
      const inserted = await rows<SandboxBillRow>(
        database.db,
        sql`insert into sandbox_bill_payments (request_id, transaction_id, service_id,
              customer_id, variation_code, phone, amount_minor, status, token, units, created_at,
              updated_at)
            select request_id, transaction_id, service_id, customer_id, variation_code, phone,
                   amount_minor, status, token, units, at, at
              from ${input}
            on conflict (request_id) do nothing
            returning ${columns}`,
      );
      const byRequest = new Map(inserted.map((row) => [row.request_id, row]));
      const answers = [];
      for (const bill of bills) {
        answers.push(succeeded(byRequest.get(bill.request_id) ?? (await find(bill.request_id))));
      }
      return answers;
    },
  });

  async function find(requestId: string) {
    const [found] = await rows<SandboxBillRow>(
      database.db,
      sql`select ${columns} from sandbox_bill_payments where request_id = ${requestId}`,
    );
    return found;
  }

  function refuseUnknown(purchase: BillPurchase) {
    if (!isSandboxService(purchase.serviceId)) {
      throw new BillsProviderError('rejected', 'PRODUCT DOES NOT EXIST');
    }
    const plans = sandboxDataPlans[purchase.serviceId];
    if (plans) {
      const chosen = plans.find((offer) => offer.code === purchase.variationCode);
      if (chosen?.amountMinor !== purchase.amountMinor) {
        throw new BillsProviderError('rejected', 'VARIATION CODE DOES NOT EXIST');
      }
    }
    if (isElectricity(purchase.serviceId)) {
      const meter =
        purchase.variationCode === 'prepaid'
          ? sandboxBillMagic.prepaidMeter
          : sandboxBillMagic.postpaidMeter;
      if (purchase.customerId !== meter) {
        throw new BillsProviderError('rejected', 'INVALID METER NUMBER');
      }
    }
    if (
      (sandboxBettingServices as readonly string[]).includes(purchase.serviceId) &&
      purchase.customerId === sandboxBillMagic.unknownBettingAccount
    ) {
      throw new BillsProviderError('rejected', 'INVALID CUSTOMER ID');
    }
  }

  /** The status a new purchase gets, by the kobo part of its amount. */
  function firstStatus(amountMinor: bigint): BillStatus {
    const part = kobo(amountMinor);
    if (part === sandboxBillMagic.failKobo) return 'failed';
    if (part === sandboxBillMagic.pendingKobo || part === sandboxBillMagic.reversedKobo) {
      return 'pending';
    }
    return 'delivered';
  }

  return {
    slug: 'sandbox',

    async verifyCustomer({ serviceId, customerId, meterType }) {
      await pause();
      if (isElectricity(serviceId)) {
        const known =
          (meterType === 'prepaid' && customerId === sandboxBillMagic.prepaidMeter) ||
          (meterType === 'postpaid' && customerId === sandboxBillMagic.postpaidMeter);
        if (!known) throw new BillsProviderError('not_found', 'INVALID METER NUMBER');
        return { ...sandboxBillMagic.meterCustomer };
      }
      if ((sandboxBettingServices as readonly string[]).includes(serviceId)) {
        if (customerId === sandboxBillMagic.unknownBettingAccount) {
          throw new BillsProviderError('not_found', 'INVALID CUSTOMER ID');
        }
        return { name: `Sandbox Punter ${customerId.slice(-4).toUpperCase()}`, address: null };
      }
      throw new BillsProviderError('rejected', 'PRODUCT DOES NOT EXIST');
    },

    async listPlans(serviceId) {
      await pause();
      const plans = sandboxDataPlans[serviceId];
      if (!plans) throw new BillsProviderError('rejected', 'PRODUCT DOES NOT EXIST');
      return plans.map(({ code, name, amountMinor }) => ({ code, name, amountMinor }));
    },

    async pay(purchase) {
      await pause();
      refuseUnknown(purchase);
      const status = firstStatus(purchase.amountMinor);
      const delivered =
        status === 'delivered'
          ? delivery({
              request_id: purchase.requestId,
              service_id: purchase.serviceId,
              variation_code: purchase.variationCode,
              amount_minor: purchase.amountMinor.toString(),
            })
          : { token: null, units: null };
      const now = clock.now();
      // A request id already used answers what it bought then (VTpass: code 014, then requery).
      const stored = await records({
        request_id: purchase.requestId,
        transaction_id: `${Date.now().toString()}${String(randomInt(1e6)).padStart(6, '0')}`,
        service_id: purchase.serviceId,
        customer_id: purchase.customerId,
        variation_code: purchase.variationCode,
        phone: purchase.phone,
        amount_minor: purchase.amountMinor,
        status,
        token: delivered.token,
        units: delivered.units,
        at: now,
      });
      if (!stored) throw new BillsProviderError('unavailable', 'the purchase was not recorded');
      if (kobo(purchase.amountMinor) === sandboxBillMagic.lostAnswerKobo) {
        throw new BillsProviderError('unavailable', 'timeout: the biller did not answer in time');
      }
      return toState(stored);
    },

    async requery(requestId) {
      await pause();
      const stored = await find(requestId);
      if (!stored) return undefined;
      if (stored.status !== 'pending') return toState(stored);
      // The slow biller has answered by the time anyone asks.
      const reversed = kobo(BigInt(stored.amount_minor)) === sandboxBillMagic.reversedKobo;
      const delivered = reversed ? { token: null, units: null } : delivery(stored);
      const [updated] = await rows<SandboxBillRow>(
        database.db,
        sql`update sandbox_bill_payments
               set status = ${reversed ? 'reversed' : 'delivered'}, token = ${delivered.token},
                   units = ${delivered.units}, updated_at = ${clock.now().toISOString()}
             where request_id = ${requestId} and status = 'pending'
         returning ${columns}`,
      );
      return toState(updated ?? (await find(requestId)) ?? stored);
    },
  };
}
