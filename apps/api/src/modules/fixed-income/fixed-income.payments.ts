import { sql } from 'drizzle-orm';
import { formatMoney } from '@ajo/money/format';
import { insertActivities } from '../../money/activity.ts';
import { move, systemAccount, walletsOf } from '../../money/ledger/ledger.service.ts';
import { readableDate } from '../../platform/clock.ts';
import { batchInput, rows, type Database, type Tx } from '../../platform/db.ts';
import { insertNotifications } from '../../platform/notifications.ts';
import { paymentSchedule, type PaymentFigures } from './fixed-income.terms.ts';

/** Orders paid per transaction (at most one per user, as the ledger's batches require). */
const paymentBatchSize = 200;

interface DueOrder {
  id: string;
  user_id: string;
  reference: string;
  principal_minor: string;
  rate_bps: number;
  coupon_months: number | null;
  withholding_tax: boolean;
  start_on: string;
  maturity_on: string;
  next_payment_on: string;
  payments_made: number;
  ledger_account_id: string;
  product_name: string;
  product_slug: string;
}

interface DuePayment {
  order: DueOrder;
  figure: PaymentFigures;
  /** The payment after this one; null when this one is the maturity. */
  nextOn: string | null;
}

/** The payment an order owes on its next date, from its terms (the schedule is its own rule). */
function duePayment(order: DueOrder): DuePayment {
  const schedule = paymentSchedule({
    principalMinor: BigInt(order.principal_minor),
    rateBps: order.rate_bps,
    startOn: order.start_on,
    maturityOn: order.maturity_on,
    couponMonths: order.coupon_months,
    withholdingTax: order.withholding_tax,
  });
  const figure = schedule[order.payments_made];
  if (figure?.dueOn !== order.next_payment_on) {
    throw new Error(`fixed-income order ${order.id} is out of step with its schedule`);
  }
  return { order, figure, nextOn: schedule[order.payments_made + 1]?.dueOn ?? null };
}

/**
 * Locks a batch of orders with a payment due (skipping those another worker holds). The order's
 * columns are read by the locking select itself: when another worker paid a date and committed
 * while this statement ran, the lock returns the row as that worker left it, where a second read
 * of the table would still see this statement's older snapshot and pay that date again.
 */
function lockDue(tx: Tx, today: string) {
  return rows<DueOrder>(
    tx,
    sql`with locked as (
          select o.id, o.user_id, o.reference, o.principal_minor::text, o.rate_bps,
                 o.coupon_months, o.withholding_tax, o.start_on::text, o.maturity_on::text,
                 o.next_payment_on::text, o.payments_made, o.ledger_account_id, o.product_id
            from fixed_income_orders o
           where o.status = 'active' and o.next_payment_on <= ${today}::date
           order by o.next_payment_on, o.id limit ${paymentBatchSize * 4}
           for update skip locked)
        select distinct on (locked.user_id) locked.id, locked.user_id, locked.reference,
               locked.principal_minor, locked.rate_bps, locked.coupon_months,
               locked.withholding_tax, locked.start_on, locked.maturity_on,
               locked.next_payment_on, locked.payments_made, locked.ledger_account_id,
               f.name as product_name, f.slug as product_slug
          from locked join fixed_income_products f on f.id = locked.product_id
         order by locked.user_id, locked.next_payment_on, locked.id
         limit ${paymentBatchSize}`,
  );
}

/** One balanced entry per payment, keyed by (order, date): principal back, interest, tax. */
async function postPayments(tx: Tx, due: readonly DuePayment[], at: Date) {
  const wallets = await walletsOf(
    tx,
    due.map(({ order }) => order.user_id),
    'NGN',
  );
  const settlement = (await systemAccount(tx, 'provider_settlement', 'NGN')).id;
  const tax = (await systemAccount(tx, 'withholding_tax_payable', 'NGN')).id;
  const results = await move(
    tx,
    due.map(({ order, figure }) => ({
      idempotencyKey: `fixed-income:${order.id}:${figure.dueOn}`,
      kind: 'fixed_income',
      description: `${order.product_name} ${figure.kind} of ${figure.dueOn}`,
      currency: 'NGN' as const,
      postings: [
        { accountId: order.ledger_account_id, amountMinor: -figure.principalMinor },
        // The issuer's interest arrives through the custodian's settlement account.
        { accountId: settlement, amountMinor: -figure.grossMinor },
        { accountId: tax, amountMinor: figure.taxMinor },
        { accountId: wallets.get(order.user_id) ?? '', amountMinor: figure.totalMinor },
      ].filter((posting) => posting.amountMinor !== 0n),
      metadata: { order_id: order.id, due_on: figure.dueOn },
      at,
    })),
  );
  if (results.some((result) => result.outcome === 'insufficient_funds')) {
    throw new Error('a maturing fixed-income order did not hold its principal');
  }
}

