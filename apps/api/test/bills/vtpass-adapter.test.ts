import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BillsProviderError,
  billRequestId,
  type BillPurchase,
  type BillsProvider,
} from '../../src/providers/bills/bills.port.ts';
import { vtpassBillsProvider } from '../../src/providers/bills/vtpass.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { databaseKind } from '../support/test-database.ts';
import { viaInject } from '../support/calls.ts';
import { fakeKeys, startVtpassFake, type VtpassFake } from '../support/vtpass-fake.ts';
import {
  billPaymentVia,
  newBillPayer,
  payBillVia,
  type BillPaymentView,
} from '../support/bill-helpers.ts';

const placedAt = new Date('2026-01-05T08:00:00.000Z'); // 09:00 in Lagos
let serial = 0;
const purchase = (overrides: Partial<BillPurchase> = {}): BillPurchase => {
  serial += 1;
  return {
    requestId: billRequestId(`AJO-AIR-${String(serial).padStart(6, '0')}`, placedAt),
    serviceId: 'mtn',
    customerId: '08011111111',
    variationCode: null,
    amountMinor: 100_00n,
    phone: '08011111111',
    ...overrides,
  };
};

describe('the VTpass adapter against a local fake of its API', () => {
  let fake: VtpassFake;
  let vtpass: BillsProvider;

  beforeAll(async () => {
    fake = await startVtpassFake();
    vtpass = vtpassBillsProvider({ ...fakeKeys, baseUrl: fake.baseUrl, timeoutMs: 300 });
  });
  afterAll(() => fake.close());

  it("when a request id is made, then its first 12 characters are the placing time in Lagos and the rest is our reference's letters and digits", () => {
    expect(billRequestId('AJO-AIR-0A1B2C', placedAt)).toBe('202601050900AJOAIR0A1B2C');
    // Just before midnight UTC is the next day in Lagos.
    expect(billRequestId('X', new Date('2026-03-31T23:30:00Z'))).toBe('202604010030X');
  });

  it('when airtime is bought, then it posts /pay with the secret key, our request id and the amount in naira, and reads delivered', async () => {
    const bought = purchase();
    const state = await vtpass.pay(bought);
    expect(state).toMatchObject({ requestId: bought.requestId, status: 'delivered', token: null });
    expect(state.providerReference).toMatch(/^\d+$/);
    const call = fake.calls.at(-1);
    expect(call?.path).toBe('/api/pay');
    expect(call?.headers).toMatchObject({
      'api-key': fakeKeys.apiKey,
      'secret-key': fakeKeys.secretKey,
    });
    expect(call?.headers['public-key']).toBeUndefined();
    expect(call?.body).toEqual({
      request_id: bought.requestId,
      serviceID: 'mtn',
      billersCode: '08011111111',
      amount: '100.00',
      phone: '08011111111',
    });
  });

  it('when the same request id is paid again, then VTpass says it exists (014) and the adapter answers its record instead of buying twice', async () => {
    const bought = purchase();
    const first = await vtpass.pay(bought);
    const again = await vtpass.pay(bought);
    expect(again).toEqual(first);
    expect(fake.purchases.size).toBeGreaterThan(0);
    expect([...fake.purchases.keys()].filter((id) => id === bought.requestId)).toHaveLength(1);
  });

  it('when the biller is slow (099), then it is pending and a requery after it delivered reads delivered', async () => {
    const bought = purchase({ phone: '201000000000', customerId: '201000000000' });
    expect((await vtpass.pay(bought)).status).toBe('pending');
    const stored = fake.purchases.get(bought.requestId);
    if (!stored) throw new Error('the fake kept nothing');
    stored.status = 'delivered';
    expect(await vtpass.requery(bought.requestId)).toMatchObject({ status: 'delivered' });
    stored.status = 'reversed';
    expect(await vtpass.requery(bought.requestId)).toMatchObject({ status: 'reversed' });
  });

  it('when VTpass does not answer in time, then the outcome is unknown (unavailable) and a requery finds the purchase', async () => {
    fake.slowMs = 1_000;
    const bought = purchase({ phone: '300000000000', customerId: '300000000000' });
    const error = await vtpass.pay(bought).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BillsProviderError);
    expect((error as BillsProviderError).reason).toBe('unavailable');
    expect(await vtpass.requery(bought.requestId)).toMatchObject({ status: 'pending' });
  });

  it('when the purchase fails (016), then it is failed with its words; an unknown request id requeries as never received', async () => {
    const state = await vtpass.pay(purchase({ phone: '08099999999', customerId: '08099999999' }));
    expect(state).toMatchObject({ status: 'failed', message: 'TRANSACTION FAILED' });
    expect(await vtpass.requery('202601050900NEVERSENT')).toBeUndefined();
  });

  it('when prepaid electricity is delivered, then the token and units are read from the answer', async () => {
    const state = await vtpass.pay(
      purchase({
        serviceId: 'ikeja-electric',
        customerId: '1111111111111',
        variationCode: 'prepaid',
        amountMinor: 5_000_00n,
      }),
    );
    expect(state).toMatchObject({
      status: 'delivered',
      token: '42424242424242424242',
      units: '73.05 kWh',
    });
    expect(fake.calls.at(-1)?.body).toMatchObject({ variation_code: 'prepaid', amount: '5000.00' });
  });

  it('when a meter is verified, then merchant-verify answers the name and address; a wrong meter is not found', async () => {
    expect(
      await vtpass.verifyCustomer({
        serviceId: 'ikeja-electric',
        customerId: '1111111111111',
        meterType: 'prepaid',
      }),
    ).toEqual({ name: 'TESTMETER1', address: 'ABULE - EGBA BU ABULE' });
    expect(fake.calls.at(-1)?.body).toEqual({
      billersCode: '1111111111111',
      serviceID: 'ikeja-electric',
      type: 'prepaid',
    });
    const error = await vtpass
      .verifyCustomer({
        serviceId: 'ikeja-electric',
        customerId: '1111111111111',
        meterType: 'postpaid',
      })
      .catch((caught: unknown) => caught);
    expect((error as BillsProviderError).reason).toBe('not_found');
  });

  it('when the plans are listed, then GET /service-variations is signed with the public key and prices are exact kobo', async () => {
    expect(await vtpass.listPlans('mtn-data')).toEqual([
      { code: 'mtn-10mb-100', name: 'N100 100MB - 24 hrs', amountMinor: 100_00n },
      { code: 'mtn-50mb-200', name: 'N200 200MB - 2 days', amountMinor: 200_00n },
    ]);
    const call = fake.calls.at(-1);
    expect(call?.method).toBe('GET');
    expect(call?.headers).toMatchObject({
      'api-key': fakeKeys.apiKey,
      'public-key': fakeKeys.publicKey,
    });
    expect(call?.headers['secret-key']).toBeUndefined();
  });

  it('when VTpass answers a code, then only the codes it documents as a refusal are final; any other is unknown and requeried', async () => {
    const answered = async (code: string) => {
      fake.answerNext('/api/pay', { code, response_description: `CODE ${code}` });
      return vtpass.pay(purchase()).catch((caught: unknown) => caught);
    };
    for (const code of ['010', '018', '019', '023', '030', '091']) {
      expect((await answered(code)) as BillsProviderError, code).toMatchObject({
        reason: 'rejected',
      });
    }
    // Not on VTpass's list (or "resolved, contact us"): the outcome is unknown, never a refund.
    for (const code of ['034', '035', '044', '083']) {
      expect((await answered(code)) as BillsProviderError, code).toMatchObject({
        reason: 'unavailable',
      });
    }
  });

  it('when VTpass is down or refuses the keys, then the errors say unavailable and rejected', async () => {
    fake.failNext('/api/pay', 502);
    const down = await vtpass.pay(purchase()).catch((caught: unknown) => caught);
    expect((down as BillsProviderError).reason).toBe('unavailable');
    const wrongKeys = vtpassBillsProvider({
      ...fakeKeys,
      secretKey: 'SK_wrong',
      baseUrl: fake.baseUrl,
    });
    const refused = await wrongKeys.pay(purchase()).catch((caught: unknown) => caught);
    expect((refused as BillsProviderError).reason).toBe('rejected');
  });
});

