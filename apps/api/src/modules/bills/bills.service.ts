import { billTypes, type BillType, type MeterType } from '@ajo/contracts/bills';
import { businessDate } from '../../platform/clock.ts';
import type { JobDefinition } from '../../platform/jobs.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { dailyTotal } from '../../money/daily-totals.ts';
import {
  amountFromInput,
  checkPerTransactionLimits,
  feeRule,
  limitsFor,
} from '../../money/limits.ts';
import {
  providerMovements,
  type ProviderMovements,
  type ProviderMovementsDependencies,
} from '../../money/provider-movements/provider-movements.ts';
import { BillsProviderError, type BillsProvider } from '../../providers/bills/bills.port.ts';
import { billerPayments, type BillDestination } from './biller-payments.ts';
import { billPurchases } from './bill-purchases.ts';
import { billKinds, billPolicy, billWording } from './bill-policies.ts';
import { toBillPayment } from './bill-views.ts';
import * as repository from './bills.repository.ts';

export interface BillsDependencies extends ProviderMovementsDependencies {
  bills: BillsProvider;
}

/** The validity a plan's name states ("MTN 1GB - 30 Days" → "30 days"), or '' when it does not. */
export function validityIn(name: string): string {
  const stated = /(\d+)\s*(day|week|month|hour)s?\b/i.exec(name);
  if (!stated) return '';
  const [, count = '', unit = ''] = stated;
  return `${count} ${unit.toLowerCase()}${count === '1' ? '' : 's'}`;
}

const customerLabels: Record<BillType, string> = {
  1: 'Phone number',
  2: 'Phone number',
  4: 'Meter number',
  5: 'Betting account ID',
};

