import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FxQuote } from '@ajo/contracts/dollar';
import type { SavingRecord } from '@ajo/contracts/savings';
import type { Transaction } from '@ajo/contracts/wallet';
import { checkLedger } from '../../src/money/ledger/ledger-check.ts';
import { closedFormInterestMinor } from '../../src/money/ledger/interest.ts';
import { openWallet, systemAccount, transfer } from '../../src/money/ledger/ledger.service.ts';
import {
  nairaCostMinor,
  nairaProceedsMinor,
  normalizeRate,
  parseRate,
} from '../../src/modules/savings/dollar-conversion.ts';
import { unspentQuotesCleanupJob } from '../../src/modules/savings/dollar-quotes.ts';
import { withholdingTaxMinor } from '../../src/modules/savings/maturity.ts';
import { rows } from '../../src/platform/db.ts';
import { newBillPayer, type BillPayer } from '../support/bill-helpers.ts';
import { newKey, viaInject, type Caller } from '../support/calls.ts';
import { expectErrorShape } from '../support/error-shape.ts';
import { amountLike, mutated, tally } from '../support/fuzz.ts';
import { countRows, listTransactions, notificationsOf, wallets } from '../support/money-helpers.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { databaseKind } from '../support/test-database.ts';
import { ledgerFingerprint, walletState } from '../support/withdrawal-helpers.ts';