describe(`the whole stack on the VTpass adapter and its fake (${databaseKind})`, () => {
  let fake: VtpassFake;
  let context: TestContext;

  beforeAll(async () => {
    fake = await startVtpassFake();
    context = await createTestApp({
      seedCatalogue: true,
      bills: () => vtpassBillsProvider({ ...fakeKeys, baseUrl: fake.baseUrl }),
    });
  });
  afterAll(async () => {
    await context.close();
    await fake.close();
  });

  it('when a verified prepaid meter is paid, then VTpass is called once and the token it gave is on the payment', async () => {
    const call = viaInject(context.app);
    const payer = await newBillPayer(call, context.database, {
      fundMinor: 20_000_00n,
      at: context.clock.now(),
    });
    const verified = await call('/v1/bill_payments/verify', {
      token: payer.token,
      payload: {
        type: 4,
        biller_id: 'ikeja-electric',
        customer_id: '1111111111111',
        meter_type: 'prepaid',
      },
    });
    expect(verified.json()).toMatchObject({ data: { customer_name: 'TESTMETER1' } });
    const paid = await payBillVia(call, payer.token, 'electricity', {
      biller_id: 'ikeja-electric',
      meter_number: '1111111111111',
      meter_type: 'prepaid',
      amount: 5000,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const id = paid.json<{ data: BillPaymentView }>().data.id;
    const payment = (await billPaymentVia(call, payer.token, id)).json<{ data: BillPaymentView }>()
      .data;
    expect(payment).toMatchObject({
      status: 'successful',
      token: '42424242424242424242',
      units: '73.05 kWh',
    });
    const pays = fake.calls.filter((recorded) => recorded.path === '/api/pay');
    expect(pays).toHaveLength(1);
    expect(pays[0]?.body).toMatchObject({ phone: '08031234567', billersCode: '1111111111111' });
  });
});
