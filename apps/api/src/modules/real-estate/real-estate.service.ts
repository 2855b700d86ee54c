import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  realEstateMessages,
  type BuyRealEstateBody,
  type RealEstateHolding,
  type RealEstateProperty,
  type RealEstatePurchase,
} from '@ajo/contracts/real-estate';
import { formatMinorAsDecimal, formatMoney } from '@ajo/money/format';
import { insertActivity } from '../../money/activity.ts';
import { openProductAccount, openWallet, transfer } from '../../money/ledger/ledger.service.ts';
import { addDays, businessDate, type Clock } from '../../platform/clock.ts';
import type { Database, Tx } from '../../platform/db.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { hourlyCatchUp } from '../../platform/jobs.ts';
import { insertNotification } from '../../platform/notifications.ts';
import { isoTimestamp } from '../../platform/timestamps.ts';
import { endOfMonth, requireVerifiedInvestor } from '../fixed-income/fixed-income.service.ts';
import { distributeDueRent } from './real-estate.rent.ts';
import * as repository from './real-estate.repository.ts';
import { monthlyRentMinor } from './real-estate.terms.ts';
import { crashIfAt } from '../../platform/test-crash.ts';
import { referenceForKey, replayedIf } from '../../platform/idempotency.ts';

export interface RealEstateDependencies {
  database: Database;
  clock: Clock;
  log?: FastifyBaseLogger;
  /** Tests only: stop the process once the first month of rent is committed. */
  crashAt?: string | undefined;
}

interface Page {
  page: number;
  size: number;
}

const money = formatMinorAsDecimal;

export function toProperty(row: repository.PropertyRow): RealEstateProperty {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    location: row.location,
    description: row.description,
    price_per_unit: money(BigInt(row.price_per_unit_minor)),
    units_total: row.units_total,
    units_available: row.units_available,
    expected_yield: row.rental_yield_bps / 100,
    monthly_rent_per_unit: money(
      monthlyRentMinor(BigInt(row.price_per_unit_minor), row.rental_yield_bps, 1n),
    ),
    art: row.art,
    active: row.active,
  };
}

function toHolding(row: repository.HoldingRow, today: string): RealEstateHolding {
  const grossMinor = BigInt(row.rent_gross_minor);
  const taxMinor = BigInt(row.rent_tax_minor);
  const paidThrough = row.property.rent_paid_through;
  return {
    id: row.id,
    units: row.units,
    cost: money(BigInt(row.cost_minor)),
    rental_income_gross: money(grossMinor),
    rental_income_tax: money(taxMinor),
    rental_income_net: money(grossMinor - taxMinor),
    next_rent_date: endOfMonth(
      paidThrough === null || paidThrough < today ? today : addDays(paidThrough, 1),
    ),
    real_estate: toProperty(row.property),
    created_at: isoTimestamp(row.created_at),
  };
}