describe(`dollar investment and the USD wallet (${databaseKind})`, () => {
  let context: TestContext;
  let call: Caller;

  beforeAll(async () => {
    context = await createTestApp({ seedCatalogue: true });
    call = viaInject(context.app);
  });
  afterAll(() => context.close());

  const investor = (fundMinor = 1_000_000_00n) =>
    newBillPayer(call, context.database, {
      label: 'dollar',
      fundMinor,
      at: context.clock.now(),
    });

  const setRate = async (buy: unknown, sell: unknown) =>
    call('/v1/sandbox/exchange-rate', { method: 'POST', payload: { buy, sell } });

  const seededRate = async () => {
    const response = await setRate('1550.00', '1500.00');
    expect(response.statusCode, response.body).toBe(200);
  };

  const quote = async (user: BillPayer, amount: string, side: 'buy' | 'sell' = 'buy') => {
    const path = side === 'buy' ? '/v1/savings/dollar/quote' : '/v1/wallets/usd/withdraw/quote';
    return call(`${path}?amount=${encodeURIComponent(amount)}`, { token: user.token });
  };

  const quoted = async (user: BillPayer, amount: string, side: 'buy' | 'sell' = 'buy') => {
    const response = await quote(user, amount, side);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: FxQuote }>().data;
  };

  const invest = (user: BillPayer, body: unknown, key = newKey()) =>
    call('/v1/savings/dollar', {
      method: 'POST',
      token: user.token,
      headers: { 'idempotency-key': key },
      payload: body,
    });

  const withdraw = (user: BillPayer, body: unknown, key = newKey()) =>
    call('/v1/wallets/usd/withdraw', {
      method: 'POST',
      token: user.token,
      headers: { 'idempotency-key': key },
      payload: body,
    });

  const balanceOf = async (code: string) => {
    const [found] = await rows<{ stored: string; posted: string }>(
      context.database.db,
      sql`select coalesce((select balance_minor from ledger_accounts where code = ${code}), 0)::text
                   as stored,
                 coalesce((select sum(p.amount_minor) from postings p
                             join ledger_accounts a on a.id = p.account_id
                            where a.code = ${code}), 0)::text as posted`,
    );
    return { stored: BigInt(found?.stored ?? '0'), posted: BigInt(found?.posted ?? '0') };
  };
  const usdWallet = async (userId: string) => (await balanceOf(`user:${userId}:wallet:USD`)).stored;
  const fxAccounts = async () => ({
    NGN: (await balanceOf('system:fx:NGN')).posted,
    USD: (await balanceOf('system:fx:USD')).posted,
  });

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

  const plansOf = (userId: string) =>
    countRows(context.database, 'savings_plans', `user_id = '${userId}'`);

  it('when $100 is quoted and bought for 180 days, then the NGN wallet pays exactly the quote, the plan holds $100 and each currency balances through its fx account', async () => {
    await seededRate();
    const user = await investor();
    const offer = await quoted(user, '100');
    expect(offer).toMatchObject({
      side: 'buy',
      amount: '100.00',
      currency: 'USD',
      rate: '1550.00',
      naira_amount: '155000.00',
      fee: '0.00',
      total: '155000.00',
      expires_at: new Date(context.clock.now().getTime() + 60_000).toISOString(),
    });
    const fxBefore = await fxAccounts();
    const response = await invest(user, { amount: 100, duration: '180d', quote_id: offer.id });
    expect(response.statusCode, response.body).toBe(200);
    const created = response.json<{ message: string; data: SavingRecord }>();
    expect(created.message).toBe('operation was successful');
    expect(created.data.amount).toBe('100.00');
    expect(created.data.saving_order).toMatchObject({
      amount: '100.00',
      currency: 'USD',
      status: 'active',
      meta: { duration_id: '180d', duration_days: 180, percentage_yield: 4 },
      saving: { slug: 'dollar', name: 'Dollar Investment', active: true, rate: 4 },
    });

    expect(await walletState(context.database, user.userId)).toMatchObject({
      balanceMinor: 1_000_000_00n - 155_000_00n,
    });
    const order = created.data.saving_order;
    const plan = await balanceOf(`user:${user.userId}:saving:${order.id}:USD`);
    expect(plan).toEqual({ stored: 100_00n, posted: 100_00n });
    const fxAfter = await fxAccounts();
    expect(fxAfter.NGN - fxBefore.NGN).toBe(155_000_00n);
    expect(fxAfter.USD - fxBefore.USD).toBe(-100_00n);
    // One entry per currency, each balanced in its own currency, both from this one request.
    const legs = await rows<{ currency: string; total: string; postings: number }>(
      context.database.db,
      sql`select p.currency, sum(p.amount_minor)::text as total, count(*)::int as postings
            from postings p join journal_entries j on j.id = p.entry_id
           where j.metadata->>'quote_id' = ${offer.id}
           group by j.id, p.currency order by p.currency`,
    );
    expect(legs).toEqual([
      { currency: 'NGN', total: '0', postings: 2 },
      { currency: 'USD', total: '0', postings: 2 },
    ]);
    const [stored] = await rows<{ used: boolean; funding: string | null }>(
      context.database.db,
      sql`select q.used_at is not null as used, p.funding_quote_id::text as funding
            from fx_quotes q join savings_plans p on p.id = ${order.id} where q.id = ${offer.id}`,
    );
    expect(stored).toEqual({ used: true, funding: offer.id });

    const listed = await call('/v1/savings?slug=dollar', { token: user.token });
    expect(listed.json<{ data: { items: SavingRecord[] } }>().data.items).toEqual([created.data]);
    const fixedOnly = await call('/v1/savings?slug=fixed', { token: user.token });
    expect(fixedOnly.json<{ data: { items: SavingRecord[] } }>().data.items).toEqual([]);
    const [saving] = await listTransactions(context.app, user.token, '?type=saving');
    expect(saving).toMatchObject({
      type: 'saving',
      direction: 'debit',
      currency: 'NGN',
      amount: '155000.00',
      status: 'successful',
    });
    const receipt = await call(`/v1/transactions/${saving?.id ?? ''}`, { token: user.token });
    expect(receipt.json<{ data: { saving: unknown } }>().data.saving).toMatchObject({
      saving_id: created.data.id,
      order_id: order.id,
      product: 'dollar',
      event: 'created',
    });
    const [activity] = await rows<{ metadata: { dollar_investment: unknown } }>(
      context.database.db,
      sql`select metadata from transactions where id = ${saving?.id ?? ''}`,
    );
    expect(activity?.metadata.dollar_investment).toMatchObject({
      amount: '100.00',
      rate: '1550.00',
      quote_id: offer.id,
      saving_id: created.data.id,
      order_id: order.id,
    });
    const notices = await notificationsOf(context.app, user.token);
    expect(notices.map((notice) => notice.title)).toContain('Dollar investment started');
    expect((await wallets(context.app, user.token)).USD.amount).toBe('0.00');
    expect(await checkLedger(context.database.db)).toEqual([]);
  });

  it('when the same Idempotency-Key comes again, then the same plan answers and the naira leaves once', async () => {
    await seededRate();
    const user = await investor(200_000_00n);
    const offer = await quoted(user, '50');
    const key = newKey();
    const body = { amount: '50.00', duration: '365d', quote_id: offer.id };
    const first = await invest(user, body, key);
    expect(first.statusCode, first.body).toBe(200);
    const again = await invest(user, body, key);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<{ data: SavingRecord }>().data.id).toBe(
      first.json<{ data: SavingRecord }>().data.id,
    );
    expect(await plansOf(user.userId)).toBe(1);
    expect(await walletState(context.database, user.userId)).toMatchObject({
      balanceMinor: 200_000_00n - 77_500_00n,
    });
  });

  it('when the sandbox clock moves two minutes, then a quote made before has run out and the user is still signed in', async () => {
    await seededRate();
    const user = await investor();
    const offer = await quoted(user, '50');
    const moved = await call('/v1/sandbox/clock', {
      method: 'POST',
      payload: { advance_minutes: 2 },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const refused = await invest(user, { amount: 50, duration: '180d', quote_id: offer.id });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(expectErrorShape(refused).code).toBe('quote_expired');
    expect(await plansOf(user.userId)).toBe(0);
  });

  it('when the quote has expired, then the investment is refused with a new quote to confirm and nothing is written', async () => {
    await seededRate();
    const user = await investor();
    const offer = await quoted(user, '120.50');
    context.clock.advance(61_000);
    const before = await ledgerFingerprint(context.database);
    const refused = await invest(user, { amount: 120.5, duration: '180d', quote_id: offer.id });
    expect(refused.statusCode, refused.body).toBe(409);
    const error = expectErrorShape(refused);
    expect(error.code).toBe('quote_expired');
    expect(error.message).toBe(
      'The rate you confirmed has expired. Confirm the new rate to continue: $120.50 costs ₦186,775.00 at ₦1,550.00 per $1.',
    );
    const fresh = Object.fromEntries(
      error.errors
        .filter((item) => item.path.startsWith('quote.'))
        .map((item) => [item.path, item.message]),
    );
    expect(fresh).toMatchObject({
      'quote.side': 'buy',
      'quote.amount': '120.50',
      'quote.rate': '1550.00',
      'quote.total': '186775.00',
    });
    expect(fresh['quote.id']).not.toBe(offer.id);
    expect(await ledgerFingerprint(context.database)).toEqual(before);
    expect(await plansOf(user.userId)).toBe(0);

    // Confirmed, the new quote buys it.
    const bought = await invest(user, {
      amount: 120.5,
      duration: '180d',
      quote_id: fresh['quote.id'],
    });
    expect(bought.statusCode, bought.body).toBe(200);
    expect(await walletState(context.database, user.userId)).toMatchObject({
      balanceMinor: 1_000_000_00n - 186_775_00n,
    });
  });

  it('when a quote is used twice, missing, for another amount or another user’s, then it is refused with 409 and nothing moves', async () => {
    await seededRate();
    const user = await investor();
    const offer = await quoted(user, '75');
    const first = await invest(user, { amount: 75, duration: '180d', quote_id: offer.id });
    expect(first.statusCode, first.body).toBe(200);
    const stranger = await investor();
    const before = await ledgerFingerprint(context.database);
    const refusedWith = async (body: Record<string, unknown>, code: string, who = user) => {
      const response = await invest(who, body);
      expect(response.statusCode, response.body).toBe(409);
      expect(expectErrorShape(response).code).toBe(code);
      expect(await ledgerFingerprint(context.database)).toEqual(before);
    };
    await refusedWith({ amount: 75, duration: '180d', quote_id: offer.id }, 'quote_used');
    const other = await quoted(user, '80');
    await refusedWith({ amount: 90, duration: '180d', quote_id: other.id }, 'quote_mismatch');
    await refusedWith(
      { amount: 80, duration: '180d', quote_id: other.id },
      'quote_required',
      stranger,
    );
    await refusedWith({ amount: 60, duration: '180d' }, 'quote_required', stranger);
    expect(await plansOf(user.userId)).toBe(1);
    // Two requests racing for one quote: the quote is locked, so one buys and the other is told.
    const contested = await quoted(user, '55');
    const raced = await Promise.all(
      [newKey(), newKey()].map((key) =>
        invest(user, { amount: 55, duration: '365d', quote_id: contested.id }, key),
      ),
    );
    expect(raced.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expect(await plansOf(user.userId)).toBe(2);
    // Without an id, the user's newest live quote for that amount is the one confirmed.
    const implicit = await invest(user, { amount: 80, duration: '180d' });
    expect(implicit.statusCode, implicit.body).toBe(200);
    expect(await plansOf(user.userId)).toBe(3);
  });

  it('when the amount, duration or quote id is wrong or the naira is short, then the one error shape says what to change', async () => {
    await seededRate();
    const user = await investor(10_000_00n);
    const refused = async (body: unknown, status: number, message: string) => {
      const response = await invest(user, body);
      expect(response.statusCode, response.body).toBe(status);
      expect(expectErrorShape(response).message).toBe(message);
    };
    await refused({ amount: 49.99, duration: '180d' }, 422, 'Amount must be at least $50');
    await refused({ amount: 'abc', duration: '180d' }, 422, 'Please enter a valid number');
    await refused({ amount: -60, duration: '180d' }, 422, 'Please enter a valid number');
    await refused({ amount: '60.001', duration: '180d' }, 422, 'Please enter a valid number');
    await refused(
      { amount: '10000000.01', duration: '180d' },
      422,
      'Amount must not be more than $10,000,000',
    );
    await refused({ amount: 60, duration: '30d' }, 422, 'Select a valid duration');
    await refused({ amount: 60, duration: '' }, 400, 'Select a valid duration');
    await refused(
      { amount: 60, duration: '180d', quote_id: 'not-a-quote' },
      400,
      'That quote does not exist; ask for a new quote',
    );
    const offer = await quoted(user, '60');
    await refused(
      { amount: 60, duration: '180d', quote_id: offer.id },
      422,
      'Your available balance is too low for this amount',
    );
    const [unused] = await rows<{ used: boolean }>(
      context.database.db,
      sql`select used_at is not null as used from fx_quotes where id = ${offer.id}`,
    );
    expect(unused?.used).toBe(false);
    for (const [amount, status, message] of [
      ['10', 422, 'Amount must be at least $50'],
      ['abc', 422, 'Please enter a valid number'],
      ['', 400, 'Enter the amount in dollars'],
    ] as const) {
      const response = await quote(user, amount);
      expect(response.statusCode, response.body).toBe(status);
      expect(expectErrorShape(response).message).toBe(message);
    }
    const noAmount = await call('/v1/savings/dollar/quote', { token: user.token });
    expect(noAmount.statusCode).toBe(400);
    expect(expectErrorShape(noAmount).message).toBe('Enter the amount in dollars');
    const signedOut = await call('/v1/savings/dollar/quote?amount=100');
    expect(signedOut.statusCode).toBe(401);
    expect(await plansOf(user.userId)).toBe(0);
    expect(await walletState(context.database, user.userId)).toMatchObject({
      balanceMinor: 10_000_00n,
    });
  });

  it('when POST /v1/savings/dollar gets 200 mutated bodies and 100 well-formed ones, then no 5xx, errors in the error shape and no ledger change on a 4xx', async () => {
    await seededRate();
    const user = await investor(50_000_000_00n);
    const live = await quoted(user, '100');
    const statuses = new Map<number, number>();
    let last = await ledgerFingerprint(context.database);
    const answers = async (payload: unknown) => {
      const response = await invest(user, payload);
      tally(statuses, response.statusCode);
      expect(response.statusCode, response.body).toBeLessThan(500);
      if (response.statusCode >= 400) expectErrorShape(response);
      const now = await ledgerFingerprint(context.database);
      if (response.statusCode >= 400) expect(now).toEqual(last);
      last = now;
    };
    const amount = amountLike(['50', '100', '49.99', '100.00', '1e2', ' 60 ', '-50']);
    const duration = fc.constantFrom('180d', '365d', '30d', '');
    await fc.assert(
      fc.asyncProperty(
        mutated({ amount, duration, quote_id: fc.constantFrom(live.id, randomUUID(), 'x') }),
        answers,
      ),
      { numRuns: 200 },
    );
    // Well-formed bodies reach the quote: a refusal's new quote is then the newest live one for
    // its amount, so the same amount without an id buys.
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          {
            amount: fc.oneof(amount, fc.constantFrom(50, 100, '75.25')),
            duration: fc.constantFrom('180d', '365d', '30d'),
            quote_id: fc.constantFrom(live.id, randomUUID()),
          },
          { requiredKeys: ['amount', 'duration'] },
        ),
        answers,
      ),
      { numRuns: 100 },
    );
    const seen = JSON.stringify([...statuses]);
    expect(statuses.get(200) ?? 0, seen).toBeGreaterThan(0);
    expect(statuses.get(409) ?? 0, seen).toBeGreaterThan(0);
    expect(await checkLedger(context.database.db)).toEqual([]);
  }, 120_000);

  it('when any amount is converted at any rate, then a buy rounds up and a sell rounds down to the kobo, exactly', () => {
    const rateArbitrary = fc
      .tuple(fc.integer({ min: 1, max: 9_999_999 }), fc.integer({ min: 0, max: 9_999 }))
      .chain(([whole, fraction]) =>
        fc
          .integer({ min: 0, max: 4 })
          .map((decimals) =>
            decimals === 0
              ? String(whole)
              : `${String(whole)}.${String(fraction).padStart(4, '0').slice(0, decimals)}`,
          ),
      );
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 12n }), rateArbitrary, (usdMinor, text) => {
        const rate = parseRate(text);
        const exactTimesScale = usdMinor * rate.units; // kobo × scale, exactly
        const cost = nairaCostMinor(usdMinor, rate);
        const proceeds = nairaProceedsMinor(usdMinor, rate);
        // Up: never less than the rate says, and less than one kobo more.
        expect(cost * rate.scale >= exactTimesScale).toBe(true);
        expect((cost - 1n) * rate.scale < exactTimesScale).toBe(true);
        // Down: never more than the rate says, and less than one kobo less.
        expect(proceeds * rate.scale <= exactTimesScale).toBe(true);
        expect((proceeds + 1n) * rate.scale > exactTimesScale).toBe(true);
        expect(cost - proceeds).toBe(exactTimesScale % rate.scale === 0n ? 0n : 1n);
        // Normalizing keeps the value and shows at least two decimals.
        const shown = parseRate(normalizeRate(text));
        expect(shown.units * rate.scale).toBe(rate.units * shown.scale);
      }),
      { numRuns: 2_000 },
    );
    // ₦1,550.37 per $1: $0.01 is ₦15.5037, i.e. 1,550.37 kobo: a buy pays 1,551, a sell gets 1,550.
    expect(nairaCostMinor(1n, parseRate('1550.37'))).toBe(1_551n);
    expect(nairaProceedsMinor(1n, parseRate('1550.37'))).toBe(1_550n);
    expect(normalizeRate('1550')).toBe('1550.00');
    expect(normalizeRate('1550.5')).toBe('1550.50');
    expect(normalizeRate('1550.3725')).toBe('1550.3725');
  });

  it('when the sandbox rate has decimals, then the API’s quotes follow the rounding rule on both sides', async () => {
    const user = await investor(0n);
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 5_000, max: 10_000_000 }),
        fc.integer({ min: 100_0000, max: 2_000_0000 }),
        fc.integer({ min: 1, max: 500_0000 }),
        async (cents, buyUnits, spread) => {
          const four = (units: number) =>
            `${String(Math.trunc(units / 10_000))}.${String(units % 10_000).padStart(4, '0')}`;
          const buy = four(buyUnits);
          const sell = four(Math.max(1_0000, buyUnits - spread));
          if (buy === sell) return;
          expect((await setRate(buy, sell)).statusCode).toBe(200);
          const amount = `${String(Math.trunc(cents / 100))}.${String(cents % 100).padStart(2, '0')}`;
          const bought = await quoted(user, amount);
          const sold = await quoted(user, amount, 'sell');
          const minor = (text: string) => BigInt(text.replace('.', ''));
          expect(minor(bought.naira_amount)).toBe(nairaCostMinor(BigInt(cents), parseRate(buy)));
          expect(minor(sold.naira_amount)).toBe(nairaProceedsMinor(BigInt(cents), parseRate(sell)));
          expect(bought.rate).toBe(buy);
          expect(sold.rate).toBe(sell);
        },
      ),
      { numRuns: 25 },
    );
    await seededRate();
  }, 60_000);

  it('when the sandbox rate is changed, then quotes use it and a sell rate not below the buy rate is refused', async () => {
    const user = await investor(0n);
    const changed = await setRate(1600, '1550.5');
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<{ data: unknown }>().data).toMatchObject({
      buy: '1600.00',
      sell: '1550.50',
    });
    const configured = await call('/v1/configurations?name=exchange_rate', { token: user.token });
    expect(configured.body).toContain('"buy":"1600.00"');
    expect(configured.body).toContain('"sell":"1550.50"');
    expect(await quoted(user, '50')).toMatchObject({ rate: '1600.00', total: '80000.00' });
    expect(await quoted(user, '50', 'sell')).toMatchObject({
      rate: '1550.50',
      total: '77525.00',
    });
    for (const [buy, sell] of [
      ['1500', '1500.00'],
      ['1500', '1600'],
    ]) {
      const response = await setRate(buy, sell);
      expect(response.statusCode, response.body).toBe(422);
      expect(expectErrorShape(response).message).toBe('The sell rate must be below the buy rate');
    }
    for (const [buy, sell] of [
      ['abc', '1500'],
      [0, '1500'],
      ['1550.123456', '1500'],
      [1550, -1],
    ] as const) {
      const response = await setRate(buy, sell);
      expect(response.statusCode, response.body).toBe(400);
      expect(expectErrorShape(response).message).toMatch(/is the naira price of \$1/);
    }
    expect(await quoted(user, '50')).toMatchObject({ rate: '1600.00' });
    await seededRate();
  });

  it('when dollars are withdrawn to naira at a sell quote, then the USD wallet pays the dollars, the NGN wallet gets the quote rounded down, and a replay moves nothing', async () => {
    const changed = await setRate('1550.00', '1499.99');
    expect(changed.statusCode, changed.body).toBe(200);
    const user = await investor(0n);
    await fundDollars(user.userId, 100_00n);
    const offer = await quoted(user, '40.01', 'sell');
    // 4,001 cents × ₦1,499.99 = 6,001,459.99 kobo → 6,001,459 kobo.
    expect(offer).toMatchObject({
      side: 'sell',
      amount: '40.01',
      rate: '1499.99',
      naira_amount: '60014.59',
      fee: '0.00',
      total: '60014.59',
    });
    const fxBefore = await fxAccounts();
    const key = newKey();
    const response = await withdraw(user, { amount: '40.01', quote_id: offer.id }, key);
    expect(response.statusCode, response.body).toBe(200);
    const done = response.json<{
      message: string;
      data: { quote: FxQuote; debit: Transaction; credit: Transaction };
    }>();
    expect(done.message).toBe('operation was successful');
    expect(done.data.debit).toMatchObject({
      type: 'fx',
      direction: 'debit',
      currency: 'USD',
      amount: '40.01',
    });
    expect(done.data.credit).toMatchObject({
      type: 'fx',
      direction: 'credit',
      currency: 'NGN',
      amount: '60014.59',
    });
    expect(await usdWallet(user.userId)).toBe(59_99n);
    expect(await walletState(context.database, user.userId)).toMatchObject({
      balanceMinor: 60_014_59n,
    });
    const fxAfter = await fxAccounts();
    expect(fxAfter.USD - fxBefore.USD).toBe(40_01n);
    expect(fxAfter.NGN - fxBefore.NGN).toBe(-60_014_59n);
    const shown = await wallets(context.app, user.token);
    expect([shown.USD.amount, shown.NGN.amount]).toEqual(['59.99', '60014.59']);

    const again = await withdraw(user, { amount: '40.01', quote_id: offer.id }, key);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<{ data: { credit: Transaction } }>().data.credit.id).toBe(
      done.data.credit.id,
    );
    expect(await usdWallet(user.userId)).toBe(59_99n);
    const reused = await withdraw(user, { amount: '40.01', quote_id: offer.id });
    expect(reused.statusCode, reused.body).toBe(409);
    expect(expectErrorShape(reused).code).toBe('quote_used');

    const before = await ledgerFingerprint(context.database);
    const tooMuch = await quoted(user, '60', 'sell');
    const short = await withdraw(user, { amount: 60, quote_id: tooMuch.id });
    expect(short.statusCode, short.body).toBe(422);
    expect(expectErrorShape(short).message).toBe(
      'Your available balance is too low for this amount',
    );
    const late = await quoted(user, '10', 'sell');
    context.clock.advance(60_000);
    const expired = await withdraw(user, { amount: 10, quote_id: late.id });
    expect(expired.statusCode, expired.body).toBe(409);
    expect(expectErrorShape(expired).code).toBe('quote_expired');
    for (const body of [{ amount: 0 }, { amount: 'ten' }, { amount: '1.001' }]) {
      const bad = await withdraw(user, body);
      expect(bad.statusCode, bad.body).toBe(422);
      expect(expectErrorShape(bad).message).toBe('Please enter a valid number');
    }
    expect(await ledgerFingerprint(context.database)).toEqual(before);
    const history = await listTransactions(context.app, user.token, '?type=fx');
    expect(history.map((item) => `${item.direction} ${item.currency} ${item.amount}`)).toEqual(
      expect.arrayContaining(['debit USD 40.01', 'credit NGN 60014.59']),
    );
    expect(history).toHaveLength(2);
    await seededRate();
    expect(await checkLedger(context.database.db)).toEqual([]);
  });

  it('when the sandbox clock moves 180 days, then the dollar plan matures into the USD wallet with principal plus interest less 10% tax, in cents', async () => {
    await seededRate();
    const user = await investor();
    const offer = await quoted(user, '100');
    const response = await invest(user, { amount: 100, duration: '180d', quote_id: offer.id });
    expect(response.statusCode, response.body).toBe(200);
    const created = response.json<{ data: SavingRecord }>().data;
    // $100 × 4% × 180 / 365 = $1.97; tax $0.20 (half up); net $1.77.
    const grossMinor = closedFormInterestMinor(100_00n, 400n, 180n);
    const taxMinor = withholdingTaxMinor(grossMinor);
    expect([grossMinor, taxMinor]).toEqual([1_97n, 20n]);
    expect(created.saving_order.projected).toEqual({
      gross_interest: '1.97',
      withholding_tax: '0.20',
      net_interest: '1.77',
      payout: '101.77',
    });

    const moved = await call('/v1/sandbox/clock', {
      method: 'POST',
      payload: { advance_days: 180 },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<{ data: { matured_plans: number } }>().data.matured_plans).toBeGreaterThan(0);
    expect(await usdWallet(user.userId)).toBe(100_00n + grossMinor - taxMinor);
    expect((await wallets(context.app, user.token)).USD.amount).toBe('101.77');
    const listed = await call('/v1/savings?slug=dollar&status=matured', { token: user.token });
    const [matured] = listed.json<{ data: { items: SavingRecord[] } }>().data.items;
    expect(matured?.saving_order).toMatchObject({
      status: 'matured',
      currency: 'USD',
      paid: {
        gross_interest: '1.97',
        withholding_tax: '0.20',
        net_interest: '1.77',
        payout: '101.77',
      },
    });
    const [payout] = await listTransactions(context.app, user.token, '?type=saving');
    expect(payout).toMatchObject({ direction: 'credit', currency: 'USD', amount: '101.77' });
    const notice = (await notificationsOf(context.app, user.token)).find((item) =>
      item.title.endsWith('plan matured'),
    );
    expect(notice?.body).toMatch(/^\$101\.77 is in your dollar wallet: your \$100\.00 back/);
    expect((await balanceOf('system:withholding_tax_payable:USD')).posted).toBeGreaterThanOrEqual(
      taxMinor,
    );
    expect(await checkLedger(context.database.db)).toEqual([]);
  });

  it('when the cleanup runs, then unspent quotes expired over a day ago go and spent or recent ones stay', async () => {
    await seededRate();
    const user = await investor();
    const spent = await quoted(user, '50');
    const invested = await invest(user, { amount: 50, duration: '180d', quote_id: spent.id });
    expect(invested.statusCode, invested.body).toBe(200);
    const stale = await quoted(user, '51');
    context.clock.advance(2_000);
    const recent = await quoted(user, '52');
    await unspentQuotesCleanupJob(context.database).run({
      id: 'test',
      name: 'fx-quotes-cleanup',
      key: 'test',
      payload: {},
      attempt: 1,
      // A day and a second after the stale quote expired; the recent one expired 2 s later.
      now: new Date(new Date(stale.expires_at).getTime() + 24 * 60 * 60_000 + 1_000),
    });
    const kept = await rows<{ id: string }>(
      context.database.db,
      sql`select id from fx_quotes where user_id = ${user.userId}`,
    );
    expect(kept.map((quote) => quote.id).sort()).toEqual([spent.id, recent.id].sort());
    expect(kept.map((quote) => quote.id)).not.toContain(stale.id);
  });
});
