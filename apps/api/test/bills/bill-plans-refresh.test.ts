import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billsService, validityIn } from '../../src/modules/bills/bills.service.ts';
import { BackgroundWork } from '../../src/platform/background.ts';
import type { BillPlanOffer } from '../../src/providers/bills/bills.port.ts';
import { sandboxBillsProvider } from '../../src/providers/bills/sandbox.ts';
import { sandboxDataPlans } from '../../src/providers/bills/sandbox-world.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { databaseKind } from '../support/test-database.ts';
import { type Caller, viaInject } from '../support/calls.ts';
import { newBillPayer, type BillPayer } from '../support/bill-helpers.ts';

describe(`data plans follow the biller (${databaseKind})`, () => {
  let context: TestContext;
  let call: Caller;
  let payer: BillPayer;
  beforeAll(async () => {
    context = await createTestApp({ seedCatalogue: true });
    call = viaInject(context.app);
    payer = await newBillPayer(call, context.database, {
      fundMinor: 10_000_00n,
      at: context.clock.now(),
    });
  });
  afterAll(() => context.close());

  const plansOf = async (billerId: string) => {
    const response = await call(`/v1/bill_payments/billers/${billerId}/plans`, {
      token: payer.token,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{
      data: { items: { code: string; name: string; amount: string; validity: string }[] };
    }>().data.items;
  };

  /** The service with a biller whose MTN list is `mtnOffers` (the sandbox's for the others). */
  const serviceSelling = (mtnOffers: BillPlanOffer[] | Error) => {
    const sandbox = sandboxBillsProvider({ database: context.database, clock: context.clock });
    return billsService({
      database: context.database,
      clock: context.clock,
      bills: {
        ...sandbox,
        listPlans: async (serviceId) => {
          if (serviceId !== 'mtn-data') return sandbox.listPlans(serviceId);
          if (mtnOffers instanceof Error) throw mtnOffers;
          return mtnOffers;
        },
      },
      log: pino({ level: 'silent' }),
      background: new BackgroundWork(pino({ level: 'silent' })),
    });
  };

  const run = (service: ReturnType<typeof billsService>) =>
    service.refreshPlansJob.run({
      id: 'test-run',
      name: service.refreshPlansJob.name,
      key: 'today',
      payload: {},
      attempt: 1,
      now: context.clock.now(),
    });

  it('when the biller changes a price, drops a plan and adds one, then the plan list follows it the next day', async () => {
    const [first, dropped, ...rest] = sandboxDataPlans['mtn-data'] ?? [];
    if (!first || !dropped) throw new Error('the sandbox sells MTN data');
    await run(
      serviceSelling([
        { code: first.code, name: first.name, amountMinor: 150_00n },
        ...rest.map(({ code, name, amountMinor }) => ({ code, name, amountMinor })),
        { code: 'mtn-20gb-30d', name: 'MTN 20GB - 30 Days', amountMinor: 6_000_00n },
      ]),
    );
    const plans = await plansOf('mtn-data');
    expect(plans.map((plan) => plan.code)).not.toContain(dropped.code);
    expect(plans[0]).toMatchObject({
      code: first.code,
      amount: '150.00',
      validity: first.validity,
    });
    expect(plans.at(-1)).toMatchObject({
      code: 'mtn-20gb-30d',
      amount: '6000.00',
      validity: '30 days',
    });
  });

  it('when the biller cannot answer, then the run fails and the plans stay as they were', async () => {
    const before = await plansOf('mtn-data');
    await expect(run(serviceSelling(new Error('biller unavailable')))).rejects.toThrow();
    expect(await plansOf('mtn-data')).toEqual(before);
  });

  it.each([
    ['MTN 1GB - 30 Days', '30 days'],
    ['Airtel 100MB 1 day', '1 day'],
    ['Glo 2GB', ''],
    ['9mobile 4.5GB - 2 weeks', '2 weeks'],
  ])('when a plan is called %s, then its validity reads %j', (name, validity) => {
    expect(validityIn(name)).toBe(validity);
  });
});
