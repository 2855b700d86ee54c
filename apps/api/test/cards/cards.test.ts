import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CardTerms } from '@ajo/contracts/cards';
import { sql } from 'drizzle-orm';
import { formatMinorAsDecimal } from '@ajo/money/format';
import { parseAmount } from '@ajo/money/parse';
import { rows } from '../../src/platform/db.ts';
import { checkLedger } from '../../src/money/ledger/ledger-check.ts';
import { newKey, viaInject, type Caller } from '../support/calls.ts';
import { expectErrorShape } from '../support/error-shape.ts';
import { wallets } from '../support/money-helpers.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { databaseKind } from '../support/test-database.ts';
import { cardCalls, newHolder } from './card-helpers.ts';

describe(`the virtual dollar card (${databaseKind})`, () => {
  let context: TestContext;
  let call: Caller;
  let cards: ReturnType<typeof cardCalls>;

  beforeAll(async () => {
    context = await createTestApp({ seedCatalogue: true });
    call = viaInject(context.app);
    cards = cardCalls(call);
    const rate = await call('/v1/sandbox/exchange-rate', {
      payload: { buy: '1550.00', sell: '1500.00' },
    });
    expect(rate.statusCode, rate.body).toBe(200);
  });
  afterAll(() => context.close());

  const walletOf = async (token: string, currency: 'NGN' | 'USD') =>
    (await wallets(context.app, token))[currency].amount;

  it('when a tier 2 user creates a card, then the naira pays amount + fee at the buy rate and the card holds the amount', async () => {
    const holder = await newHolder(context, call);
    const terms = await call('/v1/cards/terms', { token: holder.token });
    expect(terms.statusCode, terms.body).toBe(200);
    const data = terms.json<{ data: CardTerms }>().data;
    expect(data).toMatchObject({ can_create: true, creation_fee: '2.00', max_cards: 1 });
    expect(await cards.cards(holder)).toEqual([]);

    const quote = await cards.quoted(holder, { purpose: 'create', amount: '50' });
    expect(quote).toMatchObject({
      amount: '50.00',
      card_fee: '2.00',
      rate: '1550.00',
      naira_amount: '80600.00',
      naira_total: '80600.00',
    });
    const response = await cards.create(holder, { amount: '50', quote_id: quote.id });
    expect(response.statusCode, response.body).toBe(200);
    const { card, transaction } = response.json<{
      data: {
        card: { id: string; balance: string; available_balance: string; last4: string };
        transaction: { amount: string; type: string };
      };
    }>().data;
    expect(card).toMatchObject({ balance: '50.00', available_balance: '50.00' });
    expect(transaction).toMatchObject({ amount: '80600.00', type: 'card' });
    expect(await walletOf(holder.token, 'NGN')).toBe('9919400.00');
    const listed = await cards.cards(holder);
    expect(listed.map((c) => c.id)).toEqual([card.id]);
    const history = await cards.history(holder, card.id);
    expect(history.map((t) => [t.type, t.amount])).toEqual([
      ['creation_fee', '-2.00'],
      ['funding', '52.00'],
    ]);
    expect(await checkLedger(context.database.db)).toEqual([]);
  });

  it('when a merchant charges an active funded card, then it is approved and held; a frozen card declines with words', async () => {
    const holder = await newHolder(context, call);
    const { card } = await cards.newCard(holder, '20.00');
    const approved = await cards.charged(card.id, '12.50');
    expect(approved.approved).toBe(true);
    expect(approved.transaction).toMatchObject({
      type: 'purchase',
      status: 'pending',
      amount: '-12.50',
      merchant_name: 'Netflix',
    });
    expect(await cards.cardOf(holder, card.id)).toMatchObject({
      balance: '20.00',
      available_balance: '7.50',
    });
    const short = await cards.charged(card.id, '8.00');
    expect(short.approved).toBe(false);
    expect(short.transaction.decline_reason).toMatch(/too low/);

    const frozen = await call(`/v1/cards/${card.id}/freeze`, {
      method: 'POST',
      token: holder.token,
      payload: {},
    });
    expect(frozen.statusCode, frozen.body).toBe(200);
    const declined = await cards.charged(card.id, '1.00');
    expect(declined.approved).toBe(false);
    expect(declined.transaction).toMatchObject({
      status: 'declined',
      decline_reason: 'Your card is frozen. Unfreeze it to pay with it.',
    });
    const settled = await cards.settle(approved.transaction.id);
    expect(settled.statusCode, settled.body).toBe(200);
    expect(await cards.cardOf(holder, card.id)).toMatchObject({
      balance: '7.50',
      available_balance: '7.50',
    });
    expect(await checkLedger(context.database.db)).toEqual([]);
  });

  it('when the same Idempotency-Key creates twice, then one card exists', async () => {
    const holder = await newHolder(context, call);
    const quote = await cards.quoted(holder, { purpose: 'create', amount: '10' });
    const key = newKey();
    const first = await cards.create(holder, { amount: '10', quote_id: quote.id }, key);
    const second = await cards.create(holder, { amount: '10', quote_id: quote.id }, key);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.body).toBe(first.body);
    expect(await cards.cards(holder)).toHaveLength(1);
    const again = await cards.create(holder, { amount: '10', quote_id: quote.id });
    expect(again.statusCode).toBe(409);
    expect(expectErrorShape(again).code).toBe('card_limit');
  });

  it('when a tier 1 user asks, then terms say why and quotes and creation are refused', async () => {
    const holder = await newHolder(context, call, { tier: 1 });
    const terms = (await call('/v1/cards/terms', { token: holder.token })).json<{
      data: CardTerms;
    }>().data;
    expect(terms).toMatchObject({ can_create: false });
    expect(terms.cannot_create_reason).toMatch(/tier 2/);
    const quote = await cards.quote(holder, { purpose: 'create', amount: '10' });
    expect(quote.statusCode).toBe(403);
    expect(expectErrorShape(quote).code).toBe('tier_required');
  });

  it('when a second card is asked for, then it is refused until the first is terminated', async () => {
    const holder = await newHolder(context, call);
    const { card } = await cards.newCard(holder, '10.00');
    const second = await cards.quote(holder, { purpose: 'create', amount: '10' });
    expect(second.statusCode).toBe(409);
    expect(expectErrorShape(second).message).toMatch(/already have a dollar card/);
    const ended = await call(`/v1/cards/${card.id}`, { method: 'DELETE', token: holder.token });
    expect(ended.statusCode, ended.body).toBe(200);
    await cards.newCard(holder, '10.00');
  });

  it('when a quote expired, was used, or is for another amount, then nothing moves', async () => {
    const holder = await newHolder(context, call);
    const expired = await cards.quoted(holder, { purpose: 'create', amount: '10' });
    context.clock.advance(61_000);
    const late = await cards.create(holder, { amount: '10', quote_id: expired.id });
    expect(late.statusCode).toBe(409);
    expect(expectErrorShape(late).code).toBe('quote_expired');
    const other = await cards.quoted(holder, { purpose: 'create', amount: '10' });
    const mismatch = await cards.create(holder, { amount: '11', quote_id: other.id });
    expect(expectErrorShape(mismatch).code).toBe('quote_mismatch');
    expect(await walletOf(holder.token, 'NGN')).toBe('10000000.00');
    const { card } = await cards.newCard(holder, '10.00');
    const fund = await cards.quoted(holder, { purpose: 'fund', amount: '5', card_id: card.id });
    const funded = await cards.move(holder, card.id, 'fund', { amount: '5', quote_id: fund.id });
    expect(funded.statusCode, funded.body).toBe(200);
    const reused = await cards.move(holder, card.id, 'fund', { amount: '5', quote_id: fund.id });
    expect(reused.statusCode).toBe(409);
    expect(expectErrorShape(reused).code).toBe('quote_used');
    expect((await cards.cardOf(holder, card.id)).balance).toBe('15.00');
  });

  it('when fund and withdraw repeat with one key, then they move once; withdraw pays at the sell rate', async () => {
    const holder = await newHolder(context, call);
    const { card } = await cards.newCard(holder, '10.00');
    const nairaMinor = parseAmount(await walletOf(holder.token, 'NGN'), { allowZero: true });
    const fund = await cards.quoted(holder, { purpose: 'fund', amount: '20', card_id: card.id });
    const key = newKey();
    const first = await cards.move(
      holder,
      card.id,
      'fund',
      { amount: '20', quote_id: fund.id },
      key,
    );
    const second = await cards.move(
      holder,
      card.id,
      'fund',
      { amount: '20', quote_id: fund.id },
      key,
    );
    expect(first.statusCode, first.body).toBe(200);
    expect(second.body).toBe(first.body);
    expect((await cards.cardOf(holder, card.id)).balance).toBe('30.00');
    expect(await walletOf(holder.token, 'NGN')).toBe(formatMinorAsDecimal(nairaMinor - 31_000_00n));

    const sell = await cards.quoted(holder, {
      purpose: 'withdraw',
      amount: '12.34',
      card_id: card.id,
    });
    expect(sell).toMatchObject({ rate: '1500.00', naira_total: '18510.00' });
    const wkey = newKey();
    const out = await cards.move(
      holder,
      card.id,
      'withdraw',
      { amount: '12.34', quote_id: sell.id },
      wkey,
    );
    const outAgain = await cards.move(
      holder,
      card.id,
      'withdraw',
      { amount: '12.34', quote_id: sell.id },
      wkey,
    );
    expect(out.statusCode, out.body).toBe(200);
    expect(outAgain.body).toBe(out.body);
    expect((await cards.cardOf(holder, card.id)).balance).toBe('17.66');
    expect(await walletOf(holder.token, 'NGN')).toBe(
      formatMinorAsDecimal(nairaMinor - 31_000_00n + 18_510_00n),
    );
    const tooMuch = await cards.quote(holder, {
      purpose: 'withdraw',
      amount: '17.67',
      card_id: card.id,
    });
    expect(tooMuch.statusCode).toBe(422);
    expect(expectErrorShape(tooMuch).message).toMatch(/at most \$17\.66/);
    const overMax = await cards.quote(holder, {
      purpose: 'fund',
      amount: '5000',
      card_id: card.id,
    });
    expect(overMax.statusCode).toBe(422);
    expect(await checkLedger(context.database.db)).toEqual([]);
  });

  it('when the merchant settles less, more, or reverses, then what the issuer settled is posted once', async () => {
    const holder = await newHolder(context, call);
    const { card } = await cards.newCard(holder, '100.00');
    const partial = await cards.charged(card.id, '30.00');
    const over = await cards.charged(card.id, '20.00');
    const cancelled = await cards.charged(card.id, '10.00');
    expect((await cards.cardOf(holder, card.id)).available_balance).toBe('40.00');

    const less = await cards.settle(partial.transaction.id, '25.00');
    expect(
      less.json<{ data: { status: string; amount: string; authorized_amount: string } }>().data,
    ).toMatchObject({ status: 'settled', amount: '-25.00', authorized_amount: '30.00' });
    const lessAgain = await cards.settle(partial.transaction.id, '1.00');
    expect(lessAgain.json<{ data: { amount: string } }>().data.amount).toBe('-25.00');

    const more = await cards.settle(over.transaction.id, '23.00');
    expect(more.statusCode, more.body).toBe(200);
    const reversed = await cards.reverse(cancelled.transaction.id);
    expect(reversed.json<{ data: { status: string } }>().data.status).toBe('reversed');
    const reversedAgain = await cards.reverse(cancelled.transaction.id);
    expect(reversedAgain.statusCode).toBe(200);
    const settleReversed = await cards.settle(cancelled.transaction.id);
    expect(settleReversed.statusCode).toBe(409);
    expect(await cards.cardOf(holder, card.id)).toMatchObject({
      balance: '52.00',
      available_balance: '52.00',
    });
    expect(await checkLedger(context.database.db)).toEqual([]);
  });

  it('when the merchant settles more than the card holds, then the card is emptied and the rest recorded as a shortfall', async () => {
    const holder = await newHolder(context, call);
    const { card } = await cards.newCard(holder, '10.00');
    const charge = await cards.charged(card.id, '9.00');
    const settled = await cards.settle(charge.transaction.id, '12.00');
    expect(settled.json<{ data: { amount: string } }>().data.amount).toBe('-12.00');
    expect((await cards.cardOf(holder, card.id)).balance).toBe('0.00');
    expect(await checkLedger(context.database.db)).toEqual([]);
  });

  it('when an authorisation is neither settled nor reversed for 7 days, then the expiry job releases it', async () => {
    const holder = await newHolder(context, call);
    const { card } = await cards.newCard(holder, '10.00');
    const charge = await cards.charged(card.id, '4.00');
    context.clock.advance(8 * 24 * 60 * 60_000);
    await context.app.jobs.enqueue('card-authorizations-expiry', 'a-week-later');
    await context.app.jobs.runDue('card-authorizations-expiry');
    // The session lapsed with the week: read the outcome from the database.
    const [found] = await rows<{ status: string; held_minor: string }>(
      context.database.db,
      sql`select t.status, a.held_minor::text from card_transactions t
          join cards c on c.id = t.card_id join ledger_accounts a on a.id = c.ledger_account_id
          where t.id = ${charge.transaction.id}`,
    );
    expect(found).toEqual({ status: 'reversed', held_minor: '0' });
    expect(holder.userId).toBeTruthy();
  });

  it('when a card is terminated, then its balance goes to the USD wallet; pending purchases hold it back', async () => {
    const holder = await newHolder(context, call);
    const { card } = await cards.newCard(holder, '40.00');
    const charge = await cards.charged(card.id, '15.00');
    const early = await call(`/v1/cards/${card.id}`, { method: 'DELETE', token: holder.token });
    expect(early.statusCode).toBe(409);
    expect(expectErrorShape(early).code).toBe('card_has_pending');
    await cards.settle(charge.transaction.id);
    const ended = await call(`/v1/cards/${card.id}`, { method: 'DELETE', token: holder.token });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(
      ended.json<{
        data: {
          card: { status: string; balance: string };
          transaction: { amount: string; currency: string };
        };
      }>().data,
    ).toMatchObject({
      card: { status: 'terminated', balance: '0.00' },
      transaction: { amount: '25.00', currency: 'USD' },
    });
    expect(await walletOf(holder.token, 'USD')).toBe('25.00');
    const declined = await cards.charged(card.id, '1.00');
    expect(declined.transaction.decline_reason).toBe('This card has been terminated.');
    const again = await call(`/v1/cards/${card.id}`, { method: 'DELETE', token: holder.token });
    expect(again.statusCode).toBe(409);
    expect(await checkLedger(context.database.db)).toEqual([]);
  });

  it('when the holder reveals the card, then the right password gives a vault token and the API never answers the number', async () => {
    const holder = await newHolder(context, call);
    const { card } = await cards.newCard(holder, '10.00');
    const wrong = await call(`/v1/cards/${card.id}/reveal`, {
      token: holder.token,
      payload: { password: 'not-my-password' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(expectErrorShape(wrong).code).toBe('wrong_password');
    const right = await call(`/v1/cards/${card.id}/reveal`, {
      token: holder.token,
      payload: { password: 'correct-horse-battery' },
    });
    expect(right.statusCode, right.body).toBe(200);
    const reveal = right.json<{ data: { token: string; number_url: string; cvv_url: string } }>()
      .data;
    const number = await call(reveal.number_url, {
      headers: { authorization: `Bearer ${reveal.token}` },
    });
    expect(number.statusCode, number.body).toBe(200);
    const pan = number.json<{ data: { number: string } }>().data.number;
    expect(pan).toMatch(/^4\d{15}$/);
    expect(pan.slice(-4)).toBe(card.last4);
    for (const body of [right.body, (await call('/v1/cards', { token: holder.token })).body]) {
      expect(body).not.toContain(pan);
    }
    const cvv = await call(reveal.cvv_url, {
      headers: { authorization: `Bearer ${reveal.token}` },
    });
    expect(cvv.json<{ data: { cvv2: string } }>().data.cvv2).toMatch(/^\d{3}$/);
    const noToken = await call(reveal.number_url);
    expect(noToken.statusCode).toBe(401);
    context.clock.advance(61_000);
    const lapsed = await call(reveal.number_url, {
      headers: { authorization: `Bearer ${reveal.token}` },
    });
    expect(lapsed.statusCode).toBe(401);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await call(`/v1/cards/${card.id}/reveal`, {
        token: holder.token,
        payload: { password: 'x' },
      });
    }
    const limited = await call(`/v1/cards/${card.id}/reveal`, {
      token: holder.token,
      payload: { password: 'correct-horse-battery' },
    });
    expect(limited.statusCode).toBe(429);
  });

  it('when reveal attempts arrive all at once, then only five are checked and the rest are refused', async () => {
    const holder = await newHolder(context, call);
    const { card } = await cards.newCard(holder, '10.00');
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        call(`/v1/cards/${card.id}/reveal`, {
          token: holder.token,
          payload: { password: 'a-guess-at-it' },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([...Array<number>(5).fill(422), ...Array<number>(7).fill(429)]);
  });

  it('when another user names my card, then it does not exist for them', async () => {
    const holder = await newHolder(context, call);
    const stranger = await newHolder(context, call);
    const { card } = await cards.newCard(holder, '10.00');
    for (const [path, payload] of [
      [`/v1/cards/${card.id}/freeze`, {}],
      [`/v1/cards/${card.id}/reveal`, { password: 'correct-horse-battery' }],
    ] as const) {
      const response = await call(path, { token: stranger.token, payload });
      expect(response.statusCode).toBe(404);
    }
    const history = await call(`/v1/cards/${card.id}/transactions`, { token: stranger.token });
    expect(history.statusCode).toBe(404);
  });
});
