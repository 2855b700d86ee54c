import { billTypeNames, type BillType, type MeterType } from '@ajo/contracts/bills';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { idempotencyKeyReused, referenceForKey } from '../../platform/idempotency.ts';
import { newActivityReference } from '../../money/activity.ts';
import { insufficientFunds } from '../../money/ledger/ledger.service.ts';
import {
  amountFromInput,
  checkPerTransactionLimits,
  feeRule,
  limitsFor,
  naira,
} from '../../money/limits.ts';
import type { Placement } from '../../money/provider-movements/provider-movement.ts';
import type { ProviderMovements } from '../../money/provider-movements/provider-movements.ts';
import type { BillDestination } from './biller-payments.ts';
import { billKinds, billWording, readablePhone } from './bill-policies.ts';
import { toBillPayment } from './bill-views.ts';
import * as repository from './bills.repository.ts';
import type { BillerRow } from './bills.repository.ts';

/** A meter or betting account verified longer ago than this must be verified again to pay. */
const verificationValidMs = 24 * 60 * 60_000;

const dailyLimitReached = (type: BillType, remainingMinor: bigint) =>
  new AppError(
    'daily_limit_reached',
    remainingMinor === 0n
      ? `You have reached today's limit for ${billTypeNames[type]}; try again tomorrow`
      : `You can pay ${naira(remainingMinor)} more for ${billTypeNames[type]} today`,
    422,
    [{ path: 'amount', message: 'Above what is left of your daily limit' }],
  );

/** The bill's words for each refusal of the money core (exhaustive). */
function refusal(
  type: BillType,
  placement: Exclude<Placement, { outcome: 'placed' | 'replayed' }>,
): AppError {
  switch (placement.outcome) {
    case 'insufficient_funds':
      return insufficientFunds();
    case 'daily_limit':
      return dailyLimitReached(type, placement.remainingMinor);
    case 'different_request':
      return idempotencyKeyReused();
  }
}

const matchesNetwork = (biller: BillerRow, phoneDigits: string) =>
  biller.prefixes.some((prefix) => `0${phoneDigits}`.startsWith(prefix));

/**
 * The four purchases: each checks what only its bill type knows (the network, the plan, a
 * verified meter or account), then the tier's limits and the fee, and places the payment with
 * the money core: hold → biller → settle once.
 */
