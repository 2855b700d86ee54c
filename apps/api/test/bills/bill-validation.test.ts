import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { databaseKind } from '../support/test-database.ts';
import {
  type Caller,
  type Reply,
  newKey,
  pinHeader,
  toReply,
  viaInject,
} from '../support/calls.ts';
import { expectErrorShape } from '../support/error-shape.ts';
import { amountLike, mutated } from '../support/fuzz.ts';
import { ledgerFingerprint } from '../support/withdrawal-helpers.ts';
import {
  newBillPayer,
  payBillVia,
  payerPhone,
  sandboxBillMagic,
  verifyMeterVia,
  type BillPayer,
} from '../support/bill-helpers.ts';

const amount = amountLike([
  '100',
  '1500.50',
  '100.21',
  '100.24',
  '0.01',
  '49.99',
  '1e3',
  ' 500 ',
  '-5',
]);

const phone = fc.oneof(
  fc.constantFrom(payerPhone, '0802 123 4567', '+2348051234567', '08011111111', '0803'),
  fc.stringMatching(/^0[789]0\d{8}$/),
);

/** `{ message, code, errors }` on every refusal, and never a 5xx. */
function expectCleanAnswer(response: Reply) {
  expect(response.statusCode, response.body).toBeLessThan(500);
  if (response.statusCode >= 400) expectErrorShape(response);
}

