import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  fixedIncomeMessages,
  type CreateFixedIncomeOrderBody,
  type FixedIncomeOrder,
  type FixedIncomePayment,
  type FixedIncomeProduct,
} from '@ajo/contracts/fixed-income';
import { formatMinorAsDecimal, formatMoney } from '@ajo/money/format';
import { insertActivity } from '../../money/activity.ts';
import { amountFromInput, naira } from '../../money/limits.ts';
import { openProductAccount, openWallet, transfer } from '../../money/ledger/ledger.service.ts';
import { businessDate, readableDate, type Clock } from '../../platform/clock.ts';
import type { Database, Executor } from '../../platform/db.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { hourlyCatchUp } from '../../platform/jobs.ts';
import { insertNotification } from '../../platform/notifications.ts';
import { isoTimestamp } from '../../platform/timestamps.ts';
import { payDueFixedIncome } from './fixed-income.payments.ts';
import * as repository from './fixed-income.repository.ts';
import { maturityDate, paymentSchedule, type PaymentFigures } from './fixed-income.terms.ts';
import { crashIfAt } from '../../platform/test-crash.ts';
import { referenceForKey, replayedIf } from '../../platform/idempotency.ts';

// What real estate shares with fixed income: the reference rule, month ends and the tax rule.
export { endOfMonth, withholdingTaxMinor } from './fixed-income.terms.ts';

export interface FixedIncomeDependencies {
  database: Database;
  clock: Clock;
  log?: FastifyBaseLogger;
  /** Tests only: stop the process once the first batch of payments is committed. */
  crashAt?: string | undefined;
}

interface Page {
  page: number;
  size: number;
}

const money = formatMinorAsDecimal;

export function tenorLabel(tenor: number, unit: 'days' | 'months'): string {
  if (unit === 'days') return `${String(tenor)} days`;
  if (tenor % 12 === 0) return tenor === 12 ? '1 year' : `${String(tenor / 12)} years`;
  return `${String(tenor)} months`;
}

export function toProduct(row: repository.ProductRow): FixedIncomeProduct {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    kind: row.kind,
    issuer: row.issuer,
    description: row.description,
    tenor: row.tenor,
    tenor_unit: row.tenor_unit,
    tenor_label: tenorLabel(row.tenor, row.tenor_unit),
    rate: row.rate_bps / 100,
    rate_bps: row.rate_bps,
    coupon_schedule: row.coupon_months === null ? 'at_maturity' : 'semi_annual',
    withholding_tax: row.withholding_tax,
    minimum: money(BigInt(row.minimum_minor)),
    maximum: money(BigInt(row.maximum_minor)),
    active: row.active,
  };
}

const toPayment = (figure: PaymentFigures, paid: boolean): FixedIncomePayment => ({
  date: figure.dueOn,
  kind: figure.kind,
  principal: money(figure.principalMinor),
  gross_interest: money(figure.grossMinor),
  withholding_tax: money(figure.taxMinor),
  net_interest: money(figure.netMinor),
  total: money(figure.totalMinor),
  paid,
});

export function toOrder(row: repository.OrderRow): FixedIncomeOrder {
  const principalMinor = BigInt(row.principal_minor);
  const schedule = paymentSchedule({
    principalMinor,
    rateBps: row.rate_bps,
    startOn: row.start_on,
    maturityOn: row.maturity_on,
    couponMonths: row.coupon_months,
    withholdingTax: row.withholding_tax,
  });
  const payments = schedule.map((figure, index) => toPayment(figure, index < row.payments_made));
  const grossPaidMinor = BigInt(row.gross_paid_minor);
  const taxPaidMinor = BigInt(row.tax_paid_minor);
  const netTotalMinor = schedule.reduce((sum, figure) => sum + figure.netMinor, 0n);
  return {
    id: row.id,
    reference: row.reference,
    amount: money(principalMinor),
    status: row.status,
    rate: row.rate_bps / 100,
    start_date: row.start_on,
    maturity_date: row.maturity_on,
    next_payment: payments.find((payment) => !payment.paid) ?? null,
    schedule: payments,
    gross_interest_paid: money(grossPaidMinor),
    withholding_tax_paid: money(taxPaidMinor),
    net_interest_paid: money(grossPaidMinor - taxPaidMinor),
    expected_total: money(principalMinor + netTotalMinor),
    fixed_income: toProduct(row.product),
    created_at: isoTimestamp(row.created_at),
  };
}

/** Investing needs a verified BVN (KYC tier 1 or above), as any regulated investment does. */
export async function requireVerifiedInvestor(executor: Executor, userId: string) {
  if ((await repository.tierOf(executor, userId)) < 1) {
    throw new AppError(
      'verification_required',
      'Verify your BVN before you invest: it takes a minute from your profile.',
      422,
    );
  }
}

const refuse = (code: string, message: string, path = 'amount') =>
  new AppError(code, message, 422, [{ path, message }]);

