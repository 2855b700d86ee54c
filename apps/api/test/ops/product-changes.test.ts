import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpsCatalogue, ProductChange } from '@ajo/contracts/ops-products';
import type { SavingOrderDetail, SavingRecord, SavingsProduct } from '@ajo/contracts/savings';
import { formatMinorAsDecimal } from '@ajo/money/format';
import { closedFormInterestMinor } from '../../src/money/ledger/interest.ts';
import { cachedConfiguration } from '../../src/platform/configurations.ts';
import { newBillPayer, type BillPayer } from '../support/bill-helpers.ts';
import { bearer, newKey, viaInject, type Caller } from '../support/calls.ts';
import { expectErrorShape } from '../support/error-shape.ts';
import { auditEntries, makeOperator, opsCall, type TestOperator } from '../support/operators.ts';
import { signUp, uniqueEmail } from '../support/people.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { databaseKind } from '../support/test-database.ts';

const dayMs = 24 * 60 * 60_000;

describe(`product management in the operator console (${databaseKind})`, () => {
  let context: TestContext;
  let call: Caller;
  let operator: TestOperator;

  beforeAll(async () => {
    context = await createTestApp({ seedCatalogue: true });
    call = viaInject(context.app);
    operator = await makeOperator(context, 'products');
  });
  afterAll(() => context.close());

  const catalogue = async () => {
    const response = await opsCall(context.app, operator, '/v1/ops/products');
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: OpsCatalogue }>().data;
  };
  const schedule = (payload: unknown, who: TestOperator = operator) =>
    opsCall(context.app, who, '/v1/ops/product-changes', { payload });
  const scheduled = async (payload: unknown) => {
    const response = await schedule(payload);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: ProductChange }>().data;
  };
  const changes = async (status: string) => {
    const response = await opsCall(
      context.app,
      operator,
      `/v1/ops/product-changes?status=${status}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: { items: ProductChange[] } }>().data.items;
  };
  const inFuture = (ms: number) => new Date(context.clock.now().getTime() + ms).toISOString();
  const savingsProducts = async (token: string) => {
    const response = await call('/v1/savings/plans', { token });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: { items: SavingsProduct[] } }>().data.items;
  };
  const rateOf = (products: SavingsProduct[], slug: string, duration: string) =>
    products
      .find((product) => product.slug === slug)
      ?.meta.durations.find((entry) => entry.id === duration)?.rate;
  const advanceDays = async (days: number) => {
    const response = await call('/v1/sandbox/clock', {
      method: 'POST',
      payload: { advance_days: days },
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  const savingsProductId = async (slug: string) => {
    const found = (await catalogue()).savings_products.find((product) => product.slug === slug);
    if (!found) throw new Error(`no savings product ${slug}`);
    return found;
  };

  it('when a customer or nobody asks, then product management answers 401', async () => {
    const token = await signUp(call, uniqueEmail('customer'));
    const body = {
      kind: 'fee',
      target_id: 'withdraw',
      changes: { flat: '0.00' },
      effective_from: context.clock.now().toISOString(),
    };
    for (const [method, url] of [
      ['GET', '/v1/ops/products'],
      ['GET', '/v1/ops/product-changes'],
      ['POST', '/v1/ops/product-changes'],
    ] as const) {
      const asCustomer = await context.app.inject({
        method,
        url,
        headers: bearer(token),
        ...(method === 'POST' ? { payload: body } : {}),
      });
      expect(asCustomer.statusCode, asCustomer.body).toBe(401);
      expectErrorShape(asCustomer);
      const asNobody = await context.app.inject({
        method,
        url,
        ...(method === 'POST' ? { payload: body } : {}),
      });
      expect(asNobody.statusCode).toBe(401);
    }
    // Nothing changed on a refused call.
    expect((await catalogue()).fees).toContainEqual(
      expect.objectContaining({ id: 'withdraw', flat: '50.00' }),
    );
  });

  it('when the catalogue is asked for, then every kind comes with its ids and current values', async () => {
    const found = await catalogue();
    const fixed = found.savings_products.find((product) => product.slug === 'fixed');
    expect(fixed).toMatchObject({ name: 'Fixed', minimum: '1000.00', active: true, scheduled: [] });
    expect(fixed?.durations[0]).toEqual({ id: '30d', label: '30 days', days: 30, rate: 6.5 });
    expect(found.fixed_income_products.length).toBeGreaterThan(0);
    expect(found.fixed_income_products[0]).toMatchObject({ rate: expect.any(Number) as number });
    expect(found.real_estate_listings.length).toBeGreaterThan(0);
    expect(found.fees).toContainEqual(
      expect.objectContaining({ id: 'withdraw', rate: 0, flat: '50.00', cap: null }),
    );
    expect(found.fees).toContainEqual(
      expect.objectContaining({ id: 'buy_commodity:wallet', rate: 0.5 }),
    );
    expect(found.limits.find((limit) => limit.id === 'withdraw')).toMatchObject({
      minimum: '100.00',
      balance_max: null,
    });
    expect(found.exchange_rate).toEqual([
      expect.objectContaining({ id: 'USD_NGN', buy: '1550.00', sell: '1500.00' }),
    ]);
    expect(found.adverts.map((advert) => advert.slug)).toContain('fund-wallet');
  });

  it('when a change would start in the past, then it is refused with 422', async () => {
    const fixed = await savingsProductId('fixed');
    const response = await schedule({
      kind: 'savings_product',
      target_id: fixed.id,
      changes: { active: false },
      effective_from: new Date(context.clock.now().getTime() - 5 * 60_000).toISOString(),
    });
    expect(response.statusCode, response.body).toBe(422);
    expect(expectErrorShape(response).message).toBe('A change cannot start in the past');
    expect(await changes('scheduled')).toEqual([]);
  });

  it('when a change would start more than a year ahead, then it is refused with 422', async () => {
    const fixed = await savingsProductId('fixed');
    for (const effectiveFrom of ['9999-12-31T23:30:00-01:00', inFuture(367 * dayMs)]) {
      const response = await schedule({
        kind: 'savings_product',
        target_id: fixed.id,
        changes: { active: false },
        effective_from: effectiveFrom,
      });
      expect(response.statusCode, response.body).toBe(422);
      expect(expectErrorShape(response).message).toBe('A change can start at most a year from now');
    }
    expect(await changes('scheduled')).toEqual([]);
  });

  it('when the target does not exist, then it is refused with 404 and nothing is stored', async () => {
    const missing = [
      { kind: 'savings_product', target_id: '00000000-0000-4000-8000-000000000000' },
      { kind: 'fixed_income_product', target_id: 'not-a-uuid' },
      { kind: 'advert', target_id: '00000000-0000-4000-8000-000000000001' },
    ];
    for (const target of missing) {
      const response = await schedule({
        ...target,
        changes: { active: false },
        effective_from: inFuture(dayMs),
      });
      expect(response.statusCode, response.body).toBe(404);
      expectErrorShape(response);
    }
    for (const [kind, target_id, changes] of [
      ['fee', 'no_such_fee', { flat: '10.00' }],
      ['fee', 'buy_commodity', { flat: '10.00' }],
      ['limit', 'no_such_limit', { minimum: '10.00' }],
      ['exchange_rate', 'EUR_NGN', { buy: '1700.00', sell: '1650.00' }],
    ] as const) {
      const response = await schedule({
        kind,
        target_id,
        changes,
        effective_from: inFuture(dayMs),
      });
      expect(response.statusCode, `${kind} ${target_id}: ${response.body}`).toBe(404);
    }
    expect(await changes('scheduled')).toEqual([]);
  });

  it('when the changes are not what the kind allows, then it is refused with 400 naming the field', async () => {
    const found = await catalogue();
    const ids = {
      savings_product: found.savings_products[0]?.id,
      fixed_income_product: found.fixed_income_products[0]?.id,
      real_estate_listing: found.real_estate_listings[0]?.id,
      advert: found.adverts[0]?.id,
    };
    const bad: [string, string | undefined, unknown, string][] = [
      [
        'savings_product',
        ids.savings_product,
        { durations: [{ id: '30d', label: '30 days', days: 30, rate: 101 }] },
        'changes.durations.0.rate',
      ],
      [
        'savings_product',
        ids.savings_product,
        { durations: [{ id: '30d', label: '30 days', days: 30, rate: 12.345 }] },
        'changes.durations.0.rate',
      ],
      ['savings_product', ids.savings_product, { slug: 'renamed' }, 'changes'],
      ['savings_product', ids.savings_product, {}, 'changes'],
      ['fixed_income_product', ids.fixed_income_product, { minimum: 'lots' }, 'changes.minimum'],
      ['fixed_income_product', ids.fixed_income_product, { rate: -1 }, 'changes.rate'],
      ['real_estate_listing', ids.real_estate_listing, { active: 'yes' }, 'changes.active'],
      [
        'real_estate_listing',
        ids.real_estate_listing,
        { price_per_unit: '10.999' },
        'changes.price_per_unit',
      ],
      ['fee', 'withdraw', { flat: -5 }, 'changes.flat'],
      [
        'limit',
        'withdraw',
        { tiers: [{ tier: 5, per_transaction: null, daily: null }] },
        'changes.tiers.0.tier',
      ],
      ['exchange_rate', 'USD_NGN', { buy: '1500.00', sell: '1550.00' }, 'changes.sell'],
      ['exchange_rate', 'USD_NGN', { buy: '1500.00' }, 'changes.sell'],
      ['advert', ids.advert, { cta_path: 'https://example.com' }, 'changes.cta_path'],
      [
        'commodity',
        '00000000-0000-4000-8000-000000000000',
        { category_id: 'grains' },
        'changes.category_id',
      ],
      ['gift_card', 'x', { active: true }, 'kind'],
    ];
    for (const [kind, target_id, changesGiven, path] of bad) {
      const response = await schedule({
        kind,
        target_id,
        changes: changesGiven,
        effective_from: inFuture(dayMs),
      });
      expect(response.statusCode, `${kind} ${JSON.stringify(changesGiven)}: ${response.body}`).toBe(
        400,
      );
      const error = expectErrorShape(response);
      expect(
        error.errors.map((entry) => entry.path),
        response.body,
      ).toContain(path);
    }
    const noTime = await schedule({
      kind: 'fee',
      target_id: 'withdraw',
      changes: { flat: '60.00' },
    });
    expect(noTime.statusCode).toBe(400);
    expect(expectErrorShape(noTime).errors.map((entry) => entry.path)).toContain('effective_from');
    // A rule across fields that the kind's schema alone cannot see: 422.
    const upsideDown = await schedule({
      kind: 'fixed_income_product',
      target_id: ids.fixed_income_product,
      changes: { minimum: '999999999.00' },
      effective_from: inFuture(dayMs),
    });
    expect(upsideDown.statusCode, upsideDown.body).toBe(422);
    expect(expectErrorShape(upsideDown).message).toBe('The minimum cannot be above the maximum');
    expect(await changes('scheduled')).toEqual([]);
  });

  it('when a rate change is scheduled for later, then customers see the old rate until the clock reaches it, then the new one, applied once; a plan opened before keeps its rate and its interest', async () => {
    const saver: BillPayer = await newBillPayer(call, context.database, {
      label: 'saver',
      fundMinor: 200_000_00n,
      at: context.clock.now(),
    });
    // A plan opened on today's terms: 6.5% for 30 days.
    const opened = await call('/v1/savings/fixed', {
      method: 'POST',
      token: saver.token,
      headers: { 'idempotency-key': newKey() },
      payload: { amount: 100_000, duration: '30d' },
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const plan = opened.json<{ data: SavingRecord }>().data;
    expect(plan.saving_order.meta.percentage_yield).toBe(6.5);

    const fixed = await savingsProductId('fixed');
    const durations = fixed.durations.map((duration) =>
      duration.id === '30d' ? { ...duration, rate: 7.75 } : duration,
    );
    const effectiveFrom = inFuture(2 * dayMs - 60 * 60_000);
    const change = await scheduled({
      kind: 'savings_product',
      target_id: fixed.id,
      changes: { durations },
      effective_from: effectiveFrom,
    });
    expect(change).toMatchObject({
      kind: 'savings_product',
      target_id: fixed.id,
      target_name: 'Fixed',
      status: 'scheduled',
      previous: null,
      applied_at: null,
      effective_from: effectiveFrom,
      proposed_by: { id: operator.id, name: operator.name },
    });
    expect((await savingsProductId('fixed')).scheduled.map((entry) => entry.id)).toEqual([
      change.id,
    ]);
    const [scheduledEntry] = await auditEntries(context.app, operator, {
      action: 'product_change.scheduled',
      subject_id: fixed.id,
    });
    expect(scheduledEntry).toMatchObject({
      operator: { id: operator.id },
      before: { durations: fixed.durations },
      after: { durations },
    });

    // Not yet: the customer still sees 6.5% a day later.
    await advanceDays(1);
    expect(rateOf(await savingsProducts(saver.token), 'fixed', '30d')).toBe(6.5);
    expect((await changes('scheduled')).map((entry) => entry.id)).toEqual([change.id]);

    // The clock reaches it: applied, and customers read the new rate at once.
    await advanceDays(1);
    expect(rateOf(await savingsProducts(saver.token), 'fixed', '30d')).toBe(7.75);
    const [applied] = await changes('applied');
    expect(applied).toMatchObject({
      id: change.id,
      status: 'applied',
      previous: { durations: fixed.durations },
    });
    expect(applied?.applied_at).not.toBeNull();

    // Once: later runs of the job and of the clock change nothing more.
    await context.app.jobs.tick();
    await advanceDays(1);
    const appliedEntries = await auditEntries(context.app, operator, {
      action: 'product_change.applied',
      subject_id: fixed.id,
    });
    expect(appliedEntries).toHaveLength(1);
    expect(appliedEntries[0]).toMatchObject({
      operator: { id: operator.id },
      before: { durations: fixed.durations },
      after: { durations },
    });

    // Never backwards: the plan opened before keeps 6.5%, and its interest accrued at 6.5%.
    const detail = await call(`/v1/savings/${plan.id}/orders/${plan.saving_order.id}`, {
      token: saver.token,
    });
    expect(detail.statusCode, detail.body).toBe(200);
    const { saving_order: order, accruals } = detail.json<{ data: SavingOrderDetail }>().data;
    expect(order.meta.percentage_yield).toBe(6.5);
    expect(order.saving.rate).toBe(6.5);
    expect(order.projected.gross_interest).toBe(
      formatMinorAsDecimal(closedFormInterestMinor(100_000_00n, 650n, 30n)),
    );
    // Each day's interest on ₦100,000 is at 6.5% (₦17.81), not 7.75% (₦21.23): the days booked
    // sum to the closed form at 6.5%, to the kobo.
    expect(accruals.length).toBeGreaterThanOrEqual(2);
    expect(order.accrued_interest).toBe(
      formatMinorAsDecimal(closedFormInterestMinor(100_000_00n, 650n, BigInt(accruals.length))),
    );

    // A plan opened now takes the new rate.
    const later = await call('/v1/savings/fixed', {
      method: 'POST',
      token: saver.token,
      headers: { 'idempotency-key': newKey() },
      payload: { amount: 50_000, duration: '30d' },
    });
    expect(later.statusCode, later.body).toBe(200);
    expect(later.json<{ data: SavingRecord }>().data.saving_order.meta.percentage_yield).toBe(7.75);
  });

  it('when a fee change is effective now, then it applies at once and the money paths read it (no stale cache)', async () => {
    operator = await makeOperator(context, 'products');
    const before = await cachedConfiguration(context.database.db, 'processing_fees');
    expect(before?.value.find((item) => item.id === 'withdraw')).toMatchObject({ flat: '50.00' });
    const change = await scheduled({
      kind: 'fee',
      target_id: 'withdraw',
      changes: { flat: '75', cap: null },
      effective_from: context.clock.now().toISOString(),
    });
    expect(change).toMatchObject({
      status: 'applied',
      changes: { flat: '75.00', cap: null },
      previous: { flat: '50.00', cap: null },
    });
    const after = await cachedConfiguration(context.database.db, 'processing_fees');
    expect(after?.value.find((item) => item.id === 'withdraw')).toMatchObject({
      flat: '75.00',
      rate_bps: 0,
    });
    const customer = await signUp(call, uniqueEmail('reader'));
    const configurations = await call('/v1/configurations?name=processing_fees', {
      token: customer,
    });
    expect(configurations.statusCode, configurations.body).toBe(200);
    expect(configurations.body).toContain('"flat":"75.00"');

    // A fee per payment method, a limit per tier, and the exchange rate, the same way.
    await scheduled({
      kind: 'fee',
      target_id: 'buy_commodity:wallet',
      changes: { rate: 0.75 },
      effective_from: 'now',
    });
    await scheduled({
      kind: 'limit',
      target_id: 'withdraw',
      changes: { tiers: [{ tier: 1, per_transaction: '60000', daily: null }] },
      effective_from: context.clock.now().toISOString(),
    });
    await scheduled({
      kind: 'exchange_rate',
      target_id: 'USD_NGN',
      changes: { buy: '1600', sell: '1540.50' },
      effective_from: context.clock.now().toISOString(),
    });
    const found = await catalogue();
    expect(found.fees.find((fee) => fee.id === 'buy_commodity:wallet')?.rate).toBe(0.75);
    const withdrawLimit = found.limits.find((limit) => limit.id === 'withdraw');
    expect(withdrawLimit?.tiers.find((entry) => entry.tier === 1)).toEqual({
      tier: 1,
      per_transaction: '60000.00',
      daily: null,
    });
    expect(withdrawLimit?.tiers.find((entry) => entry.tier === 2)).toEqual({
      tier: 2,
      per_transaction: '100000.00',
      daily: '500000.00',
    });
    expect(found.exchange_rate[0]).toMatchObject({ buy: '1600.00', sell: '1540.50' });
  });

  it('when the job runs after a change falls due, then it applies it; catalogue fields of investments and adverts change the same way', async () => {
    const found = await catalogue();
    const bill = found.fixed_income_products[0];
    const listing = found.real_estate_listings[0];
    const advert = found.adverts[0];
    if (!bill || !listing || !advert) throw new Error('the seeded catalogue is missing');
    const effectiveFrom = inFuture(90_000);
    await scheduled({
      kind: 'fixed_income_product',
      target_id: bill.id,
      changes: { rate: 19.25, active: false },
      effective_from: effectiveFrom,
    });
    await scheduled({
      kind: 'real_estate_listing',
      target_id: listing.id,
      changes: { rental_yield: 12.5, price_per_unit: '30000.00' },
      effective_from: effectiveFrom,
    });
    await scheduled({
      kind: 'advert',
      target_id: advert.id,
      changes: { title: 'Fund your wallet today', active: false },
      effective_from: effectiveFrom,
    });
    await context.app.jobs.tick();
    expect(await changes('scheduled')).toHaveLength(3);

    context.clock.advance(2 * 60_000);
    await context.app.jobs.tick();
    expect(await changes('scheduled')).toEqual([]);
    operator = await makeOperator(context, 'products');
    const now = await catalogue();
    expect(now.fixed_income_products.find((product) => product.id === bill.id)).toMatchObject({
      rate: 19.25,
      active: false,
    });
    expect(now.real_estate_listings.find((entry) => entry.id === listing.id)).toMatchObject({
      rental_yield: 12.5,
      price_per_unit: '30000.00',
    });
    const customer = await signUp(call, uniqueEmail('viewer'));
    const banners = await call('/v1/advert/banner', { token: customer });
    expect(
      banners.json<{ data: { items: { id: string }[] } }>().data.items.map((item) => item.id),
    ).not.toContain(advert.id);
  });

  it('when a commodity’s catalogue fields change, then customers read the new name and unit while the price stays the market’s', async () => {
    const customer = await signUp(call, uniqueEmail('trader'));
    const listed = await call('/v1/commodities?size=50', { token: customer });
    expect(listed.statusCode, listed.body).toBe(200);
    interface Listed {
      id: string;
      name: string;
      unit: string;
      sell_price: string;
    }
    const [first] = listed.json<{ data: { items: Listed[] } }>().data.items;
    if (!first) throw new Error('the market has no commodities');
    const found = await catalogue();
    const commodity = found.commodities.find((entry) => entry.id === first.id);
    expect(commodity).toMatchObject({ name: first.name, unit: first.unit });
    expect(commodity?.sell_price).toBe(first.sell_price);
    const change = await scheduled({
      kind: 'commodity',
      target_id: first.id,
      changes: { name: 'Premium Maize', unit: 'bag of 50 kg' },
      effective_from: 'now',
    });
    expect(change).toMatchObject({
      status: 'applied',
      previous: { name: first.name, unit: first.unit },
    });
    const after = await call('/v1/commodities?size=50', { token: customer });
    const updated = after
      .json<{ data: { items: Listed[] } }>()
      .data.items.find((entry) => entry.id === first.id);
    expect(updated).toMatchObject({
      name: 'Premium Maize',
      unit: 'bag of 50 kg',
      sell_price: first.sell_price,
    });
    // The live price is not a catalogue field.
    const priced = await schedule({
      kind: 'commodity',
      target_id: first.id,
      changes: { sell_price: '1.00' },
      effective_from: 'now',
    });
    expect(priced.statusCode).toBe(400);
  });

  const create = (payload: unknown, who: TestOperator = operator) =>
    opsCall(context.app, who, '/v1/ops/products', { payload });
  const newListing = {
    name: 'Ikoyi Garden Court',
    location: 'Ikoyi, Lagos',
    description: 'Twelve serviced flats by the Ikoyi golf course, let on yearly leases.',
    price_per_unit: '25000',
    rental_yield: 11.5,
    units_total: 400,
    scene: 'terrace',
  };
  const marketIds = async (token: string) => {
    const response = await call('/v1/real_estates?size=50', { token });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{
      data: { items: { id: string; units_available: number; active: boolean }[] };
    }>().data.items;
  };

  it('when an operator adds a listing from a later date, then customers see it only from then, on sale with every unit, and both steps are audited', async () => {
    const customer = await signUp(call, uniqueEmail('market'));
    const response = await create({
      kind: 'real_estate_listing',
      values: newListing,
      effective_from: inFuture(2 * dayMs),
    });
    expect(response.statusCode, response.body).toBe(200);
    const change = response.json<{ data: ProductChange }>().data;
    expect(change).toMatchObject({
      kind: 'real_estate_listing',
      target_name: 'Ikoyi Garden Court',
      changes: { active: true },
      status: 'scheduled',
    });
    const listingId = change.target_id;
    expect((await marketIds(customer)).map((item) => item.id)).not.toContain(listingId);
    const inCatalogue = (await catalogue()).real_estate_listings.find(
      (entry) => entry.id === listingId,
    );
    expect(inCatalogue).toMatchObject({
      name: 'Ikoyi Garden Court',
      price_per_unit: '25000.00',
      rental_yield: 11.5,
      active: false,
    });

    await advanceDays(2);
    const listed = (await marketIds(customer)).find((item) => item.id === listingId);
    expect(listed).toMatchObject({ units_available: 400, active: true });
    const audit = await auditEntries(context.app, operator, { subject_id: listingId });
    expect(audit.map((entry) => entry.action).sort()).toEqual([
      'product.created',
      'product_change.applied',
      'product_change.scheduled',
    ]);
  });

  it('when an operator adds an advert now, then customers’ banner shows it at once', async () => {
    const customer = await signUp(call, uniqueEmail('banner'));
    const response = await create({
      kind: 'advert',
      values: {
        title: 'Save for Detty December',
        body: 'Start a target plan for the holidays and we collect it weekly.',
        cta_label: 'Start saving',
        cta_path: '/savings/target-savings/new',
      },
      effective_from: 'now',
    });
    expect(response.statusCode, response.body).toBe(200);
    const change = response.json<{ data: ProductChange }>().data;
    expect(change.status).toBe('applied');
    const banners = await call('/v1/advert/banner', { token: customer });
    expect(
      banners.json<{ data: { items: { id: string; title: string }[] } }>().data.items,
    ).toContainEqual(
      expect.objectContaining({ id: change.target_id, title: 'Save for Detty December' }),
    );
  });

  it('when a new product is not what the kind needs, then it is refused with a 4xx naming the problem and nothing is stored', async () => {
    const before = (await catalogue()).real_estate_listings.length;
    const token = await signUp(call, uniqueEmail('not-an-operator'));
    const refusals = [
      [
        {
          kind: 'real_estate_listing',
          values: { ...newListing, price_per_unit: '0' },
          effective_from: 'now',
        },
        422,
        'The price per unit must be more than 0.00',
      ],
      [
        { kind: 'real_estate_listing', values: newListing, effective_from: inFuture(-dayMs) },
        422,
        'A change cannot start in the past',
      ],
      [
        {
          kind: 'real_estate_listing',
          values: { ...newListing, units_total: 0 },
          effective_from: 'now',
        },
        400,
        'A property has at least 1 unit',
      ],
      [
        {
          kind: 'real_estate_listing',
          values: { ...newListing, scene: 'castle' },
          effective_from: 'now',
        },
        400,
        'Choose a picture',
      ],
      [
        {
          kind: 'advert',
          values: {
            title: 'Hi there',
            body: 'Tap me',
            cta_label: 'Go',
            cta_path: 'https://example.com',
          },
          effective_from: 'now',
        },
        400,
        'A button opens an app path starting with /',
      ],
      [{ kind: 'commodity', values: {}, effective_from: 'now' }, 400, 'Choose a kind'],
    ] as const;
    for (const [payload, status, message] of refusals) {
      const response = await create(payload);
      expect(response.statusCode, response.body).toBe(status);
      expect(JSON.stringify(expectErrorShape(response))).toContain(message);
    }
    const asCustomer = await context.app.inject({
      method: 'POST',
      url: '/v1/ops/products',
      headers: bearer(token),
      payload: { kind: 'real_estate_listing', values: newListing, effective_from: 'now' },
    });
    expect(asCustomer.statusCode).toBe(401);
    expect((await catalogue()).real_estate_listings).toHaveLength(before);
  });

  it('when a scheduled change is cancelled, then it never applies, a second cancel is refused with 409, and the reason is audited', async () => {
    const fixed = await savingsProductId('fixed');
    const change = await scheduled({
      kind: 'savings_product',
      target_id: fixed.id,
      changes: { minimum: '5000.00' },
      effective_from: inFuture(dayMs),
    });
    const noReason = await opsCall(
      context.app,
      operator,
      `/v1/ops/product-changes/${change.id}/cancel`,
      {
        payload: { reason: 'no' },
      },
    );
    expect(noReason.statusCode).toBe(400);
    const cancelled = await opsCall(
      context.app,
      operator,
      `/v1/ops/product-changes/${change.id}/cancel`,
      { payload: { reason: 'Pricing committee withdrew it' } },
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json<{ data: ProductChange }>().data).toMatchObject({
      status: 'cancelled',
      cancelled_at: expect.any(String) as string,
    });
    const again = await opsCall(
      context.app,
      operator,
      `/v1/ops/product-changes/${change.id}/cancel`,
      {
        payload: { reason: 'Pricing committee withdrew it' },
      },
    );
    expect(again.statusCode).toBe(409);
    expectErrorShape(again);
    const unknown = await opsCall(
      context.app,
      operator,
      '/v1/ops/product-changes/00000000-0000-4000-8000-000000000000/cancel',
      { payload: { reason: 'Pricing committee withdrew it' } },
    );
    expect(unknown.statusCode).toBe(404);

    await advanceDays(2);
    expect((await savingsProductId('fixed')).minimum).toBe('1000.00');
    expect((await changes('cancelled')).map((entry) => entry.id)).toContain(change.id);
    const [entry] = await auditEntries(context.app, operator, {
      action: 'product_change.cancelled',
      subject_id: fixed.id,
    });
    expect(entry).toMatchObject({
      reason: 'Pricing committee withdrew it',
      before: { change_id: change.id, status: 'scheduled' },
      after: { change_id: change.id, status: 'cancelled' },
    });
    // An applied change cannot be cancelled either.
    const [applied] = await changes('applied');
    const late = await opsCall(
      context.app,
      operator,
      `/v1/ops/product-changes/${applied?.id ?? ''}/cancel`,
      {
        payload: { reason: 'Too late for this one' },
      },
    );
    expect(late.statusCode).toBe(409);
  });
});
