import { sql } from 'drizzle-orm';
import { formatMoney } from '@ajo/money/format';
import { insertActivities } from '../../money/activity.ts';
import { move, systemAccount } from '../../money/ledger/ledger.service.ts';
import { addDays, readableDate } from '../../platform/clock.ts';
import { batchInput, rows, type Database, type Tx } from '../../platform/db.ts';
import { insertNotifications } from '../../platform/notifications.ts';
import { endOfMonth, withholdingTaxMinor } from '../fixed-income/fixed-income.service.ts';
import { allocatePool, monthlyRentMinor } from './real-estate.terms.ts';

interface Holder {
  holding_id: string;
  user_id: string;
  wallet_id: string | null;
  units: string;
}

interface Payout {
  holder: Holder;
  unitsMinor: bigint;
  grossMinor: bigint;
  taxMinor: bigint;
  netMinor: bigint;
}

/**
 * The units each holding held at the period's end (bought on or before it), with the holder's
 * wallet: the record date of the month's rent.
 */
function holdersAt(tx: Tx, propertyId: string, periodEnd: string) {
  return rows<Holder>(
    tx,
    sql`select h.id as holding_id, h.user_id, w.id as wallet_id, sum(o.units)::text as units
          from real_estate_orders o join real_estate_holdings h on h.id = o.holding_id
          left join ledger_accounts w on w.code = 'user:' || h.user_id || ':wallet:NGN'
         where o.property_id = ${propertyId} and o.bought_on <= ${periodEnd}::date
         group by h.id, h.user_id, w.id
         order by h.id`,
  );
}

async function payHolders(
  tx: Tx,
  property: { id: string; name: string },
  periodEnd: string,
  payouts: readonly Payout[],
  at: Date,
) {
  const settlement = (await systemAccount(tx, 'provider_settlement', 'NGN')).id;
  const tax = (await systemAccount(tx, 'withholding_tax_payable', 'NGN')).id;
  await move(
    tx,
    payouts.map(({ holder, grossMinor, taxMinor, netMinor }) => ({
      idempotencyKey: `real-estate-rent:${property.id}:${periodEnd}:${holder.holding_id}`,
      kind: 'real_estate_rent',
      description: `${property.name} rent to ${periodEnd}`,
      currency: 'NGN' as const,
      // The property manager's rent arrives through the settlement account.
      postings: [
        { accountId: settlement, amountMinor: -grossMinor },
        { accountId: tax, amountMinor: taxMinor },
        { accountId: holder.wallet_id ?? '', amountMinor: netMinor },
      ].filter((posting) => posting.amountMinor !== 0n),
      metadata: { holding_id: holder.holding_id, period_end: periodEnd },
      at,
    })),
  );
  const input = batchInput('paid', {
    holding_id: ['uuid', payouts.map(({ holder }) => holder.holding_id)],
    units: ['int', payouts.map(({ unitsMinor }) => unitsMinor)],
    gross: ['bigint', payouts.map(({ grossMinor }) => grossMinor)],
    tax: ['bigint', payouts.map(({ taxMinor }) => taxMinor)],
    net: ['bigint', payouts.map(({ netMinor }) => netMinor)],
  });
  await tx.execute(sql`insert into real_estate_rent_payments (property_id, period_end, holding_id,
        units, gross_minor, tax_minor, net_minor)
      select ${property.id}, ${periodEnd}::date, holding_id, units, gross, tax, net from ${input}`);
  await tx.execute(sql`update real_estate_holdings h
      set rent_gross_minor = h.rent_gross_minor + paid.gross,
          rent_tax_minor = h.rent_tax_minor + paid.tax
     from ${input} where h.id = paid.holding_id`);
}

async function tellHolders(
  tx: Tx,
  property: { id: string; name: string },
  periodEnd: string,
  payouts: readonly Payout[],
  at: Date,
) {
  const month = readableDate(periodEnd).replace(/^\d+ /, '');
  const activities = await insertActivities(
    tx,
    payouts.map(({ holder, unitsMinor, grossMinor, taxMinor, netMinor }) => ({
      userId: holder.user_id,
      kind: 'interest' as const,
      status: 'successful' as const,
      direction: 'credit' as const,
      channel: 'wallet' as const,
      currency: 'NGN' as const,
      amountMinor: netMinor,
      feeMinor: 0n,
      reference: `AJO-RENT-${periodEnd.replaceAll('-', '')}-${holder.holding_id.replaceAll('-', '').slice(0, 20).toUpperCase()}`,
      provider: null,
      providerReference: null,
      description: `${property.name} rental income (${month})`,
      metadata: {
        real_estate: {
          property_id: property.id,
          holding_id: holder.holding_id,
          event: 'rent',
          period_end: periodEnd,
          units: unitsMinor.toString(),
          gross_minor: grossMinor.toString(),
          withholding_tax_minor: taxMinor.toString(),
          net_minor: netMinor.toString(),
        },
      },
      at,
    })),
  );
  const naira = (minor: bigint) => formatMoney(minor, 'NGN');
  await insertNotifications(
    tx,
    payouts.map(({ holder, unitsMinor, grossMinor, taxMinor, netMinor }, index) => ({
      userId: holder.user_id,
      title: `Rental income from ${property.name}`,
      body:
        `${naira(netMinor)} is in your wallet: ${month} rent on your ${unitsMinor.toString()} ` +
        `unit${unitsMinor === 1n ? '' : 's'} (gross ${naira(grossMinor)}, withholding tax 10% ${naira(taxMinor)}).`,
      now: at,
      transactionId: activities[index]?.id,
    })),
  );
}

