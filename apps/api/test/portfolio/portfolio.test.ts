import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FxQuote } from '@ajo/contracts/dollar';
import type { Portfolio, PortfolioHistory, PortfolioTotal } from '@ajo/contracts/portfolio';
import type { SavingRecord } from '@ajo/contracts/savings';
import { formatMinorAsDecimal } from '@ajo/money/format';
import { checkLedger } from '../../src/money/ledger/ledger-check.ts';
import { openWallet, systemAccount, transfer } from '../../src/money/ledger/ledger.service.ts';
import { portfolioService } from '../../src/modules/portfolio/portfolio.service.ts';
import { addDays, businessDate } from '../../src/platform/clock.ts';
import { rows } from '../../src/platform/db.ts';
import { exchangeRateProvider } from '../../src/providers/rates/rates.port.ts';
import { cardCalls, newHolder } from '../cards/card-helpers.ts';
import { newBillPayer, type BillPayer } from '../support/bill-helpers.ts';
import { newKey, viaInject, type Caller } from '../support/calls.ts';
import { expectErrorShape } from '../support/error-shape.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { databaseKind } from '../support/test-database.ts';

/** The sell rate every test here values dollars at: 4 decimals, so rounding shows. */
const SELL_RATE = '1500.3725';
const SELL_UNITS = 15_003_725n;
const SELL_SCALE = 10_000n;

/** "1234.56" → 123456n (answers always carry exactly two decimals). */
const minorOf = (text: string) => BigInt(text.replace('.', ''));