/** The order rows and the payment records: the sub-ledger of what each order has paid. */
async function recordPayments(tx: Tx, due: readonly DuePayment[], at: Date) {
  const input = batchInput('paid', {
    id: ['uuid', due.map(({ order }) => order.id)],
    due_on: ['date', due.map(({ figure }) => figure.dueOn)],
    kind: ['text', due.map(({ figure }) => figure.kind)],
    principal: ['bigint', due.map(({ figure }) => figure.principalMinor)],
    gross: ['bigint', due.map(({ figure }) => figure.grossMinor)],
    tax: ['bigint', due.map(({ figure }) => figure.taxMinor)],
    net: ['bigint', due.map(({ figure }) => figure.netMinor)],
    next_on: ['date', due.map(({ nextOn }) => nextOn)],
  });
  await tx.execute(sql`insert into fixed_income_payments (order_id, due_on, kind, principal_minor,
        gross_minor, tax_minor, net_minor, paid_at)
      select id, due_on, kind, principal, gross, tax, net, ${at.toISOString()} from ${input}`);
  await tx.execute(sql`update fixed_income_orders o
      set payments_made = o.payments_made + 1, next_payment_on = paid.next_on,
          gross_paid_minor = o.gross_paid_minor + paid.gross,
          tax_paid_minor = o.tax_paid_minor + paid.tax,
          status = case when paid.next_on is null then 'matured' else o.status end,
          matured_at = case when paid.next_on is null then ${at.toISOString()}::timestamptz
                            else o.matured_at end
     from ${input} where o.id = paid.id`);
}

/** Each payment in the activity feed and a notice stating gross, tax and net. */
async function tellUsers(tx: Tx, due: readonly DuePayment[], at: Date) {
  const activities = await insertActivities(
    tx,
    due.map(({ order, figure }) => ({
      userId: order.user_id,
      kind: figure.kind === 'coupon' ? ('interest' as const) : ('trade' as const),
      status: 'successful' as const,
      direction: 'credit' as const,
      channel: 'wallet' as const,
      currency: 'NGN' as const,
      amountMinor: figure.totalMinor,
      feeMinor: 0n,
      reference: `${order.reference}-${figure.kind === 'coupon' ? `C${String(order.payments_made + 1)}` : 'M'}`,
      provider: null,
      providerReference: null,
      description:
        figure.kind === 'coupon' ? `${order.product_name} coupon` : `${order.product_name} matured`,
      metadata: {
        fixed_income: {
          order_id: order.id,
          product: order.product_slug,
          event: figure.kind === 'coupon' ? 'coupon' : 'matured',
          due_on: figure.dueOn,
          principal_minor: figure.principalMinor.toString(),
          gross_interest_minor: figure.grossMinor.toString(),
          withholding_tax_minor: figure.taxMinor.toString(),
          net_interest_minor: figure.netMinor.toString(),
        },
      },
      at,
    })),
  );
  const naira = (minor: bigint) => formatMoney(minor, 'NGN');
  await insertNotifications(
    tx,
    due.map(({ order, figure, nextOn }, index) => {
      const interest =
        `interest ${naira(figure.netMinor)} (gross ${naira(figure.grossMinor)}, ` +
        `withholding tax ${naira(figure.taxMinor)})`;
      return {
        userId: order.user_id,
        title:
          figure.kind === 'coupon'
            ? `${order.product_name} coupon paid`
            : `${order.product_name} matured`,
        body:
          figure.kind === 'coupon'
            ? `${naira(figure.totalMinor)} is in your wallet: ${interest}. Next payment on ${readableDate(nextOn ?? order.maturity_on)}.`
            : `${naira(figure.totalMinor)} is in your wallet: your ${naira(figure.principalMinor)} back and ${interest}.`,
        now: at,
        transactionId: activities[index]?.id,
      };
    }),
  );
}

/**
 * Pays every coupon and maturity due by `today`, set-based: a batch of orders is locked, each
 * paid by one ledger entry keyed by (order, date), its payment recorded under a primary key,
 * the order moved to its next date, its activity row and notice written, all in one
 * transaction. A second run finds nothing due; an order several dates behind is paid one date
 * per batch, oldest first, until it is up to date.
 */
export async function payDueFixedIncome(
  database: Database,
  today: string,
  at: Date,
  /** Called after each batch is committed (tests stop the process here). */
  afterBatch: () => void = () => undefined,
): Promise<number> {
  let paid = 0;
  for (;;) {
    const count = await database.unitOfWork(async (tx) => {
      const due = (await lockDue(tx, today)).map(duePayment);
      if (due.length === 0) return 0;
      await postPayments(tx, due, at);
      await recordPayments(tx, due, at);
      await tellUsers(tx, due, at);
      return due.length;
    });
    if (count === 0) return paid;
    paid += count;
    afterBatch();
  }
}