export function realEstateService({ database, clock, log, crashAt }: RealEstateDependencies) {
  const today = () => businessDate(clock.now());

  async function catalogue({ page, size }: Page) {
    const found = await repository.properties(database.db, { offset: page * size, limit: size });
    return { items: found.items.map(toProperty), page, size, total: found.total };
  }

  async function holdings(userId: string, { page, size }: Page) {
    const found = await repository.holdingsOf(database.db, userId, {
      offset: page * size,
      limit: size,
    });
    const date = today();
    return {
      items: found.items.map((row) => toHolding(row, date)),
      page,
      size,
      total: found.total,
    };
  }

  /** Why the guarded update took nothing: no such property, closed, or too few units left. */
  async function refusal(tx: Tx, propertyId: string, units: number): Promise<AppError> {
    const property = await repository.property(tx, propertyId);
    if (!property) return notFound(realEstateMessages.unknownProperty);
    if (!property.active || property.units_available === 0) {
      return new AppError('sold_out', realEstateMessages.soldOut, 422, [
        { path: 'units', message: realEstateMessages.soldOut },
      ]);
    }
    const message = `Only ${String(property.units_available)} unit${property.units_available === 1 ? ' is' : 's are'} left in ${property.name}; you asked for ${String(units)}`;
    return new AppError('not_enough_units', message, 422, [{ path: 'units', message }]);
  }

  async function purchaseView(tx: Tx, purchase: repository.PurchaseRow) {
    const held = await repository.holding(tx, purchase.holding_id);
    if (!held) throw new Error('the holding of a purchase could not be read');
    return {
      id: purchase.id,
      reference: purchase.reference,
      units: purchase.units,
      price_per_unit: money(BigInt(purchase.price_per_unit_minor)),
      amount: money(BigInt(purchase.amount_minor)),
      holding: toHolding(held, today()),
      created_at: isoTimestamp(purchase.created_at),
    };
  }

  /**
   * A purchase: the units are taken by a guarded update (never more than are left, under any
   * race), their price leaves the wallet for the holding's ledger account in one entry, and the
   * holding, the purchase record, its activity row and a notice are written, all in one
   * transaction: a short wallet undoes the taking. The same Idempotency-Key answers the same
   * purchase and moves nothing again.
   */
  async function buy(
    userId: string,
    body: BuyRealEstateBody,
    idempotencyKey: string,
  ): Promise<RealEstatePurchase> {
    await requireVerifiedInvestor(database.db, userId);
    const reference = referenceForKey('AJO-RE', 'AJO-RE', userId, idempotencyKey);
    const now = clock.now();
    return database.unitOfWork(async (tx) => {
      const existing = await repository.purchaseByReference(tx, reference);
      if (existing) {
        const same = existing.property_id === body.real_estate_id && existing.units === body.units;
        return purchaseView(tx, replayedIf(existing, same));
      }
      const property = await repository.takeUnits(tx, body.real_estate_id, body.units);
      if (!property) throw await refusal(tx, body.real_estate_id, body.units);
      const pricePerUnitMinor = BigInt(property.price_per_unit_minor);
      const amountMinor = pricePerUnitMinor * BigInt(body.units);
      const account = await openProductAccount(tx, {
        userId,
        product: 'real_estate',
        productId: property.id,
        currency: 'NGN',
      });
      const wallet = await openWallet(tx, userId, 'NGN');
      const unitsText = `${String(body.units)} unit${body.units === 1 ? '' : 's'}`;
      const description = `${unitsText} of ${property.name}`;
      const id = randomUUID();
      await transfer(tx, {
        idempotencyKey: reference,
        kind: 'real_estate',
        description,
        currency: 'NGN',
        fromAccountId: wallet.id,
        toAccountId: account.id,
        amountMinor,
        metadata: { purchase_id: id, property_id: property.id },
        at: now,
      });
      const holdingId = await repository.addToHolding(tx, {
        userId,
        propertyId: property.id,
        units: body.units,
        amountMinor,
        ledgerAccountId: account.id,
        at: now,
      });
      await repository.insertPurchase(tx, {
        id,
        reference,
        holdingId,
        userId,
        propertyId: property.id,
        units: body.units,
        pricePerUnitMinor,
        amountMinor,
        boughtOn: businessDate(now),
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
          real_estate: {
            property_id: property.id,
            holding_id: holdingId,
            event: 'bought',
            units: body.units,
            price_per_unit_minor: pricePerUnitMinor.toString(),
          },
        },
        at: now,
      });
      await insertNotification(tx, {
        userId,
        title: `${property.name}: ${unitsText} bought`,
        body:
          `${formatMoney(amountMinor, 'NGN')} bought ${unitsText} of ${property.name}, ${property.location}. ` +
          `Rent is shared monthly, pro rata to your units, at an expected ${String(property.rental_yield_bps / 100)}% a year.`,
        now,
        transactionId: activity?.id,
      });
      const purchase = await repository.purchaseByReference(tx, reference);
      if (!purchase) throw new Error('the purchase just made could not be read');
      return purchaseView(tx, purchase);
    });
  }

  /** Every month of rent that has ended, each once. */
  async function runDue() {
    const now = clock.now();
    return distributeDueRent(database, businessDate(now), now, () => {
      crashIfAt(crashAt, 'real_estate_after_rent', log);
    });
  }

  const rentJob = hourlyCatchUp('real-estate-rent', runDue);

  return { catalogue, holdings, buy, runDue, rentJob };
}

export type RealEstateService = ReturnType<typeof realEstateService>;
