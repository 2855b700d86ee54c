import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../../src/money/ledger/ledger-check.ts';
import { rows } from '../../src/platform/db.ts';
import { sudoCardIssuer } from '../../src/providers/cards/sudo.ts';
import { viaInject, type Caller } from '../support/calls.ts';
import { expectErrorShape } from '../support/error-shape.ts';
import { startSudoFake, type SudoFake } from '../support/sudo-fake.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { databaseKind } from '../support/test-database.ts';
import { cardCalls, newHolder, type Holder } from './card-helpers.ts';

const webhookToken = 'sudo-webhook-token-0123456789';

describe(`the Sudo card adapter against a local fake (${databaseKind})`, () => {
  let fake: SudoFake;
  let context: TestContext;
  let call: Caller;
  let cards: ReturnType<typeof cardCalls>;
  let holder: Holder;
  let cardId: string;
  let issuerCardId: string;

  beforeAll(async () => {
    fake = await startSudoFake();
    context = await createTestApp({
      seedCatalogue: true,
      cards: sudoCardIssuer({
        apiKey: fake.apiKey,
        baseUrl: fake.baseUrl,
        vaultUrl: 'https://vault.sudo.test',
        debitAccountId: 'acc_settlement',
        fundingSourceId: 'fs_gateway',
        webhookToken,
      }),
    });
    call = viaInject(context.app);
    cards = cardCalls(call);
    await call('/v1/sandbox/exchange-rate', { payload: { buy: '1550.00', sell: '1500.00' } });
    holder = await newHolder(context, call);
    const { card } = await cards.newCard(holder, '50.00');
    cardId = card.id;
    const [stored] = await rows<{ issuer_card_id: string }>(
      context.database.db,
      sql`select issuer_card_id from cards where id = ${cardId}`,
    );
    issuerCardId = stored?.issuer_card_id ?? '';
  });
  afterAll(async () => {
    await context.close();
    await fake.close();
  });

  const webhook = (body: unknown, token = webhookToken) =>
    call('/v1/webhooks/cards/sudo', { headers: { authorization: token }, payload: body });

  // As Sudo sends it: the amount asked for in `pendingRequest`, the top-level amount 0 until
  // the request is answered.
  const authorization = (id: string, amount: number, merchant = 'Amazon') => ({
    type: 'authorization.request',
    data: {
      object: {
        _id: id,
        card: { _id: issuerCardId },
        amount: 0,
        approved: false,
        currency: 'USD',
        merchant: { name: merchant, city: 'Seattle', country: 'US' },
        pendingRequest: { amount, currency: 'USD' },
        status: 'pending',
      },
    },
  });
  const approved = { statusCode: 200, responseCode: '00', data: { responseCode: '00' } };
  const declinedWith = (code: string) => ({
    statusCode: 400,
    responseCode: code,
    data: { responseCode: code },
  });

  it('when a card is created, then Sudo gets a cardholder with the verified BVN and date of birth and a USD virtual card on our gateway funding source, and only the last four digits are kept', async () => {
    const customer = fake.calls.find((c) => c.path === '/customers');
    expect(customer?.body).toMatchObject({
      type: 'individual',
      individual: {
        firstName: 'Chiamaka',
        dob: '1994/06/15',
        identity: { type: 'BVN', number: expect.stringMatching(/^\d{11}$/) as unknown },
      },
    });
    const created = fake.calls.find((c) => c.path === '/cards' && c.method === 'POST');
    expect(created?.body).toMatchObject({
      currency: 'USD',
      type: 'virtual',
      fundingSourceId: 'fs_gateway',
    });
    const card = await cards.cardOf(holder, cardId);
    expect(card).toMatchObject({ expiry_month: '09', expiry_year: '2029' });
    expect(card.last4).toMatch(/^\d{4}$/);
    const transfer = fake.calls.find((c) => c.path === '/accounts/transfer');
    expect(transfer?.body).toMatchObject({ debitAccountId: 'acc_settlement', amount: 50 });
  });

  it('when a webhook carries the wrong token, then 401 and nothing is decided', async () => {
    const response = await webhook(authorization('auth_bad', 1), 'wrong-token-0123456789abc');
    expect(response.statusCode).toBe(401);
    expectErrorShape(response);
    const missing = await call('/v1/webhooks/cards/sudo', {
      payload: authorization('auth_bad', 1),
    });
    expect(missing.statusCode).toBe(401);
    const garbage = await webhook({ nope: true });
    expect(garbage.statusCode).toBe(400);
  });

  it('when Sudo asks to authorise, then we answer "00" and hold; a replay answers the same and holds once; short answers "51"', async () => {
    const first = await webhook(authorization('auth_1', 20));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual(approved);
    const replay = await webhook(authorization('auth_1', 20));
    expect(replay.json()).toEqual(approved);
    expect((await cards.cardOf(holder, cardId)).available_balance).toBe('30.00');
    const short = await webhook(authorization('auth_2', 31));
    expect(short.json()).toEqual(declinedWith('51'));
  });

  it('when Sudo asks for the card’s balance, then the answer is what it can spend, in dollars', async () => {
    const enquiry = (id: string) => ({
      type: 'card.balance',
      data: { object: { _id: id, type: 'virtual', currency: 'USD', status: 'active' } },
    });
    const response = await webhook(enquiry(issuerCardId));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ statusCode: 200, responseCode: '00', data: { balance: 30 } });
    const unknown = await webhook(enquiry('card_not_ours'));
    expect(unknown.json()).toEqual({ statusCode: 200, responseCode: '00', data: { balance: 0 } });
  });

  it('when an authorisation request has no pendingRequest, then it is refused as unreadable and nothing is held', async () => {
    const request = authorization('auth_no_pending', 5);
    const object: Partial<typeof request.data.object> = { ...request.data.object };
    delete object.pendingRequest;
    const response = await webhook({ ...request, data: { object } });
    expect(response.statusCode).toBe(400);
    expectErrorShape(response);
    expect((await cards.cardOf(holder, cardId)).available_balance).toBe('30.00');
  });

  it('when Sudo settles, refunds and replays, then each moves money once', async () => {
    const settled = {
      type: 'transaction.created',
      data: { object: { _id: 'txn_1', authorization: 'auth_1', amount: -18.5, type: 'capture' } },
    };
    expect((await webhook(settled)).statusCode).toBe(200);
    expect((await webhook(settled)).statusCode).toBe(200);
    expect(await cards.cardOf(holder, cardId)).toMatchObject({
      balance: '31.50',
      available_balance: '31.50',
    });
    const refund = {
      type: 'transaction.refund',
      data: { object: { _id: 'txn_2', authorization: 'auth_1', amount: 5, type: 'refund' } },
    };
    expect((await webhook(refund)).statusCode).toBe(200);
    expect((await webhook(refund)).statusCode).toBe(200);
    expect((await cards.cardOf(holder, cardId)).balance).toBe('36.50');
    // Sudo closes an authorisation when its transaction is created: `closed` is a purchase's
    // normal end, not a release; the hold waits for the settlement.
    const closing = await webhook(authorization('auth_5', 4));
    expect(closing.json()).toEqual(approved);
    const closed = {
      type: 'authorization.updated',
      data: { object: { _id: 'auth_5', card: issuerCardId, amount: 4, status: 'closed' } },
    };
    expect((await webhook(closed)).statusCode).toBe(200);
    expect((await cards.cardOf(holder, cardId)).available_balance).toBe('32.50');
    const capture = {
      type: 'transaction.created',
      data: { object: { _id: 'txn_5', authorization: 'auth_5', amount: -4, type: 'capture' } },
    };
    expect((await webhook(capture)).statusCode).toBe(200);
    expect(await cards.cardOf(holder, cardId)).toMatchObject({
      balance: '32.50',
      available_balance: '32.50',
    });
    const reversed = await webhook(authorization('auth_3', 10));
    expect(reversed.json()).toMatchObject({ responseCode: '00' });
    const release = {
      type: 'authorization.updated',
      data: { object: { _id: 'auth_3', card: issuerCardId, amount: 10, status: 'reversed' } },
    };
    expect((await webhook(release)).statusCode).toBe(200);
    expect((await webhook(release)).statusCode).toBe(200);
    expect((await cards.cardOf(holder, cardId)).available_balance).toBe('32.50');
    expect(await checkLedger(context.database.db)).toEqual([]);
  });

  it('when the card is frozen at Sudo, then its status is inactive and authorisations answer "62"', async () => {
    const frozen = await call(`/v1/cards/${cardId}/freeze`, { token: holder.token, payload: {} });
    expect(frozen.statusCode, frozen.body).toBe(200);
    expect(fake.cards.get(issuerCardId)?.status).toBe('inactive');
    const declined = await webhook(authorization('auth_4', 1));
    expect(declined.json()).toEqual(declinedWith('62'));
    fake.failNext(`/cards/${issuerCardId}`, 503);
    const outage = await call(`/v1/cards/${cardId}/unfreeze`, { token: holder.token, payload: {} });
    expect(outage.statusCode).toBe(503);
    expect(expectErrorShape(outage).code).toBe('issuer_unavailable');
    expect((await cards.cardOf(holder, cardId)).status).toBe('frozen');
  });

  it('when the holder reveals the card, then the answer is Sudo’s card token and the vault’s URLs', async () => {
    const response = await call(`/v1/cards/${cardId}/reveal`, {
      token: holder.token,
      payload: { password: 'correct-horse-battery' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ data: unknown }>().data).toMatchObject({
      token: expect.stringMatching(/^tok_/) as unknown,
      number_url: `https://vault.sudo.test/cards/${issuerCardId}/secure-data/number`,
      cvv_url: `https://vault.sudo.test/cards/${issuerCardId}/secure-data/cvv2`,
    });
  });
});
