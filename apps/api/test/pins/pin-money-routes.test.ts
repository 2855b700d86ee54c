import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PIN_MAX_ATTEMPTS, pinMessages } from '@ajo/contracts/pin';
import { newKey, TEST_PIN, viaInject, type Caller } from '../support/calls.ts';
import { expectErrorShape } from '../support/error-shape.ts';
import {
  anyBvnIdentity,
  countRows,
  fundByTransfer,
  moneyFingerprint,
  newUser,
  type MoneyUser,
} from '../support/money-helpers.ts';
import { signUp, uniqueEmail } from '../support/people.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { databaseKind } from '../support/test-database.ts';

/**
 * Every route that moves money out of the user's control, with a body that passes validation:
 * the PIN is checked after the body's shape and before anything of the request runs.
 */
const id = randomUUID();
const moneyOutRoutes: { name: string; url: string; payload: unknown }[] = [
  {
    name: 'withdrawal',
    url: '/v1/wallets/withdraw',
    payload: { amount: '1000', bank_account_id: id },
  },
  { name: 'savings break', url: `/v1/savings/${id}/orders/${randomUUID()}/break`, payload: {} },
  {
    name: 'commodity buy',
    url: '/v1/commodities/buy',
    payload: { commodity_id: id, amount: '1000', payment_method: 'wallet' },
  },
  {
    name: 'commodity sell',
    url: '/v1/commodities/sell',
    payload: { commodity_id: id, units: '1', payment_method: 'wallet' },
  },
  {
    name: 'fixed-income buy',
    url: '/v1/fixed_incomes/orders',
    payload: { fixed_income_id: id, amount: '10000' },
  },
  {
    name: 'real-estate buy',
    url: '/v1/real_estates/buy',
    payload: { real_estate_id: id, units: 1 },
  },
  {
    name: 'dollar investment',
    url: '/v1/savings/dollar',
    payload: { amount: '50', duration: '180d' },
  },
  { name: 'USD wallet to naira', url: '/v1/wallets/usd/withdraw', payload: { amount: '10' } },
  {
    name: 'airtime',
    url: '/v1/bill_payments/airtime',
    payload: { biller_id: 'mtn', phone: '08031234567', amount: '100' },
  },
  {
    name: 'data bundle',
    url: '/v1/bill_payments/data-bundle',
    payload: { biller_id: 'mtn-data', phone: '08031234567', plan_code: 'mtn-1gb' },
  },
  {
    name: 'electricity',
    url: '/v1/bill_payments/electricity',
    payload: {
      biller_id: 'ikedc',
      meter_number: '12345678901',
      meter_type: 'prepaid',
      amount: '1000',
    },
  },
  {
    name: 'betting',
    url: '/v1/bill_payments/betting',
    payload: { biller_id: 'bet9ja', customer_id: 'ABC12345', amount: '1000' },
  },
  { name: 'dollar card create', url: '/v1/cards', payload: { amount: '10', quote_id: id } },
  {
    name: 'dollar card fund',
    url: `/v1/cards/${id}/fund`,
    payload: { amount: '10', quote_id: id },
  },
  {
    name: 'dollar card withdraw',
    url: `/v1/cards/${id}/withdraw`,
    payload: { amount: '10', quote_id: id },
  },
  {
    name: 'dollar card reveal',
    url: `/v1/cards/${id}/reveal`,
    payload: { password: 'correct-horse-battery' },
  },
];

describe(`no money leaves without the transaction PIN (${databaseKind})`, () => {
  let context: TestContext;
  let call: Caller;
  let user: MoneyUser;
  let noPinToken: string;
  beforeAll(async () => {
    context = await createTestApp({ identity: anyBvnIdentity, seedCatalogue: true });
    call = viaInject(context.app);
    user = await newUser(context, uniqueEmail('pin-routes'));
    await fundByTransfer(context.app, user, '50000');
    noPinToken = await signUp(context.app, uniqueEmail('no-pin'), { pin: null });
  }, 60_000);
  afterAll(() => context.close());

  const keysOf = (userId: string) =>
    countRows(context.database, 'idempotency_records', `scope like '${userId} %'`);

  it.each(moneyOutRoutes)(
    'when $name is asked without the PIN, with a wrong one or before one is set, then nothing moves and no key is claimed',
    async ({ url, payload }) => {
      const before = await moneyFingerprint(context.database);
      const keysBefore = await keysOf(user.userId);
      const key = newKey();
      const send = (options: { pin?: string | null; token?: string }) =>
        call(url, {
          method: 'POST',
          token: options.token ?? user.token,
          headers: { 'idempotency-key': key },
          payload,
          ...(options.pin === undefined ? {} : { pin: options.pin }),
        });

      const notSet = await send({ token: noPinToken });
      expect(notSet.statusCode, notSet.body).toBe(403);
      expect(expectErrorShape(notSet)).toMatchObject({
        code: 'pin_not_set',
        message: pinMessages.notSet,
      });

      const missing = await send({ pin: null });
      expect(missing.statusCode, missing.body).toBe(403);
      expect(expectErrorShape(missing)).toMatchObject({
        code: 'pin_required',
        message: pinMessages.missing,
        errors: [{ path: 'pin', message: pinMessages.missing }],
      });
      const malformed = await send({ pin: '12a4' });
      expect(expectErrorShape(malformed).code).toBe('pin_required');

      const wrong = await send({ pin: '9051' });
      expect(wrong.statusCode, wrong.body).toBe(403);
      expect(expectErrorShape(wrong)).toMatchObject({
        code: 'pin_incorrect',
        message: `Wrong PIN. ${String(PIN_MAX_ATTEMPTS - 1)} tries left before your PIN locks`,
      });

      expect(await moneyFingerprint(context.database)).toEqual(before);
      expect(await keysOf(user.userId)).toBe(keysBefore);

      // The same key with the right PIN runs the request for the first time (and clears the count).
      const right = await send({ pin: TEST_PIN });
      expect(right.statusCode, right.body).toBeLessThan(500);
      expect(right.json<{ code?: string }>().code ?? '').not.toMatch(/^pin_|request_in_flight/);
    },
  );

  it('when the right PIN was sent after a wrong one, then the count starts again; reading needs no PIN', async () => {
    const status = await call('/v1/pin', { token: user.token });
    expect(status.json<{ data: { attempts_left: number } }>().data.attempts_left).toBe(
      PIN_MAX_ATTEMPTS,
    );
    const pinless = await call('/v1/wallets', { token: user.token, pin: null });
    expect(pinless.statusCode, 'reading needs no PIN').toBe(200);
  });
});
