import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anyBvnIdentity,
  fundByTransfer,
  newUser,
  type MoneyUser,
} from '../support/money-helpers.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { databaseKind } from '../support/test-database.ts';
import { bearer } from '../support/calls.ts';
import { expectErrorShape } from '../support/error-shape.ts';
import { signUp } from '../support/people.ts';

interface BalanceHistoryView {
  currency: string;
  items: { date: string; balance: string }[];
}

const DAY_MS = 86_400_000;

describe(`GET /v1/wallets/balance-history (${databaseKind})`, () => {
  let context: TestContext;
  let amaka: MoneyUser;
  let tunde: MoneyUser;

  const history = async (token: string, query = '') => {
    const response = await context.app.inject({
      method: 'GET',
      url: `/v1/wallets/balance-history${query}`,
      headers: bearer(token),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: BalanceHistoryView }>().data;
  };

  beforeAll(async () => {
    // Sessions outlive the days the clock moves forward here.
    context = await createTestApp({
      seedCatalogue: true,
      identity: anyBvnIdentity,
      env: { SESSION_IDLE_MINUTES: '20160', SESSION_ABSOLUTE_HOURS: '336' },
    });
    // 2026-01-05 09:00 in Lagos: ₦10,000 in; two days later ₦2,500.50 more, late in the evening.
    amaka = await newUser(context, 'amaka.balance-history@example.com');
    tunde = await newUser(context, 'tunde.balance-history@example.com');
    await fundByTransfer(context.app, amaka, '10000');
    context.clock.advance(2 * DAY_MS + 13 * 3_600_000);
    await fundByTransfer(context.app, amaka, '2500.50');
    await fundByTransfer(context.app, tunde, '777');
    // Today is the 8th in Lagos (04:00).
    context.clock.advance(6 * 3_600_000);
  });

  afterAll(async () => {
    await context.close();
  });

  it('when no period is given, then it answers 30 days ending today, oldest first', async () => {
    const { currency, items } = await history(amaka.token);
    expect(currency).toBe('NGN');
    expect(items).toHaveLength(30);
    expect(items.at(-1)?.date).toBe('2026-01-08');
    expect(items[0]?.date).toBe('2025-12-10');
    expect([...items].sort((left, right) => left.date.localeCompare(right.date))).toEqual(items);
  });

  it('when money came in on two days, then each day closes at the balance of that evening', async () => {
    const { items } = await history(amaka.token);
    const on = (date: string) => items.find((item) => item.date === date)?.balance;
    expect(on('2026-01-04')).toBe('0.00');
    expect(on('2026-01-05')).toBe('10000.00');
    expect(on('2026-01-06')).toBe('10000.00');
    // 21:00 UTC on the 7th is 22:00 in Lagos: still the 7th there.
    expect(on('2026-01-07')).toBe('12500.50');
    expect(on('2026-01-08')).toBe('12500.50');
  });

  it('when 90 days are asked for, then 90 days are answered', async () => {
    const { items } = await history(amaka.token, '?days=90');
    expect(items).toHaveLength(90);
    expect(items[0]?.date).toBe('2025-10-11');
    expect(items.at(-1)?.balance).toBe('12500.50');
  });

  it("when another user asks, then only their own wallet is shown, never anyone else's", async () => {
    const { items } = await history(tunde.token);
    expect(new Set(items.map((item) => item.balance))).toEqual(new Set(['0.00', '777.00']));
    expect(items.at(-1)?.balance).toBe('777.00');
  });

  it('when a user asks for another user by id, then the request is refused', async () => {
    const response = await context.app.inject({
      method: 'GET',
      url: `/v1/wallets/balance-history?user_id=${amaka.userId}`,
      headers: bearer(tunde.token),
    });
    expect(response.statusCode).toBe(400);
    expectErrorShape(response);
  });

  it('when a new user has never opened a wallet, then every day reads zero', async () => {
    const token = await signUp(context.app, 'ngozi.balance-history@example.com');
    const { items } = await history(token);
    expect(items).toHaveLength(30);
    expect(items.every((item) => item.balance === '0.00')).toBe(true);
  });

  it.each([
    ['a period other than 30 or 90', '?days=7'],
    ['a period that is not a number', '?days=thirty'],
    ['an empty period', '?days='],
    ['a negative period', '?days=-30'],
    ['two periods', '?days=30&days=90'],
  ])('when the query holds %s, then it answers 400 with a message', async (_name, query) => {
    const response = await context.app.inject({
      method: 'GET',
      url: `/v1/wallets/balance-history${query}`,
      headers: bearer(amaka.token),
    });
    expect(response.statusCode).toBe(400);
    const error = expectErrorShape(response);
    expect(error.message).not.toBe('');
  });

  it('when the query is anything at all, then it never answers 5xx and every error has the error shape', async () => {
    const value = fc.oneof(
      fc.constantFrom('30', '90', '0', '-1', '1e2', '030', ' 30'),
      fc.string({ unit: 'binary', maxLength: 12 }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.constantFrom('days', 'user_id', 'currency', 'DAYS'), value, {
          maxKeys: 3,
        }),
        async (query) => {
          const search = new URLSearchParams(query).toString();
          const response = await context.app.inject({
            method: 'GET',
            url: `/v1/wallets/balance-history?${search}`,
            headers: bearer(amaka.token),
          });
          expect(response.statusCode).toBeLessThan(500);
          if (response.statusCode !== 200) expectErrorShape(response);
        },
      ),
      { numRuns: 1_000 },
    );
  });

  it('when nobody is signed in, then it answers 401 and shows nothing', async () => {
    const response = await context.app.inject({
      method: 'GET',
      url: '/v1/wallets/balance-history',
    });
    expect(response.statusCode).toBe(401);
    expect(response.body).not.toContain('12500');
    expectErrorShape(response);
  });
});