export function fixedIncomeService({ database, clock, log, crashAt }: FixedIncomeDependencies) {
  async function catalogue({ page, size }: Page) {
    const found = await repository.products(database.db, { offset: page * size, limit: size });
    return { items: found.items.map(toProduct), page, size, total: found.total };
  }

  async function orders(userId: string, { page, size }: Page) {
    const found = await repository.ordersOf(database.db, userId, {
      offset: page * size,
      limit: size,
    });
    return { items: found.items.map(toOrder), page, size, total: found.total };
  }

  /** The product, open for orders, and the amount within its minimum and maximum. */
  async function checkOrder(userId: string, body: CreateFixedIncomeOrderBody) {
    const product = await repository.product(database.db, body.fixed_income_id);
    if (!product) throw notFound(fixedIncomeMessages.unknownProduct);
    if (!product.active) {
      throw refuse('product_unavailable', fixedIncomeMessages.unavailable, 'fixed_income_id');
    }
    await requireVerifiedInvestor(database.db, userId);
    const amountMinor = amountFromInput(body.amount);
    const minimumMinor = BigInt(product.minimum_minor);
    const maximumMinor = BigInt(product.maximum_minor);
    if (amountMinor < minimumMinor) {
      throw refuse(
        'amount_below_minimum',
        `The smallest order for ${product.name} is ${naira(minimumMinor)}`,
      );
    }
    if (amountMinor > maximumMinor) {
      throw refuse(
        'amount_above_limit',
        `One order for ${product.name} takes at most ${naira(maximumMinor)}`,
      );
    }
    return { product, amountMinor };
  }

  /**
   * An order: the amount leaves the wallet for the order's own ledger account in one entry, with
   * the order (its rate and schedule fixed now), its activity row and a notice, in one
   * transaction. The same Idempotency-Key answers the same order and moves nothing again.
   */
  async function buy(userId: string, body: CreateFixedIncomeOrderBody, idempotencyKey: string) {
    const { product, amountMinor } = await checkOrder(userId, body);
    const reference = referenceForKey('AJO-FI', 'AJO-FI', userId, idempotencyKey);
    const now = clock.now();
    const startOn = businessDate(now);
    const maturityOn = maturityDate(startOn, product.tenor, product.tenor_unit);
    const terms = {
      principalMinor: amountMinor,
      rateBps: product.rate_bps,
      startOn,
      maturityOn,
      couponMonths: product.coupon_months,
      withholdingTax: product.withholding_tax,
    };
    const schedule = paymentSchedule(terms);
    const order = await database.unitOfWork(async (tx) => {
      const existing = await repository.orderByReference(tx, reference);
      if (existing) {
        return replayedIf(
          existing,
          existing.product.id === product.id && existing.principal_minor === amountMinor.toString(),
        );
      }
      const id = randomUUID();
      const account = await openProductAccount(tx, {
        userId,
        product: 'fixed_income',
        productId: id,
        currency: 'NGN',
      });
      const wallet = await openWallet(tx, userId, 'NGN');
      const description = `${product.name} at ${String(product.rate_bps / 100)}% p.a.`;
      await transfer(tx, {
        idempotencyKey: reference,
        kind: 'fixed_income',
        description,
        currency: 'NGN',
        fromAccountId: wallet.id,
        toAccountId: account.id,
        amountMinor,
        metadata: { order_id: id },
        at: now,
      });
      await repository.insertOrder(tx, {
        id,
        userId,
        productId: product.id,
        reference,
        ...terms,
        nextPaymentOn: schedule[0]?.dueOn ?? maturityOn,
        ledgerAccountId: account.id,
        at: now,
      });
      const activity = await insertActivity(tx, {
        userId,
        kind: 'trade',
        status: 'successful',
        direction: 'debit',
        channel: 'wallet',
        currency: 'NGN',
        amountMinor,
        feeMinor: 0n,
        reference,
        provider: null,
        providerReference: null,
        description: `Bought ${description}`,
        metadata: {
          fixed_income: {
            order_id: id,
            product: product.slug,
            event: 'bought',
            maturity_date: maturityOn,
          },
        },
        at: now,
      });
      const expectedNetMinor = schedule.reduce((sum, figure) => sum + figure.netMinor, 0n);
      await insertNotification(tx, {
        userId,
        title: `${product.name} bought`,
        body:
          `${formatMoney(amountMinor, 'NGN')} is invested in ${product.name} at ` +
          `${String(product.rate_bps / 100)}% p.a. until ${readableDate(maturityOn)}. ` +
          `Expected interest after tax: ${formatMoney(expectedNetMinor, 'NGN')}.`,
        now,
        transactionId: activity?.id,
      });
      const created = await repository.orderByReference(tx, reference);
      if (!created) throw new Error('the order just made could not be read');
      return created;
    });
    return toOrder(order);
  }

  /** Coupons and maturities due by the clock's business date, each once. */
  async function runDue() {
    const now = clock.now();
    return payDueFixedIncome(database, businessDate(now), now, () => {
      crashIfAt(crashAt, 'fixed_income_after_payment', log);
    });
  }

  const paymentsJob = hourlyCatchUp('fixed-income-payments', runDue);

  return { catalogue, orders, buy, runDue, paymentsJob };
}

export type FixedIncomeService = ReturnType<typeof fixedIncomeService>;