describe(`portfolio (${databaseKind})`, () => {
  let context: TestContext;
  let call: Caller;

  beforeAll(async () => {
    context = await createTestApp({ seedCatalogue: true });
    call = viaInject(context.app);
    const rate = await call('/v1/sandbox/exchange-rate', {
      method: 'POST',
      payload: { buy: '1550.00', sell: SELL_RATE },
    });
    expect(rate.statusCode, rate.body).toBe(200);
  });
  afterAll(async () => {
    expect(await checkLedger(context.database.db)).toEqual([]);
    await context.close();
  });

  const service = (snapshotChunkSize?: number) =>
    portfolioService({
      database: context.database,
      clock: context.clock,
      rates: exchangeRateProvider({ database: context.database, clock: context.clock }),
      log: context.app.log,
      ...(snapshotChunkSize === undefined ? {} : { snapshotChunkSize }),
    });

  const investor = (fundMinor = 1_000_000_00n) =>
    newBillPayer(call, context.database, {
      label: 'portfolio',
      fundMinor,
      at: context.clock.now(),
    });

  const totalOf = async (user: BillPayer) => {
    const response = await call('/v1/portfolios/total-amount', { token: user.token });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: PortfolioTotal }>().data;
  };

  const fix = async (user: BillPayer, amount: number) => {
    const response = await call('/v1/savings/fixed', {
      method: 'POST',
      token: user.token,
      headers: { 'idempotency-key': newKey() },
      payload: { amount, duration: '30d' },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: SavingRecord }>().data;
  };

  const investDollars = async (user: BillPayer, amount: string) => {
    const quote = await call(`/v1/savings/dollar/quote?amount=${amount}`, { token: user.token });
    expect(quote.statusCode, quote.body).toBe(200);
    const offer = quote.json<{ data: FxQuote }>().data;
    const response = await call('/v1/savings/dollar', {
      method: 'POST',
      token: user.token,
      headers: { 'idempotency-key': newKey() },
      payload: { amount, duration: '180d', quote_id: offer.id },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: SavingRecord }>().data;
  };

  const fundDollars = (userId: string, amountMinor: bigint) =>
    context.database.unitOfWork(async (tx) => {
      const wallet = await openWallet(tx, userId, 'USD');
      const funding = await systemAccount(tx, 'sandbox_funding', 'USD');
      await transfer(tx, {
        idempotencyKey: `test-fund-usd:${randomUUID()}`,
        kind: 'sandbox_funding',
        description: 'Test funding',
        currency: 'USD',
        fromAccountId: funding.id,
        toAccountId: wallet.id,
        amountMinor,
        at: context.clock.now(),
      });
    });

  /** The user's ledger balances by kind and currency, read straight from the ledger. */
  const ledgerBalances = async (userId: string) => {
    const found = await rows<{ kind: string; currency: string; balance: string }>(
      context.database.db,
      sql`select kind, currency, balance_minor::text as balance from ledger_accounts
           where owner_user_id = ${userId} and balance_minor <> 0`,
    );
    return found.map((row) => ({ ...row, balanceMinor: BigInt(row.balance) }));
  };

  const advanceClock = async (days: number) => {
    const response = await call('/v1/sandbox/clock', {
      method: 'POST',
      payload: { advance_days: days },
    });
    expect(response.statusCode, response.body).toBe(200);
  };

  const snapshotsOf = (userId: string) =>
    rows<{ on_date: string; total_minor: string; breakdown: Record<string, string> }>(
      context.database.db,
      sql`select on_date::text as on_date, total_minor::text as total_minor, breakdown
            from portfolio_snapshots where user_id = ${userId} order by on_date`,
    );

  it('when there is no session, then every portfolio read answers 401 in the error shape', async () => {
    for (const path of [
      '/v1/portfolios/total-amount',
      '/v1/portfolios',
      '/v1/portfolios/history',
    ]) {
      const response = await call(path);
      expect(response.statusCode, path).toBe(401);
      expectErrorShape(response);
    }
  });

  it('when many users ask for their totals at the same moment, then each gets their own, and a dead session among them gets 401', async () => {
    // Concurrent totals are valued together in one statement (portfolio.service.ts): no answer
    // may carry another user's money, whatever the mix in a batch.
    const users = await Promise.all([1n, 2n, 3n, 4n, 5n].map((n) => investor(n * 1_234_567n)));
    const asked = [...users, users[2]!, ...users];
    const answers = await Promise.all([
      ...asked.map((user) => call('/v1/portfolios/total-amount', { token: user.token })),
      call('/v1/portfolios/total-amount', { token: 'not-a-live-session' }),
    ]);
    const refused = answers.pop();
    expect(refused?.statusCode).toBe(401);
    if (refused) expectErrorShape(refused);
    for (const [index, response] of answers.entries()) {
      const user = asked[index]!;
      expect(response.statusCode, response.body).toBe(200);
      const total = response.json<{ data: PortfolioTotal }>().data;
      const ledger = await ledgerBalances(user.userId);
      expect(total.total_minor).toBe(
        ledger.reduce((sum, row) => sum + row.balanceMinor, 0n).toString(),
      );
      expect(total.breakdown.find((item) => item.class === 'wallet')?.amount_minor).toBe(
        total.total_minor,
      );
    }
  });

  it('when a user holds naira, a fixed plan, a dollar investment and USD cash, then the total adds up to the kobo against the ledger with dollars at the sell rate rounded down', async () => {
    const user = await investor();
    await fix(user, 50_000);
    await investDollars(user, '100');
    await fundDollars(user.userId, 12_34n);

    const ledger = await ledgerBalances(user.userId);
    const nairaWallet = ledger.find((row) => row.kind === 'user_wallet' && row.currency === 'NGN');
    const plans = ledger.filter((row) => row.kind === 'user_saving');
    const naira = (cents: bigint) => (cents * SELL_UNITS) / SELL_SCALE;
    expect(nairaWallet?.balanceMinor).toBe(1_000_000_00n - 50_000_00n - 155_000_00n);
    expect(plans.map((row) => `${row.currency}:${row.balance}`).sort()).toEqual([
      'NGN:5000000',
      'USD:10000',
    ]);
    // $100.00 → 15,003,725 kobo exactly; $12.34 → 1,851,459.665 kobo, rounded down.
    const dollarMinor = naira(100_00n) + naira(12_34n);
    expect(dollarMinor).toBe(15_003_725n + 1_851_459n);

    // Every account the user owns in the ledger, dollars converted one account at a time.
    const expectedMinor = ledger.reduce(
      (sum, row) => sum + (row.currency === 'USD' ? naira(row.balanceMinor) : row.balanceMinor),
      0n,
    );
    expect(expectedMinor).toBe(795_000_00n + 50_000_00n + dollarMinor);
    const total = await totalOf(user);
    expect(total).toMatchObject({
      currency: 'NGN',
      total_minor: expectedMinor.toString(),
      total: '1013551.84',
      formatted: '₦1,013,551.84',
      abbreviated: '₦1.01m',
      valuation_rate: { currency_pair: 'USD_NGN', side: 'sell', rate: SELL_RATE },
      change: null,
    });
    expect(
      Object.fromEntries(total.breakdown.map((item) => [item.class, item.amount_minor])),
    ).toEqual({
      wallet: '79500000',
      savings: '5000000',
      dollar: dollarMinor.toString(),
      commodities: '0',
      fixed_income: '0',
      real_estate: '0',
    });

    const listed = await call('/v1/portfolios', { token: user.token });
    expect(listed.statusCode, listed.body).toBe(200);
    const holdings = listed.json<{ data: Portfolio }>().data.items;
    expect(
      holdings.map((item) => [item.class, item.currency, item.cost, item.value, item.gain]),
    ).toEqual([
      ['wallet', 'NGN', '795000.00', '795000.00', '0.00'],
      ['savings', 'NGN', '50000.00', '50000.00', '0.00'],
      ['dollar', 'USD', '12.34', '12.34', '0.00'],
      ['dollar', 'USD', '100.00', '100.00', '0.00'],
    ]);
    const listedKobo = holdings.reduce((sum, item) => sum + minorOf(item.value_naira), 0n);
    expect(listedKobo).toBe(expectedMinor);
  });

  it('when a user holds a dollar card, then its dollars count in the dollar class while it holds them, and the total adds up to the kobo against the ledger', async () => {
    const cards = cardCalls(call);
    const holder = await newHolder(context, call);
    const { card } = await cards.newCard(holder, '40.00');
    const naira = (cents: bigint) => (cents * SELL_UNITS) / SELL_SCALE;
    /** Every account the user owns in the ledger, dollars converted one account at a time. */
    const ledgerTotal = async () =>
      (await ledgerBalances(holder.userId)).reduce(
        (sum, row) => sum + (row.currency === 'USD' ? naira(row.balanceMinor) : row.balanceMinor),
        0n,
      );
    const dollarClass = async () => {
      const total = await totalOf(holder);
      expect(total.total_minor).toBe((await ledgerTotal()).toString());
      return total.breakdown.find((item) => item.class === 'dollar')?.amount_minor;
    };
    const dollarHoldings = async () => {
      const listed = await call('/v1/portfolios', { token: holder.token });
      expect(listed.statusCode, listed.body).toBe(200);
      return listed
        .json<{ data: Portfolio }>()
        .data.items.filter((item) => item.class === 'dollar')
        .map((item) => [item.name, item.value]);
    };

    // A purchase the issuer has authorised but not settled is still the user's money.
    const charge = await cards.charged(card.id, '15.00');
    expect(await dollarClass()).toBe(naira(40_00n).toString());
    expect(await dollarHoldings()).toEqual([
      [`Dollar card •••• ${card.last4}`, '40.00'],
      ['Dollar wallet', '0.00'],
    ]);

    expect((await cards.settle(charge.transaction.id)).statusCode).toBe(200);
    expect(await dollarClass()).toBe(naira(25_00n).toString());

    // Terminating returns the dollars to the dollar wallet: the class keeps them, the card goes.
    const ended = await call(`/v1/cards/${card.id}`, { method: 'DELETE', token: holder.token });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(await dollarClass()).toBe(naira(25_00n).toString());
    expect(await dollarHoldings()).toEqual([['Dollar wallet', '25.00']]);
  });

  it('when days pass, then plan interest shows as a gain net of tax and the snapshot holds the day that ended, once, whatever reruns', async () => {
    const user = await investor();
    await fix(user, 100_000);
    const startedOn = businessDate(context.clock.now());
    await advanceClock(2);
    const today = businessDate(context.clock.now());
    const [plan] = await rows<{ accrued: string }>(
      context.database.db,
      sql`select accrued_minor::text as accrued from savings_plans where user_id = ${user.userId}`,
    );
    const grossMinor = BigInt(plan?.accrued ?? '0');
    expect(grossMinor).toBeGreaterThan(0n);
    const netMinor = grossMinor - (grossMinor * 20n + 100n) / 200n;
    const listed = await call('/v1/portfolios', { token: user.token });
    const saving = listed.json<{ data: Portfolio }>().data.items.find((h) => h.class === 'savings');
    expect(saving?.gain).toBe(formatMinorAsDecimal(netMinor));
    expect(saving?.value).toBe(formatMinorAsDecimal(100_000_00n + netMinor));

    // The clock ran each day's work: one snapshot per ended day, named by the day that ended.
    const snapshots = await snapshotsOf(user.userId);
    expect(snapshots.map((row) => row.on_date)).toEqual([startedOn, addDays(startedOn, 1)]);
    expect(addDays(startedOn, 2)).toBe(today);

    const before = await snapshotsOf(user.userId);
    await fundDollars(user.userId, 1_00n);
    const portfolio = service(1);
    const reruns = await Promise.all([portfolio.snapshotDay(), portfolio.snapshotDay()]);
    expect(reruns.map((run) => run.written)).toEqual([0, 0]);
    expect(await snapshotsOf(user.userId)).toEqual(before);

    const total = await totalOf(user);
    const last = before.at(-1);
    expect(total.change?.since).toBe(last?.on_date);
    expect(BigInt(total.total_minor) - BigInt(last?.total_minor ?? '0')).toBe(
      minorOf(total.change?.amount ?? 'missing'),
    );
  });

  it('when the snapshot runs in chunks smaller than the users, then every user holding anything gets exactly one row for the day', async () => {
    const people = await Promise.all([investor(1_00n), investor(2_00n), investor(3_00n)]);
    const onDate = addDays(businessDate(context.clock.now()), 30);
    const portfolio = service(2);
    const first = await portfolio.snapshotDay(onDate);
    const [counted] = await rows<{ users: number; rows: number }>(
      context.database.db,
      sql`select (select count(distinct owner_user_id) from ledger_accounts
                   where owner_user_id is not null)::int as users,
                 (select count(*) from portfolio_snapshots where on_date = ${onDate}::date)::int
                   as rows`,
    );
    expect(first.written).toBe(counted?.users);
    expect(counted?.rows).toBe(counted?.users);
    expect((await portfolio.snapshotDay(onDate)).written).toBe(0);
    for (const [index, person] of people.entries()) {
      const row = (await snapshotsOf(person.userId)).find((found) => found.on_date === onDate);
      expect(row?.total_minor).toBe(String((index + 1) * 100));
      expect(row?.breakdown).toMatchObject({ wallet: String((index + 1) * 100) });
    }
  });

  it('when someone signs up today, then the snapshot of the day that ended has no point for them: their money was not there yet', async () => {
    const today = businessDate(context.clock.now());
    const yesterday = addDays(today, -1);
    const newcomer = await investor(5_000_00n);
    const first = await service(50).snapshotDay(yesterday);
    expect((await snapshotsOf(newcomer.userId)).map((row) => row.on_date)).not.toContain(yesterday);
    // The day they signed up is theirs once it has ended.
    await service(50).snapshotDay(today);
    const theirs = (await snapshotsOf(newcomer.userId)).find((row) => row.on_date === today);
    expect(theirs?.total_minor).toBe('500000');
    expect(first.onDate).toBe(yesterday);
  });

  it('when the history is read, then it lists the snapshots within the days asked for, oldest first, and ends with today valued now', async () => {
    const user = await investor(5_000_00n);
    await advanceClock(3);
    const today = businessDate(context.clock.now());
    const read = async (days: number) => {
      const response = await call(`/v1/portfolios/history?days=${String(days)}`, {
        token: user.token,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ data: PortfolioHistory }>().data;
    };
    const month = await read(30);
    expect(month.currency).toBe('NGN');
    expect(month.items.map((item) => item.date)).toEqual([
      addDays(today, -3),
      addDays(today, -2),
      addDays(today, -1),
      today,
    ]);
    expect(new Set(month.items.map((item) => item.total))).toEqual(new Set(['5000.00']));
    expect((await read(2)).items.map((item) => item.date)).toEqual([addDays(today, -1), today]);
    expect((await read(1)).items).toEqual([{ date: today, total: '5000.00' }]);
    const byDefault = await call('/v1/portfolios/history', { token: user.token });
    expect(byDefault.json<{ data: PortfolioHistory }>().data).toEqual(month);
  });

  it.each(['0', '367', 'abc', '1.5', '-3', ''])(
    'when days is %j, then the history answers 400 naming the field',
    async (days) => {
      const user = await investor(0n);
      const response = await call(`/v1/portfolios/history?days=${days}`, { token: user.token });
      expect(response.statusCode, response.body).toBe(400);
      const error = expectErrorShape(response);
      expect(error.message).toMatch(/days must be a whole number from 1 to 366/);
    },
  );

  it('when an unknown query field is sent, then the history refuses it', async () => {
    const user = await investor(0n);
    const response = await call('/v1/portfolios/history?days=30&user_id=someone', {
      token: user.token,
    });
    expect(response.statusCode).toBe(400);
    expectErrorShape(response);
  });
});