export function billPurchases(
  deps: { database: Database; clock: Clock },
  movements: Record<BillType, ProviderMovements<BillDestination>>,
) {
  const { database, clock } = deps;

  /** A biller of the type asked for, or a 404 / 422 a person can act on. */
  async function billerOf(id: string, type: BillType) {
    const biller = await repository.findBiller(database.db, id);
    if (!biller) throw notFound('We could not find this provider');
    if (biller.type !== type) {
      throw new AppError(
        'wrong_biller_type',
        `${biller.name} does not sell ${billTypeNames[type]}`,
        422,
        [{ path: 'biller_id', message: `Choose a ${billTypeNames[type]} provider` }],
      );
    }
    return biller;
  }

  /** The biller (as `billerOf`) and the paying user, read side by side. */
  const billerAndPayer = (billerId: string, type: BillType, userId: string) =>
    Promise.all([billerOf(billerId, type), repository.findPayer(database.db, userId)]);

  /**
   * A number that is not on the chosen network is refused, naming the network it is on, unless
   * the person said it was moved to the chosen network (`ported`: it keeps its old prefix). A
   * prefix no network carries is refused either way.
   */
  async function checkNetwork(biller: BillerRow, phoneDigits: string, ported: boolean) {
    if (matchesNetwork(biller, phoneDigits)) return;
    const networks = await repository.billersOfType(database.db, biller.type);
    const actual = networks.find((network) => matchesNetwork(network, phoneDigits));
    if (ported && actual) return;
    const readable = readablePhone(phoneDigits);
    const message = actual
      ? `${readable} is on ${actual.short_name}, not ${biller.short_name}. Choose ${actual.short_name} or check the number.`
      : `${readable} is not on MTN, Airtel, Glo or 9mobile. Check the number.`;
    throw new AppError('network_mismatch', message, 422, [{ path: 'phone', message }]);
  }

  /** A verified meter or account of this user, recent enough to pay, or a 422 saying what to do. */
  async function verifiedCustomer(
    userId: string,
    biller: BillerRow,
    customerId: string,
    meterType: MeterType | null,
  ) {
    const found = await repository.findVerification(database.db, {
      userId,
      billerId: biller.id,
      customerId,
      meterType: meterType ?? '',
      since: new Date(clock.now().getTime() - verificationValidMs),
    });
    if (found) return found;
    const meter = biller.type === 4;
    throw new AppError(
      meter ? 'meter_not_verified' : 'account_not_verified',
      meter
        ? 'Verify the meter number before paying, so the token goes to the right meter'
        : 'Verify the betting account before funding it, so the money goes to the right account',
      422,
      [
        {
          path: meter ? 'meter_number' : 'customer_id',
          message: meter ? 'Verify this meter first' : 'Verify this account first',
        },
      ],
    );
  }

  /** The tier's limits, the fee, then hold → biller → settle once through the money core. */
  async function place(
    userId: string,
    tier: number,
    destination: BillDestination,
    amountMinor: bigint,
    idempotencyKey: string | undefined,
  ) {
    const type = destination.type;
    const { operation, prefix } = billKinds[type];
    const limits = await limitsFor(database.db, operation, tier);
    checkPerTransactionLimits(amountMinor, limits, tier, billWording(type));
    const feeMinor = (await feeRule(database.db, operation))(amountMinor);
    const placed = await movements[type].place({
      userId,
      reference:
        idempotencyKey === undefined
          ? newActivityReference(prefix)
          : referenceForKey(billKinds[type].prefix, userId, idempotencyKey),
      currency: 'NGN',
      amountMinor,
      feeMinor,
      destination,
      dailyLimitMinor: limits.dailyMinor,
    });
    if (placed.outcome !== 'placed' && placed.outcome !== 'replayed') {
      throw refusal(type, placed);
    }
    return toBillPayment(placed.activity);
  }

  const blankDestination = (biller: BillerRow, customerId: string, phone: string) => ({
    type: biller.type,
    biller_id: biller.id,
    biller_name: biller.short_name,
    service_id: biller.service_id,
    customer_id: customerId,
    phone,
    plan_code: null,
    plan_name: null,
    meter_type: null,
    customer_name: null,
    address: null,
  });

  async function buyAirtime(
    userId: string,
    body: { biller_id: string; phone: string; amount: string | number; ported_number?: boolean },
    key?: string,
  ) {
    const amountMinor = amountFromInput(body.amount);
    const [biller, { tier }] = await billerAndPayer(body.biller_id, 1, userId);
    await checkNetwork(biller, body.phone, body.ported_number === true);
    return place(userId, tier, blankDestination(biller, body.phone, body.phone), amountMinor, key);
  }

  async function buyData(
    userId: string,
    body: { biller_id: string; phone: string; plan_code: string; ported_number?: boolean },
    key?: string,
  ) {
    const [biller, { tier }] = await billerAndPayer(body.biller_id, 2, userId);
    const plan = await repository.findPlan(database.db, biller.id, body.plan_code);
    if (!plan) {
      throw new AppError('unknown_plan', `${biller.short_name} does not sell this plan`, 422, [
        { path: 'plan_code', message: 'Choose one of the plans listed' },
      ]);
    }
    await checkNetwork(biller, body.phone, body.ported_number === true);
    const destination = {
      ...blankDestination(biller, body.phone, body.phone),
      plan_code: plan.code,
      plan_name: `${plan.name} (${plan.validity})`,
    };
    return place(userId, tier, destination, BigInt(plan.amount_minor), key);
  }

  async function payElectricity(
    userId: string,
    body: {
      biller_id: string;
      meter_number: string;
      meter_type: MeterType;
      amount: string | number;
      phone?: string | undefined;
    },
    key?: string,
  ) {
    const amountMinor = amountFromInput(body.amount);
    const [biller, payer] = await billerAndPayer(body.biller_id, 4, userId);
    const meter = await verifiedCustomer(userId, biller, body.meter_number, body.meter_type);
    const destination = {
      ...blankDestination(biller, body.meter_number, body.phone ?? payer.phone),
      meter_type: body.meter_type,
      customer_name: meter.customer_name,
      address: meter.address,
    };
    return place(userId, payer.tier, destination, amountMinor, key);
  }

  async function fundBetting(
    userId: string,
    body: { biller_id: string; customer_id: string; amount: string | number },
    key?: string,
  ) {
    const amountMinor = amountFromInput(body.amount);
    const [biller, payer] = await billerAndPayer(body.biller_id, 5, userId);
    const account = await verifiedCustomer(userId, biller, body.customer_id, null);
    const destination = {
      ...blankDestination(biller, body.customer_id, payer.phone),
      customer_name: account.customer_name,
    };
    return place(userId, payer.tier, destination, amountMinor, key);
  }

  return { billerOf, buyAirtime, buyData, payElectricity, fundBetting };
}
