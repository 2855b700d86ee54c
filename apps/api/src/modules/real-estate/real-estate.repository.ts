import { sql } from 'drizzle-orm';
import type { PropertyArt } from '@ajo/contracts/real-estate';
import { rows, type Executor } from '../../platform/db.ts';

export interface PropertyRow {
  id: string;
  slug: string;
  name: string;
  location: string;
  description: string;
  price_per_unit_minor: string;
  units_total: number;
  units_available: number;
  rental_yield_bps: number;
  rent_paid_through: string | null;
  art: PropertyArt;
  active: boolean;
}

const propertyColumns = sql`p.id, p.slug, p.name, p.location, p.description,
  p.price_per_unit_minor::text, p.units_total, p.units_available, p.rental_yield_bps,
  p.rent_paid_through::text, p.art, p.active`;

/** One page of the properties in their order, with the count of all. */
/**
 * What the market lists: properties on sale, and those taken off sale that people still hold
 * (shown as unavailable). One that was never on sale (a new listing before its date) is not
 * listed.
 */
const listed = sql`(p.active or exists (select 1 from real_estate_holdings h
                                         where h.property_id = p.id))`;

export async function properties(executor: Executor, page: { offset: number; limit: number }) {
  const items = await rows<PropertyRow>(
    executor,
    sql`select ${propertyColumns} from real_estate_properties p where ${listed}
         order by p.position, p.slug limit ${page.limit} offset ${page.offset}`,
  );
  const [count] = await rows<{ total: number }>(
    executor,
    sql`select count(*)::int as total from real_estate_properties p where ${listed}`,
  );
  return { items, total: count?.total ?? 0 };
}

export async function property(executor: Executor, id: string): Promise<PropertyRow | undefined> {
  const [found] = await rows<PropertyRow>(
    executor,
    sql`select ${propertyColumns} from real_estate_properties p where p.id = ${id}`,
  );
  return found;
}

/**
 * Takes `units` from what is left, only if that many are left: the guarded update that never
 * sells more units than exist, whatever runs at the same time (the row lock serializes buyers,
 * and each re-reads `units_available` before it takes). Answers the property, or nothing.
 */
export async function takeUnits(
  executor: Executor,
  propertyId: string,
  units: number,
): Promise<PropertyRow | undefined> {
  const [taken] = await rows<PropertyRow>(
    executor,
    sql`update real_estate_properties p set units_available = p.units_available - ${units}
         where p.id = ${propertyId} and p.active and p.units_available >= ${units}
         returning ${propertyColumns}`,
  );
  return taken;
}

export interface HoldingRow {
  id: string;
  user_id: string;
  units: number;
  cost_minor: string;
  rent_gross_minor: string;
  rent_tax_minor: string;
  created_at: string | Date;
  property: PropertyRow;
}

const holdingColumns = sql`h.id, h.user_id, h.units, h.cost_minor::text,
  h.rent_gross_minor::text, h.rent_tax_minor::text, h.created_at,
  json_build_object('id', p.id, 'slug', p.slug, 'name', p.name, 'location', p.location,
    'description', p.description, 'price_per_unit_minor', p.price_per_unit_minor::text,
    'units_total', p.units_total, 'units_available', p.units_available,
    'rental_yield_bps', p.rental_yield_bps, 'rent_paid_through', p.rent_paid_through::text,
    'art', p.art, 'active', p.active) as property`;

/** One page of a user's holdings, newest first, with the count of all of them. */
export async function holdingsOf(
  executor: Executor,
  userId: string,
  page: { offset: number; limit: number },
) {
  const items = await rows<HoldingRow>(
    executor,
    sql`select ${holdingColumns} from real_estate_holdings h
          join real_estate_properties p on p.id = h.property_id
         where h.user_id = ${userId}
         order by h.created_at desc, h.id desc limit ${page.limit} offset ${page.offset}`,
  );
  const [count] = await rows<{ total: number }>(
    executor,
    sql`select count(*)::int as total from real_estate_holdings where user_id = ${userId}`,
  );
  return { items, total: count?.total ?? 0 };
}

export async function holding(executor: Executor, id: string): Promise<HoldingRow | undefined> {
  const [found] = await rows<HoldingRow>(
    executor,
    sql`select ${holdingColumns} from real_estate_holdings h
          join real_estate_properties p on p.id = h.property_id where h.id = ${id}`,
  );
  return found;
}

/** Adds units and their cost to the user's holding of the property, opening it if new. */
export async function addToHolding(
  executor: Executor,
  purchase: {
    userId: string;
    propertyId: string;
    units: number;
    amountMinor: bigint;
    ledgerAccountId: string;
    at: Date;
  },
): Promise<string> {
  const [saved] = await rows<{ id: string }>(
    executor,
    sql`insert into real_estate_holdings (user_id, property_id, units, cost_minor,
          ledger_account_id, created_at)
        values (${purchase.userId}, ${purchase.propertyId}, ${purchase.units},
                ${purchase.amountMinor.toString()}, ${purchase.ledgerAccountId},
                ${purchase.at.toISOString()})
        on conflict (user_id, property_id) do update
          set units = real_estate_holdings.units + excluded.units,
              cost_minor = real_estate_holdings.cost_minor + excluded.cost_minor
        returning id`,
  );
  if (!saved) throw new Error('the holding could not be saved');
  return saved.id;
}

export interface PurchaseRow {
  id: string;
  reference: string;
  holding_id: string;
  property_id: string;
  units: number;
  price_per_unit_minor: string;
  amount_minor: string;
  created_at: string | Date;
}

export async function purchaseByReference(
  executor: Executor,
  reference: string,
): Promise<PurchaseRow | undefined> {
  const [found] = await rows<PurchaseRow>(
    executor,
    sql`select o.id, o.reference, o.holding_id, h.property_id, o.units,
               o.price_per_unit_minor::text, o.amount_minor::text, o.created_at
          from real_estate_orders o join real_estate_holdings h on h.id = o.holding_id
         where o.reference = ${reference}`,
  );
  return found;
}

export async function insertPurchase(
  executor: Executor,
  purchase: {
    id: string;
    reference: string;
    holdingId: string;
    userId: string;
    propertyId: string;
    units: number;
    pricePerUnitMinor: bigint;
    amountMinor: bigint;
    boughtOn: string;
    at: Date;
  },
) {
  await executor.execute(sql`insert into real_estate_orders (id, reference, holding_id, user_id,
      property_id, units, price_per_unit_minor, amount_minor, bought_on, created_at)
    values (${purchase.id}, ${purchase.reference}, ${purchase.holdingId}, ${purchase.userId},
      ${purchase.propertyId}, ${purchase.units}, ${purchase.pricePerUnitMinor.toString()},
      ${purchase.amountMinor.toString()}, ${purchase.boughtOn}, ${purchase.at.toISOString()})`);
}
