import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { databaseKind } from '../support/test-database.ts';
import { BillsProviderError } from '../../src/providers/bills/bills.port.ts';
import { sandboxBillsProvider } from '../../src/providers/bills/sandbox.ts';
import { type Caller, viaInject } from '../support/calls.ts';
import { listTransactions, notificationsOf } from '../support/money-helpers.ts';
import { walletState } from '../support/withdrawal-helpers.ts';
import { expectErrorShape } from '../support/error-shape.ts';
import {
  billPaymentVia,
  newBillPayer,
  payBillVia,
  payerPhone,
  sandboxBillMagic,
  verifyMeterVia,
  type BillPayer,
  type BillPaymentView,
} from '../support/bill-helpers.ts';

describe(`paying bills from the wallet in the sandbox (${databaseKind})`, () => {
  let context: TestContext;
  let call: Caller;
  let payer: BillPayer;

  beforeAll(async () => {
    context = await createTestApp({ seedCatalogue: true });
    call = viaInject(context.app);
    payer = await newBillPayer(call, context.database, {
      fundMinor: 100_000_00n,
      at: context.clock.now(),
    });
  });
  afterAll(() => context.close());

  const paid = async (path: Parameters<typeof payBillVia>[2], body: Record<string, unknown>) => {
    // A second apart, so "newest first" has one answer.
    context.clock.advance(1_000);
    const response = await payBillVia(call, payer.token, path, body);
    expect(response.statusCode, response.body).toBe(200);
    const answered = response.json<{ data: BillPaymentView }>().data;
    // The answer comes once the hold is committed; the biller is paid right after.
    expect(answered.status).toBe('pending');
    const later = await billPaymentVia(call, payer.token, answered.id);
    return later.json<{ data: BillPaymentView }>().data;
  };

  it('when the catalogue is asked for each type, then it lists the networks with their prefixes, the DisCos and the betting companies in data.items', async () => {
    const list = async (type: number) => {
      const response = await call(`/v1/bill_payments/billers?type=${String(type)}`, {
        token: payer.token,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{
        data: { items: { id: string; prefixes: string[]; short_name: string }[]; size: number };
      }>().data;
    };
    const airtime = await list(1);
    expect(airtime.size).toBe(50);
    expect(airtime.items.map((biller) => biller.short_name)).toEqual([
      'MTN',
      'Airtel',
      'Glo',
      '9mobile',
    ]);
    expect(airtime.items[0]?.prefixes).toContain('0803');
    expect((await list(2)).items.map((biller) => biller.id)).toContain('mtn-data');
    expect((await list(4)).items.map((biller) => biller.id)).toEqual([
      'ikeja-electric',
      'eko-electric',
      'abuja-electric',
      'ibadan-electric',
      'enugu-electric',
      'portharcourt-electric',
      'benin-electric',
      'kano-electric',
      'kaduna-electric',
      'jos-electric',
      'yola-electric',
      'aba-electric',
    ]);
    expect((await list(5)).items.length).toBeGreaterThanOrEqual(4);

    const unknownType = await call('/v1/bill_payments/billers?type=3', { token: payer.token });
    expect(unknownType.statusCode).toBe(400);
    expect(expectErrorShape(unknownType).message).toMatch(/type must be 1 \(airtime\)/);
  });

  it('when a data biller is asked for its plans, then each has a code, a name, a price and how long it lasts', async () => {
    const response = await call('/v1/bill_payments/billers/mtn-data/plans', {
      token: payer.token,
    });
    expect(response.statusCode, response.body).toBe(200);
    const plans = response.json<{ data: { items: { code: string; amount: string }[] } }>().data
      .items;
    expect(plans).toContainEqual({
      code: 'mtn-1gb-7d',
      name: 'MTN 1GB',
      amount: '800.00',
      validity: '7 days',
    });
    const airtimeBiller = await call('/v1/bill_payments/billers/mtn/plans', {
      token: payer.token,
    });
    expect(airtimeBiller.statusCode).toBe(422);
  });

  it('when a user buys airtime, then the wallet pays once, the history names it and a notice says it was sent', async () => {
    const before = await walletState(context.database, payer.userId);
    const payment = await paid('airtime', {
      biller_id: 'mtn',
      phone: payerPhone,
      amount: '500',
    });
    expect(payment).toMatchObject({
      status: 'successful',
      type: 1,
      customer_id: payerPhone,
      amount: '500.00',
      fee: '0.00',
      description: 'MTN airtime · 0803 123 4567',
    });
    const after = await walletState(context.database, payer.userId);
    expect(before.balanceMinor - after.balanceMinor).toBe(500_00n);
    expect(after.heldMinor).toBe(0n);

    const [row] = await listTransactions(context.app, payer.token, '?type=bill');
    expect(row).toMatchObject({
      id: payment.id,
      type: 'bill',
      status: 'successful',
      channel: 'wallet',
      description: 'MTN airtime · 0803 123 4567',
    });
    const notices = await notificationsOf(context.app, payer.token);
    expect(notices[0]).toMatchObject({
      title: 'Airtime sent',
      body: '₦500.00 of MTN airtime was sent to 0803 123 4567.',
    });
  });

  it('when a user buys a data plan, then the plan price is paid and the plan is named', async () => {
    const payment = await paid('data-bundle', {
      biller_id: 'mtn-data',
      phone: '0803 123 4567',
      plan_code: 'mtn-1gb-7d',
    });
    expect(payment).toMatchObject({
      status: 'successful',
      amount: '800.00',
      plan: { code: 'mtn-1gb-7d', name: 'MTN 1GB (7 days)' },
      description: 'MTN 1GB (7 days) · 0803 123 4567',
    });
  });

  it('when a user pays prepaid electricity, then the fee is shown before, the meter is verified with its name and address, and the token and units are kept on the payment', async () => {
    const quote = await call('/v1/bill_payments/quote?type=4&amount=5000', {
      token: payer.token,
    });
    expect(quote.json()).toMatchObject({
      data: { amount: '5000.00', fee: '100.00', total: '5100.00', minimum: '1000.00' },
    });

    const verified = await verifyMeterVia(call, payer.token);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({
      data: {
        biller_id: 'ikeja-electric',
        meter_type: 'prepaid',
        customer_name: sandboxBillMagic.meterCustomer.name,
        address: sandboxBillMagic.meterCustomer.address,
      },
    });

    const before = await walletState(context.database, payer.userId);
    const payment = await paid('electricity', {
      biller_id: 'ikeja-electric',
      meter_number: sandboxBillMagic.prepaidMeter,
      meter_type: 'prepaid',
      amount: 5000,
    });
    expect(payment).toMatchObject({
      status: 'successful',
      fee: '100.00',
      total: '5100.00',
      customer_name: sandboxBillMagic.meterCustomer.name,
      units: '73.0 kWh',
    });
    expect(payment.token).toMatch(/^\d{4}(-\d{4}){4}$/);
    const after = await walletState(context.database, payer.userId);
    expect(before.balanceMinor - after.balanceMinor).toBe(5_100_00n);

    // Visible later: in the history (filtered by type) and in the notice.
    const history = await call('/v1/bill_payments?type=4', { token: payer.token });
    const items = history.json<{ data: { items: BillPaymentView[] } }>().data.items;
    expect(items.map((item) => item.token)).toEqual([payment.token]);
    const notices = await notificationsOf(context.app, payer.token);
    expect(notices[0]?.title).toBe('Electricity token ready');
    expect(notices[0]?.body).toContain(payment.token ?? 'no token');
  });

  it('when a user pays a postpaid meter, then it is paid without a token', async () => {
    const verified = await verifyMeterVia(call, payer.token, {
      biller_id: 'eko-electric',
      customer_id: sandboxBillMagic.postpaidMeter,
      meter_type: 'postpaid',
    });
    expect(verified.statusCode, verified.body).toBe(200);
    const payment = await paid('electricity', {
      biller_id: 'eko-electric',
      meter_number: sandboxBillMagic.postpaidMeter,
      meter_type: 'postpaid',
      amount: '2000',
    });
    expect(payment).toMatchObject({ status: 'successful', token: null, meter_type: 'postpaid' });
  });

  it('when a user funds a verified betting account, then it is paid and named', async () => {
    const verified = await call('/v1/bill_payments/verify', {
      token: payer.token,
      payload: { type: 5, biller_id: 'bet9ja', customer_id: '12345678' },
    });
    expect(verified.statusCode, verified.body).toBe(200);
    const name = verified.json<{ data: { customer_name: string } }>().data.customer_name;
    const payment = await paid('betting', {
      biller_id: 'bet9ja',
      customer_id: '12345678',
      amount: '1000',
    });
    expect(payment).toMatchObject({
      status: 'successful',
      customer_name: name,
      description: 'Bet9ja top-up · account 12345678',
    });
  });

  it('when a meter does not verify, then the answer says so and an earlier verification is forgotten', async () => {
    const unknown = await verifyMeterVia(call, payer.token, { customer_id: '4444444444444' });
    expect(unknown.statusCode).toBe(422);
    expect(expectErrorShape(unknown)).toMatchObject({
      code: 'customer_not_found',
      message: 'Ikeja Electric could not find this prepaid meter number. Check it and try again.',
    });
    // The prepaid meter verified earlier, asked as postpaid: not found, and that reset it.
    const wrongType = await verifyMeterVia(call, payer.token, { meter_type: 'postpaid' });
    expect(wrongType.statusCode).toBe(422);
  });

  it('when the history is read, then it has every payment newest first with its status, and another user cannot read one', async () => {
    const history = await call('/v1/bill_payments?page=0&size=50', { token: payer.token });
    expect(history.statusCode, history.body).toBe(200);
    const page = history.json<{
      data: { items: BillPaymentView[]; total: number; size: number; has_more: boolean };
    }>().data;
    expect(page.items.map((item) => item.type)).toEqual([5, 4, 4, 2, 1]);
    expect(page).toMatchObject({ total: 5, size: 50, has_more: false });
    const airtimeOnly = await call('/v1/bill_payments?type=1', { token: payer.token });
    expect(airtimeOnly.json<{ data: { items: unknown[] } }>().data.items).toHaveLength(1);

    const recipients = await call('/v1/bill_payments/recipients?type=4', { token: payer.token });
    expect(
      recipients.json<{ data: { items: { customer_id: string }[] } }>().data.items,
    ).toHaveLength(2);

    const stranger = await newBillPayer(call, context.database, { label: 'stranger' });
    const someone = page.items[0]?.id ?? '';
    const theirs = await billPaymentVia(call, stranger.token, someone);
    expect(theirs.statusCode).toBe(404);
    expect(expectErrorShape(theirs).message).toBe('We could not find this payment');
  });
});

describe(`a meter the biller stops finding (${databaseKind})`, () => {
  let context: TestContext;
  let call: Caller;
  let payer: BillPayer;
  /** Whether the biller still finds the sandbox's prepaid meter. */
  let meterKnown = true;

  beforeAll(async () => {
    context = await createTestApp({
      seedCatalogue: true,
      bills: ({ database, clock }) => {
        const sandbox = sandboxBillsProvider({ database, clock });
        return {
          ...sandbox,
          verifyCustomer: (request) =>
            meterKnown
              ? sandbox.verifyCustomer(request)
              : Promise.reject(new BillsProviderError('not_found', 'no such meter')),
        };
      },
    });
    call = viaInject(context.app);
    payer = await newBillPayer(call, context.database, {
      fundMinor: 10_000_00n,
      at: context.clock.now(),
    });
  });
  afterAll(() => context.close());

  it('when a meter verified earlier is refused on a later verify, then the earlier name is forgotten and paying it asks to verify again', async () => {
    const electricity = {
      biller_id: 'ikeja-electric',
      meter_number: sandboxBillMagic.prepaidMeter,
      meter_type: 'prepaid',
      amount: 2000,
    };
    expect((await verifyMeterVia(call, payer.token)).statusCode).toBe(200);

    meterKnown = false;
    const refused = await verifyMeterVia(call, payer.token);
    expect(refused.statusCode).toBe(422);
    expect(expectErrorShape(refused)).toMatchObject({ code: 'customer_not_found' });

    const payment = await payBillVia(call, payer.token, 'electricity', electricity);
    expect(payment.statusCode, payment.body).toBe(422);
    expect(expectErrorShape(payment)).toMatchObject({ code: 'meter_not_verified' });
    expect((await walletState(context.database, payer.userId)).heldMinor).toBe(0n);
  });
});