/**
 * One property's rent for the month ending `periodEnd`, in one transaction: the property row
 * locked, the month recorded under its primary key (a second run finds it and does nothing),
 * the pool shared pro rata to the units held at the month's end, each holder paid by one entry
 * keyed by (property, month, holding), 10% withholding tax kept, the feed and notices written.
 * Answers the number of holders paid.
 */
async function distributeMonth(
  database: Database,
  propertyId: string,
  periodEnd: string,
  at: Date,
): Promise<number> {
  return database.unitOfWork(async (tx) => {
    const [property] = await rows<{
      id: string;
      name: string;
      price_per_unit_minor: string;
      rental_yield_bps: number;
    }>(
      tx,
      sql`select id, name, price_per_unit_minor::text, rental_yield_bps
            from real_estate_properties where id = ${propertyId} for update`,
    );
    if (!property) return 0;
    const holders = await holdersAt(tx, propertyId, periodEnd);
    const unitsHeld = holders.reduce((sum, holder) => sum + BigInt(holder.units), 0n);
    const poolMinor = monthlyRentMinor(
      BigInt(property.price_per_unit_minor),
      property.rental_yield_bps,
      unitsHeld,
    );
    const recorded = await rows<{ property_id: string }>(
      tx,
      sql`insert into real_estate_distributions (property_id, period_end, units_held, pool_minor,
            holders, distributed_at)
          values (${propertyId}, ${periodEnd}, ${unitsHeld.toString()}, ${poolMinor.toString()},
                  ${holders.length}, ${at.toISOString()})
          on conflict do nothing returning property_id`,
    );
    await tx.execute(sql`update real_estate_properties set rent_paid_through = ${periodEnd}
        where id = ${propertyId} and (rent_paid_through is null or rent_paid_through < ${periodEnd})`);
    if (recorded.length === 0) return 0;
    const shares = allocatePool(
      poolMinor,
      holders.map((holder) => ({ id: holder.holding_id, units: BigInt(holder.units) })),
    );
    const payouts = holders
      .map((holder, index) => {
        const grossMinor = shares[index] ?? 0n;
        const taxMinor = withholdingTaxMinor(grossMinor);
        return {
          holder,
          unitsMinor: BigInt(holder.units),
          grossMinor,
          taxMinor,
          netMinor: grossMinor - taxMinor,
        };
      })
      // A holding too small to earn a kobo this month is paid nothing (and told nothing).
      .filter((payout) => payout.grossMinor > 0n);
    if (payouts.length === 0) return 0;
    await payHolders(tx, property, periodEnd, payouts, at);
    await tellHolders(tx, property, periodEnd, payouts, at);
    return payouts.length;
  });
}

/**
 * Distributes every month of rent that has ended by `today` and not been distributed, for each
 * property with holders, oldest month first. A property's first month is the month of its
 * first purchase; a month is due once it has ended (its last day is before today).
 */
export async function distributeDueRent(
  database: Database,
  today: string,
  at: Date,
  /** Called after each month is committed (tests stop the process here). */
  afterMonth: () => void = () => undefined,
): Promise<{ months: number; payments: number }> {
  const candidates = await rows<{ id: string; rent_paid_through: string | null; first: string }>(
    database.db,
    sql`select p.id, p.rent_paid_through::text,
               (select min(o.bought_on) from real_estate_orders o where o.property_id = p.id)::text
                 as first
          from real_estate_properties p
         where exists (select 1 from real_estate_orders o where o.property_id = p.id)
         order by p.position, p.id`,
  );
  let months = 0;
  let payments = 0;
  for (const candidate of candidates) {
    let periodEnd = endOfMonth(
      candidate.rent_paid_through === null
        ? candidate.first
        : addDays(candidate.rent_paid_through, 1),
    );
    while (periodEnd < today) {
      payments += await distributeMonth(database, candidate.id, periodEnd, at);
      months += 1;
      afterMonth();
      periodEnd = endOfMonth(addDays(periodEnd, 1));
    }
  }
  return { months, payments };
}