export function billsService(deps: BillsDependencies) {
  const { database, clock, bills } = deps;
  const provider = billerPayments(bills);
  const movements = Object.fromEntries(
    billTypes.map((type) => [type, providerMovements(deps, billPolicy(type), provider)]),
  ) as Record<BillType, ProviderMovements<BillDestination>>;
  const purchases = billPurchases(deps, movements);
  const { billerOf } = purchases;

  async function catalogue(query: { type: BillType; page: number; size: number }) {
    const found = await repository.listBillers(database.db, query);
    return {
      total: found.total,
      items: found.items.map((biller) => ({
        id: biller.id,
        type: biller.type,
        name: biller.name,
        short_name: biller.short_name,
        colour: biller.colour,
        prefixes: biller.prefixes,
        customer_label: customerLabels[biller.type],
        has_plans: biller.type === 2,
        needs_verification: biller.type === 4 || biller.type === 5,
      })),
    };
  }

  async function plans(billerId: string) {
    const biller = await billerOf(billerId, 2);
    return { biller, plans: await repository.listPlans(database.db, biller.id) };
  }

  /** Fee, total and limits before confirming (the `buy_electricity` fee for electricity). */
  async function quote(userId: string, type: BillType, amountInput?: string | number) {
    const { operation } = billKinds[type];
    const { tier } = await repository.findPayer(database.db, userId);
    const limits = await limitsFor(database.db, operation, tier);
    const fee = await feeRule(database.db, operation);
    const used = await dailyTotal(database.db, userId, operation, businessDate(clock.now()));
    const amountMinor =
      amountInput === undefined ? limits.minimumMinor : amountFromInput(amountInput);
    if (amountInput !== undefined) {
      checkPerTransactionLimits(amountMinor, limits, tier, billWording(type));
    }
    return {
      amountMinor,
      feeMinor: fee(amountMinor),
      minimumMinor: limits.minimumMinor,
      maximumMinor: limits.perTransactionMinor,
      dailyRemainingMinor:
        limits.dailyMinor === null
          ? null
          : limits.dailyMinor > used
            ? limits.dailyMinor - used
            : 0n,
    };
  }

  /** Merchant-verify of a meter (type 4) or a betting account (type 5), kept for paying. */
  async function verify(
    userId: string,
    body: { type: BillType; biller_id: string; customer_id: string; meter_type?: MeterType },
  ) {
    const biller = await billerOf(body.biller_id, body.type);
    const meterType = body.type === 4 ? (body.meter_type ?? 'prepaid') : null;
    const key = {
      userId,
      billerId: biller.id,
      customerId: body.customer_id,
      meterType: meterType ?? '',
    };
    const what = body.type === 4 ? `this ${meterType ?? ''} meter number` : 'this account ID';
    let customer;
    try {
      customer = await bills.verifyCustomer({
        serviceId: biller.service_id,
        customerId: body.customer_id,
        meterType,
      });
    } catch (error) {
      if (error instanceof BillsProviderError && error.reason === 'unavailable') {
        throw new AppError(
          'biller_unavailable',
          `${biller.short_name} cannot be reached right now; try again in a few minutes`,
          503,
        );
      }
      await repository.forgetVerification(database.db, key);
      throw new AppError(
        'customer_not_found',
        `${biller.short_name} could not find ${what}. Check it and try again.`,
        422,
        [{ path: 'customer_id', message: `Check ${what}` }],
      );
    }
    const at = clock.now();
    await repository.saveVerification(database.db, {
      ...key,
      customerName: customer.name,
      address: customer.address,
      at,
    });
    return { biller, meterType, customer, at };
  }

  async function history(
    userId: string,
    query: { page: number; size: number; type?: BillType | undefined },
  ) {
    const found = await repository.listBillActivity(database.db, { userId, ...query });
    return { ...found, items: found.items.map(toBillPayment) };
  }

  async function payment(userId: string, id: string) {
    const found = await repository.findBillActivity(database.db, userId, id);
    if (!found) throw notFound('We could not find this payment');
    return toBillPayment(found);
  }

  /** Recent phones, meters and accounts, newest first, one entry each (repeat purchases). */
  async function recipients(userId: string, type?: BillType) {
    const recent = await repository.recentBillActivity(database.db, userId, type, 200);
    const seen = new Set<string>();
    const items = [];
    for (const payment of recent.map(toBillPayment)) {
      const key = `${payment.biller_id}|${payment.customer_id}|${payment.meter_type ?? ''}`;
      if (seen.has(key)) continue;
      seen.add(key);
      items.push(payment);
      if (items.length === 20) break;
    }
    return items;
  }

  /**
   * Every day: each network's data plans as the biller sells them now, so a plan's price is the
   * biller's (a stale price is refused by the biller). A biller that cannot answer keeps its
   * plans until the next run.
   */
  const refreshPlansJob: JobDefinition = {
    name: 'bill-plans-refresh',
    schedule: 'daily',
    maxAttempts: 3,
    run: async () => {
      for (const biller of await repository.billersOfType(database.db, 2)) {
        const offers = await bills.listPlans(biller.service_id);
        if (offers.length === 0) continue;
        await repository.replacePlans(
          database.db,
          biller.id,
          offers.map((offer) => ({ ...offer, validity: validityIn(offer.name) })),
        );
      }
    },
  };

  return {
    catalogue,
    plans,
    quote,
    verify,
    buyAirtime: purchases.buyAirtime,
    buyData: purchases.buyData,
    payElectricity: purchases.payElectricity,
    fundBetting: purchases.fundBetting,
    history,
    payment,
    recipients,
    /** Each bill type's movements (tests and the reconcilers reach them here). */
    movements,
    reconcileJobs: billTypes.map((type) => movements[type].reconcileJob),
    refreshPlansJob,
    reconcile: async (now: Date) => {
      let open = 0;
      for (const type of billTypes) open += await movements[type].reconcile(now);
      return open;
    },
    /** One bill payment asked about now (the console), whichever type it is. */
    requery: async (reference: string, now: Date) => {
      for (const type of billTypes) {
        if (await movements[type].requery(reference, now)) return true;
      }
      return false;
    },
  };
}

export type BillsService = ReturnType<typeof billsService>;
