import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  RealEstateHolding,
  RealEstateProperty,
  RealEstatePurchase,
} from '@ajo/contracts/real-estate';
import { checkLedger } from '../../src/money/ledger/ledger-check.ts';
import { rows } from '../../src/platform/db.ts';
import { newBillPayer, type BillPayer } from '../support/bill-helpers.ts';
import { newKey, viaInject, type Caller } from '../support/calls.ts';
import { expectErrorShape } from '../support/error-shape.ts';
import { listTransactions, moneyFingerprint } from '../support/money-helpers.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { databaseKind } from '../support/test-database.ts';
import { mutated } from '../support/fuzz.ts';
import { ledgerFingerprint, walletState } from '../support/withdrawal-helpers.ts';

describe(`real estate in fractional units (${databaseKind})`, () => {
  let context: TestContext;
  let call: Caller;
  let properties: RealEstateProperty[];

  beforeAll(async () => {
    context = await createTestApp({ seedCatalogue: true });
    call = viaInject(context.app);
  });
  afterAll(() => context.close());

  const buyer = (fundMinor = 1_000_000_00n, options: { bvn?: boolean } = {}) =>
    newBillPayer(call, context.database, {
      label: 'owner',
      fundMinor,
      at: context.clock.now(),
      ...options,
    });

  const buy = (user: BillPayer, body: Record<string, unknown>, key = newKey()) =>
    call('/v1/real_estates/buy', {
      method: 'POST',
      token: user.token,
      headers: { 'idempotency-key': key },
      payload: body,
    });

  const propertyBySlug = (slug: string) => {
    const found = properties.find((property) => property.slug === slug);
    if (!found) throw new Error(`no property ${slug}`);
    return found;
  };

  const unitsLeft = async (id: string) => {
    const [found] = await rows<{ units_available: number }>(
      context.database.db,
      sql`select units_available from real_estate_properties where id = ${id}`,
    );
    return found?.units_available;
  };

  it('when the properties are asked for, then each comes with its price per unit, units left, yield and art, a page at a time', async () => {
    const user = await buyer(0n);
    const response = await call('/v1/real_estates', { token: user.token });
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<{ data: { items: RealEstateProperty[]; total: number } }>().data;
    properties = page.items;
    expect(page.total).toBe(4);
    expect(propertyBySlug('lekki-palm-residences')).toMatchObject({
      location: 'Lekki Phase 1, Lagos',
      price_per_unit: '50000.00',
      units_total: 2000,
      units_available: 2000,
      expected_yield: 9.5,
      // 50,000 × 9.5% / 12 = 395.833… → 395.83 (rounded down).
      monthly_rent_per_unit: '395.83',
      art: { scene: 'tower' },
    });
    const second = await call('/v1/real_estates?page=1&size=3', { token: user.token });
    expect(
      second.json<{ data: { items: RealEstateProperty[] } }>().data.items.map((item) => item.slug),
    ).toEqual(['agbara-logistics-hub']);
  });

  it('when 3 units are bought, then their price leaves the wallet once, the units are taken, and the holding and history show them', async () => {
    const user = await buyer();
    const lekki = propertyBySlug('lekki-palm-residences');
    const key = newKey();
    const body = { real_estate_id: lekki.id, units: 3 };
    const response = await buy(user, body, key);
    expect(response.statusCode, response.body).toBe(200);
    const purchase = response.json<{ message: string; data: RealEstatePurchase }>();
    expect(purchase.message).toBe('operation was successful');
    expect(purchase.data).toMatchObject({
      units: 3,
      price_per_unit: '50000.00',
      amount: '150000.00',
      holding: { units: 3, cost: '150000.00', rental_income_net: '0.00' },
    });
    const again = await Promise.all(Array.from({ length: 5 }, () => buy(user, body, key)));
    for (const reply of again) {
      expect([200, 409], reply.body).toContain(reply.statusCode);
      if (reply.statusCode === 200) {
        expect(reply.json<{ data: RealEstatePurchase }>().data.id).toBe(purchase.data.id);
      }
    }
    expect(await unitsLeft(lekki.id)).toBe(1997);
    expect((await walletState(context.database, user.userId)).balanceMinor).toBe(
      1_000_000_00n - 150_000_00n,
    );
    // A second purchase adds to the same holding.
    expect((await buy(user, { real_estate_id: lekki.id, units: 2 })).statusCode).toBe(200);
    const holdings = await call('/v1/real_estates/orders', { token: user.token });
    expect(holdings.statusCode, holdings.body).toBe(200);
    const page = holdings.json<{ data: { items: RealEstateHolding[]; total: number } }>().data;
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({
      units: 5,
      cost: '250000.00',
      real_estate: { slug: 'lekki-palm-residences', units_available: 1995 },
    });
    const trades = await listTransactions(context.app, user.token, '?type=trade');
    expect(trades.map((trade) => trade.amount).sort()).toEqual(['100000.00', '150000.00']);
    const stranger = await buyer(0n);
    const theirs = await call('/v1/real_estates/orders', { token: stranger.token });
    expect(theirs.json<{ data: { total: number } }>().data.total).toBe(0);
  });

  it('when the units are not a whole positive number, the property is unknown, too few units are left or the wallet is short, then a 4xx says so and nothing moves', async () => {
    const user = await buyer(60_000_00n);
    const unverified = await buyer(60_000_00n, { bvn: false });
    const villas = propertyBySlug('gra-garden-villas');
    const before = await moneyFingerprint(context.database);
    const refused = async (body: Record<string, unknown>, status: number, message: string) => {
      const response = await buy(user, body);
      expect(response.statusCode, response.body).toBe(status);
      expect(expectErrorShape(response).message).toBe(message);
    };
    const wrongUnits = 'Enter a whole number of units, at least 1';
    await refused({ real_estate_id: villas.id, units: 0 }, 400, wrongUnits);
    await refused({ real_estate_id: villas.id, units: 1.5 }, 400, wrongUnits);
    await refused({ real_estate_id: villas.id, units: -2 }, 400, wrongUnits);
    await refused({ real_estate_id: villas.id, units: '2' }, 400, wrongUnits);
    await refused({ real_estate_id: villas.id }, 400, wrongUnits);
    await refused(
      { real_estate_id: villas.id, units: 10_001 },
      400,
      'One purchase takes at most 10000 units',
    );
    await refused({ real_estate_id: 'x', units: 1 }, 400, 'That property does not exist');
    await refused(
      { real_estate_id: '00000000-0000-4000-8000-000000000000', units: 1 },
      404,
      'That property does not exist',
    );
    await refused(
      { real_estate_id: villas.id, units: 4_001 },
      422,
      'Only 4000 units are left in GRA Garden Villas; you asked for 4001',
    );
    // ₦25,000 a unit: three units are ₦75,000, more than the ₦60,000 in the wallet.
    await refused(
      { real_estate_id: villas.id, units: 3 },
      422,
      'Your available balance is too low for this amount',
    );
    const notVerified = await buy(unverified, { real_estate_id: villas.id, units: 1 });
    expect(notVerified.statusCode).toBe(422);
    expect(expectErrorShape(notVerified).code).toBe('verification_required');
    expect(await unitsLeft(villas.id)).toBe(4000);
    expect(await moneyFingerprint(context.database)).toEqual(before);
  });

  it('when 20 buyers race for the last 10 units, then exactly 10 units are sold, never more, and each buyer pays for what they got', async () => {
    const hub = propertyBySlug('agbara-logistics-hub');
    await context.database.db.execute(
      sql`update real_estate_properties set units_available = 10 where id = ${hub.id}`,
    );
    const buyers = await Promise.all(Array.from({ length: 20 }, () => buyer(100_000_00n)));
    const replies = await Promise.all(
      buyers.map((user) => buy(user, { real_estate_id: hub.id, units: 1 })),
    );
    const statuses = replies.map((reply) => reply.statusCode).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    for (const reply of replies.filter((candidate) => candidate.statusCode !== 200)) {
      expect(reply.statusCode, reply.body).toBe(422);
      expect(expectErrorShape(reply).code).toBe('sold_out');
    }
    expect(await unitsLeft(hub.id)).toBe(0);
    const [sold] = await rows<{ units: number; paid: string }>(
      context.database.db,
      sql`select coalesce(sum(units), 0)::int as units, coalesce(sum(cost_minor), 0)::text as paid
            from real_estate_holdings where property_id = ${hub.id}`,
    );
    expect(sold).toEqual({ units: 10, paid: (10n * 20_000_00n).toString() });
    const wallets = await Promise.all(
      buyers.map((user) => walletState(context.database, user.userId)),
    );
    expect(wallets.filter((wallet) => wallet.balanceMinor === 80_000_00n)).toHaveLength(10);
    expect(wallets.filter((wallet) => wallet.balanceMinor === 100_000_00n)).toHaveLength(10);

    // Larger orders racing for what is left of another property: never oversold either.
    const court = propertyBySlug('maitama-court');
    await context.database.db.execute(
      sql`update real_estate_properties set units_available = 10 where id = ${court.id}`,
    );
    const big = await Promise.all(Array.from({ length: 8 }, () => buyer(1_000_000_00n)));
    const bigReplies = await Promise.all(
      big.map((user) => buy(user, { real_estate_id: court.id, units: 3 })),
    );
    expect(bigReplies.filter((reply) => reply.statusCode === 200)).toHaveLength(3);
    expect(await unitsLeft(court.id)).toBe(1);
    expect(await checkLedger(context.database.db)).toEqual([]);
  });

  it('when POST /v1/real_estates/buy gets 400 mutated bodies, then no 5xx, errors in the error shape and no ledger change on a 4xx', async () => {
    const user = await buyer(500_000_00n);
    const ids = properties.map((property) => property.id);
    let last = await ledgerFingerprint(context.database);
    await fc.assert(
      fc.asyncProperty(
        mutated({
          real_estate_id: fc.constantFrom(...ids, 'x', '00000000-0000-4000-8000-000000000000'),
          units: fc.oneof(
            fc.integer({ min: -5, max: 12_000 }),
            fc.constantFrom('1', '2.5', 1.5, 0, 1e9, Number.NaN),
            fc.double(),
          ),
        }),
        async (payload) => {
          const response = await buy(user, payload as Record<string, unknown>);
          expect(response.statusCode, response.body).toBeLessThan(500);
          if (response.statusCode >= 400) expectErrorShape(response);
          const now = await ledgerFingerprint(context.database);
          if (response.statusCode >= 400) expect(now).toEqual(last);
          last = now;
        },
      ),
      { numRuns: 400 },
    );
    expect(await checkLedger(context.database.db)).toEqual([]);
  }, 180_000);
});
