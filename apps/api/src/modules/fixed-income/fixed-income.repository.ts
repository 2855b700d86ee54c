import { sql } from 'drizzle-orm';
import { rows, type Executor } from '../../platform/db.ts';

export interface ProductRow {
  id: string;
  slug: string;
  name: string;
  kind: 'treasury_bill' | 'fgn_bond' | 'commercial_paper' | 'corporate_bond';
  issuer: string;
  description: string;
  tenor: number;
  tenor_unit: 'days' | 'months';
  rate_bps: number;
  coupon_months: number | null;
  withholding_tax: boolean;
  minimum_minor: string;
  maximum_minor: string;
  active: boolean;
}

const productColumns = sql`f.id, f.slug, f.name, f.kind, f.issuer, f.description, f.tenor,
  f.tenor_unit, f.rate_bps, f.coupon_months, f.withholding_tax, f.minimum_minor::text,
  f.maximum_minor::text, f.active`;

/** One page of the catalogue in its order, with the count of all. */
export async function products(executor: Executor, page: { offset: number; limit: number }) {
  const items = await rows<ProductRow>(
    executor,
    sql`select ${productColumns} from fixed_income_products f
         order by f.position, f.slug limit ${page.limit} offset ${page.offset}`,
  );
  const [count] = await rows<{ total: number }>(
    executor,
    sql`select count(*)::int as total from fixed_income_products`,
  );
  return { items, total: count?.total ?? 0 };
}

export async function product(executor: Executor, id: string): Promise<ProductRow | undefined> {
  const [found] = await rows<ProductRow>(
    executor,
    sql`select ${productColumns} from fixed_income_products f where f.id = ${id}`,
  );
  return found;
}

export interface OrderRow {
  id: string;
  user_id: string;
  reference: string;
  principal_minor: string;
  rate_bps: number;
  coupon_months: number | null;
  withholding_tax: boolean;
  start_on: string;
  maturity_on: string;
  next_payment_on: string | null;
  payments_made: number;
  status: 'active' | 'matured';
  gross_paid_minor: string;
  tax_paid_minor: string;
  created_at: string | Date;
  product: ProductRow;
}

const orderColumns = sql`o.id, o.user_id, o.reference, o.principal_minor::text, o.rate_bps,
  o.coupon_months, o.withholding_tax, o.start_on::text, o.maturity_on::text,
  o.next_payment_on::text, o.payments_made, o.status, o.gross_paid_minor::text,
  o.tax_paid_minor::text, o.created_at,
  json_build_object('id', f.id, 'slug', f.slug, 'name', f.name, 'kind', f.kind,
    'issuer', f.issuer, 'description', f.description, 'tenor', f.tenor,
    'tenor_unit', f.tenor_unit, 'rate_bps', f.rate_bps, 'coupon_months', f.coupon_months,
    'withholding_tax', f.withholding_tax, 'minimum_minor', f.minimum_minor::text,
    'maximum_minor', f.maximum_minor::text, 'active', f.active) as product`;

/** One page of a user's orders, newest first, with the count of all of them. */
export async function ordersOf(
  executor: Executor,
  userId: string,
  page: { offset: number; limit: number },
) {
  const items = await rows<OrderRow>(
    executor,
    sql`select ${orderColumns} from fixed_income_orders o
          join fixed_income_products f on f.id = o.product_id
         where o.user_id = ${userId}
         order by o.created_at desc, o.id desc limit ${page.limit} offset ${page.offset}`,
  );
  const [count] = await rows<{ total: number }>(
    executor,
    sql`select count(*)::int as total from fixed_income_orders where user_id = ${userId}`,
  );
  return { items, total: count?.total ?? 0 };
}

export async function orderByReference(
  executor: Executor,
  reference: string,
): Promise<OrderRow | undefined> {
  const [found] = await rows<OrderRow>(
    executor,
    sql`select ${orderColumns} from fixed_income_orders o
          join fixed_income_products f on f.id = o.product_id
         where o.reference = ${reference}`,
  );
  return found;
}

export interface NewOrder {
  id: string;
  userId: string;
  productId: string;
  reference: string;
  principalMinor: bigint;
  rateBps: number;
  couponMonths: number | null;
  withholdingTax: boolean;
  startOn: string;
  maturityOn: string;
  nextPaymentOn: string;
  ledgerAccountId: string;
  at: Date;
}

export async function insertOrder(executor: Executor, order: NewOrder) {
  await executor.execute(sql`insert into fixed_income_orders (id, user_id, product_id, reference,
      principal_minor, rate_bps, coupon_months, withholding_tax, start_on, maturity_on,
      next_payment_on, ledger_account_id, created_at)
    values (${order.id}, ${order.userId}, ${order.productId}, ${order.reference},
      ${order.principalMinor.toString()}, ${order.rateBps}, ${order.couponMonths},
      ${order.withholdingTax}, ${order.startOn}, ${order.maturityOn}, ${order.nextPaymentOn},
      ${order.ledgerAccountId}, ${order.at.toISOString()})`);
}

/** The user's KYC tier (0 until the BVN is verified). */
export async function tierOf(executor: Executor, userId: string): Promise<number> {
  const [found] = await rows<{ tier: number }>(
    executor,
    sql`select tier from users where id = ${userId}`,
  );
  return found?.tier ?? 0;
}