describe(`bill input that is refused, with a message a person can act on (${databaseKind})`, () => {
  let context: TestContext;
  let call: Caller;
  let payer: BillPayer;

  beforeAll(async () => {
    context = await createTestApp({ seedCatalogue: true });
    call = viaInject(context.app);
    payer = await newBillPayer(call, context.database, {
      fundMinor: 200_000_00n,
      at: context.clock.now(),
    });
  });
  afterAll(() => context.close());

  const refused = async (
    path: Parameters<typeof payBillVia>[2],
    body: Record<string, unknown>,
    status: number,
    user: BillPayer = payer,
  ) => {
    const response = await payBillVia(call, user.token, path, body);
    expect(response.statusCode, response.body).toBe(status);
    return expectErrorShape(response);
  };

  it('when the number is not on the chosen network, then it is refused naming its network', async () => {
    const error = await refused(
      'airtime',
      { biller_id: 'airtel', phone: payerPhone, amount: 500 },
      422,
    );
    expect(error).toMatchObject({
      code: 'network_mismatch',
      message: '0803 123 4567 is on MTN, not Airtel. Choose MTN or check the number.',
    });
    const data = await refused(
      'data-bundle',
      { biller_id: 'glo-data', phone: '0909 123 4567', plan_code: 'glo-1gb-7d' },
      422,
    );
    expect(data.message).toBe(
      '0909 123 4567 is on 9mobile, not Glo. Choose 9mobile or check the number.',
    );
    const nowhere = await refused(
      'airtime',
      { biller_id: 'mtn', phone: '08011111111', amount: 500 },
      422,
    );
    expect(nowhere.message).toBe(
      '0801 111 1111 is not on MTN, Airtel, Glo or 9mobile. Check the number.',
    );
    // A number moved to another network keeps its prefix: said so, it is bought on the network
    // chosen; a prefix no network carries is still refused.
    const ported = await payBillVia(call, payer.token, 'airtime', {
      biller_id: 'airtel',
      phone: payerPhone,
      amount: 500,
      ported_number: true,
    });
    expect(ported.statusCode, ported.body).toBe(200);
    expect(ported.json<{ data: { biller_id: string } }>().data.biller_id).toBe('airtel');
    expect(
      (
        await refused(
          'airtime',
          { biller_id: 'mtn', phone: '08011111111', amount: 500, ported_number: true },
          422,
        )
      ).code,
    ).toBe('network_mismatch');
    expect(
      (
        await refused(
          'airtime',
          { biller_id: 'mtn', phone: payerPhone, amount: 500, ported_number: 'yes' },
          400,
        )
      ).message,
    ).toContain('ported_number must be true or false');
  });

  it('when the amount is outside the limits of the tier, then the refusal names the limit', async () => {
    expect(
      await refused('airtime', { biller_id: 'mtn', phone: payerPhone, amount: '49.99' }, 422),
    ).toMatchObject({
      code: 'amount_below_minimum',
      message: 'The smallest airtime purchase is ₦50.00',
    });
    expect(
      await refused('airtime', { biller_id: 'mtn', phone: payerPhone, amount: 20_000.01 }, 422),
    ).toMatchObject({
      code: 'amount_above_limit',
      message:
        'Your account can pay at most ₦20,000.00 per airtime purchase. Verify your identity to raise your limit.',
    });
    const unverified = await newBillPayer(call, context.database, { label: 'tier0', bvn: false });
    expect(
      await refused(
        'airtime',
        { biller_id: 'mtn', phone: payerPhone, amount: 100 },
        422,
        unverified,
      ),
    ).toMatchObject({
      code: 'bills_not_allowed',
      message: 'Verify your BVN before paying bills from your wallet',
    });
    expect((await verifyMeterVia(call, payer.token)).statusCode).toBe(200);
    expect(
      await refused(
        'electricity',
        {
          biller_id: 'ikeja-electric',
          meter_number: sandboxBillMagic.prepaidMeter,
          meter_type: 'prepaid',
          amount: 999,
        },
        422,
      ),
    ).toMatchObject({ message: 'The smallest electricity payment is ₦1,000.00' });
  });

  it("when a day's airtime passes the tier's daily limit, then the next is refused with what is left", async () => {
    const user = await newBillPayer(call, context.database, {
      label: 'daily',
      fundMinor: 100_000_00n,
      at: context.clock.now(),
    });
    for (const amountNaira of [20_000, 20_000]) {
      const paid = await payBillVia(call, user.token, 'airtime', {
        biller_id: 'mtn',
        phone: payerPhone,
        amount: amountNaira,
      });
      expect(paid.statusCode, paid.body).toBe(200);
    }
    expect(
      await refused('airtime', { biller_id: 'mtn', phone: payerPhone, amount: 15_000 }, 422, user),
    ).toMatchObject({
      code: 'daily_limit_reached',
      message: 'You can pay ₦10,000.00 more for airtime today',
    });
  });

  it('when the wallet is short, then nothing is held', async () => {
    const poor = await newBillPayer(call, context.database, {
      label: 'poor',
      fundMinor: 100_00n,
      at: context.clock.now(),
    });
    const before = await ledgerFingerprint(context.database);
    const error = await refused(
      'airtime',
      { biller_id: 'mtn', phone: payerPhone, amount: 200 },
      422,
      poor,
    );
    expect(error.code).toBe('insufficient_funds');
    expect(await ledgerFingerprint(context.database)).toEqual(before);
  });

  it('when electricity or betting is paid without verifying first, then it is refused and says to verify', async () => {
    const fresh = await newBillPayer(call, context.database, {
      label: 'unverified-meter',
      fundMinor: 10_000_00n,
      at: context.clock.now(),
    });
    expect(
      await refused(
        'electricity',
        {
          biller_id: 'abuja-electric',
          meter_number: sandboxBillMagic.prepaidMeter,
          meter_type: 'prepaid',
          amount: 2000,
        },
        422,
        fresh,
      ),
    ).toMatchObject({
      code: 'meter_not_verified',
      message: 'Verify the meter number before paying, so the token goes to the right meter',
    });
    expect(
      await refused(
        'betting',
        { biller_id: 'sportybet', customer_id: '12345678', amount: 500 },
        422,
        fresh,
      ),
    ).toMatchObject({ code: 'account_not_verified' });

    // Verified a day and more ago: verify again.
    expect(
      (await verifyMeterVia(call, fresh.token, { biller_id: 'abuja-electric' })).statusCode,
    ).toBe(200);
    // (Aged in SQL: moving the clock a day would end the session too.)
    await context.database.db.execute(sql`update bill_verifications
        set verified_at = verified_at - interval '24 hours 1 second' where user_id = ${fresh.userId}`);
    expect(
      (
        await refused(
          'electricity',
          {
            biller_id: 'abuja-electric',
            meter_number: sandboxBillMagic.prepaidMeter,
            meter_type: 'prepaid',
            amount: 2000,
          },
          422,
          fresh,
        )
      ).code,
    ).toBe('meter_not_verified');
  });

  it('when the biller, the plan or the body is wrong, then each is a 4xx in the error shape', async () => {
    expect(
      await refused(
        'airtime',
        { biller_id: 'ikeja-electric', phone: payerPhone, amount: 500 },
        422,
      ),
    ).toMatchObject({ message: 'Ikeja Electric (IKEDC) does not sell airtime' });
    expect(
      await refused(
        'airtime',
        { biller_id: 'no-such-network', phone: payerPhone, amount: 500 },
        404,
      ),
    ).toMatchObject({ message: 'We could not find this provider' });
    expect(
      await refused(
        'data-bundle',
        { biller_id: 'mtn-data', phone: payerPhone, plan_code: 'glo-1gb-7d' },
        422,
      ),
    ).toMatchObject({ message: 'MTN does not sell this plan' });
    expect(
      (await refused('airtime', { biller_id: 'mtn', phone: 'my number', amount: 500 }, 400))
        .message,
    ).toMatch(/Enter a valid Nigerian phone number/);
    expect(
      await refused('airtime', { biller_id: 'mtn', phone: payerPhone, amount: '5,000' }, 422),
    ).toMatchObject({ code: 'invalid_amount' });
    await refused('airtime', { biller_id: 'mtn', phone: payerPhone, amount: 500, extra: 1 }, 400);
    const noKey = await payBillVia(
      call,
      payer.token,
      'airtime',
      { biller_id: 'mtn', phone: payerPhone, amount: 500 },
      null,
    );
    expect(noKey.statusCode).toBe(400);
    expectErrorShape(noKey);
    const signedOut = await call('/v1/bill_payments/airtime', {
      headers: { 'idempotency-key': newKey() },
      payload: { biller_id: 'mtn', phone: payerPhone, amount: 500 },
    });
    expect(signedOut.statusCode).toBe(401);
    const verifyAirtime = await call('/v1/bill_payments/verify', {
      token: payer.token,
      payload: { type: 1, biller_id: 'mtn', customer_id: payerPhone },
    });
    expect(verifyAirtime.statusCode).toBe(400);
    expect(expectErrorShape(verifyAirtime).message).toMatch(/Only meters \(4\) and betting/);
  });

  const send = async (url: string, payload: unknown) => {
    const response = await context.app.inject({
      method: 'POST',
      url,
      headers: {
        authorization: `Bearer ${payer.token}`,
        'content-type': 'application/json',
        ...pinHeader(),
        'idempotency-key': newKey(),
      },
      payload: payload === undefined ? 'null' : JSON.stringify(payload),
    });
    await context.app.background.idle();
    return toReply(response.statusCode, response.body);
  };

  const operations: [string, Record<string, fc.Arbitrary<unknown>>][] = [
    ['/v1/bill_payments/airtime', { biller_id: fc.constantFrom('mtn', 'glo', 'x'), phone, amount }],
    [
      '/v1/bill_payments/data-bundle',
      {
        biller_id: fc.constantFrom('mtn-data', 'airtel-data', 'mtn'),
        phone,
        plan_code: fc.constantFrom('mtn-100mb-1d', 'airtel-1gb-7d', 'nope'),
      },
    ],
    [
      '/v1/bill_payments/electricity',
      {
        biller_id: fc.constantFrom('ikeja-electric', 'eko-electric'),
        meter_number: fc.constantFrom(sandboxBillMagic.prepaidMeter, '123', '4444444444444'),
        meter_type: fc.constantFrom('prepaid', 'postpaid', 'smart'),
        amount,
        phone: fc.option(phone, { nil: undefined }),
      },
    ],
    [
      '/v1/bill_payments/betting',
      {
        biller_id: fc.constantFrom('bet9ja', 'sportybet'),
        customer_id: fc.constantFrom('12345678', sandboxBillMagic.unknownBettingAccount, '!'),
        amount,
      },
    ],
    [
      '/v1/bill_payments/verify',
      {
        type: fc.constantFrom(1, 2, 4, 5, '4', 3, -1),
        biller_id: fc.constantFrom('ikeja-electric', 'bet9ja', 'mtn'),
        customer_id: fc.constantFrom(sandboxBillMagic.prepaidMeter, '12345678', ''),
        meter_type: fc.constantFrom('prepaid', 'postpaid', undefined),
      },
    ],
  ];

  it.each(operations)(
    'when %s gets 1,000 mutated bodies, then no 5xx, errors in the error shape and no ledger change on a 4xx',
    async (url, fields) => {
      let last = await ledgerFingerprint(context.database);
      await fc.assert(
        fc.asyncProperty(mutated(fields), async (payload) => {
          const response = await send(url, payload);
          expectCleanAnswer(response);
          const now = await ledgerFingerprint(context.database);
          if (response.statusCode >= 400) expect(now).toEqual(last);
          last = now;
        }),
        { numRuns: 1_000 },
      );
    },
    180_000,
  );
});
