import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CardQuote } from '@ajo/contracts/cards';
import { checkLedger } from '../../src/money/ledger/ledger-check.ts';
import {
  newKey,
  pinHeader,
  toReply,
  viaInject,
  type Caller,
  type Reply,
} from '../support/calls.ts';
import { expectErrorShape } from '../support/error-shape.ts';
import { amountLike, mutated, tally } from '../support/fuzz.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { databaseKind } from '../support/test-database.ts';
import { cardCalls, newHolder, type Holder } from './card-helpers.ts';

const amount = amountLike([
  '5',
  '10.00',
  '25.50',
  '0.01',
  '4.99',
  '5000',
  '5000.01',
  '1e3',
  ' 7 ',
  '-5',
]);

/** `{ message, code, errors }` on every refusal, and never a 5xx. */
function expectCleanAnswer(response: Reply) {
  expect(response.statusCode, response.body).toBeLessThan(500);
  if (response.statusCode >= 400) expectErrorShape(response);
}

describe(`fuzzing the card operations (${databaseKind})`, () => {
  let context: TestContext;
  let call: Caller;
  let holder: Holder;
  let cardId: string;
  let quoteIds: string[];

  beforeAll(async () => {
    context = await createTestApp({ seedCatalogue: true });
    call = viaInject(context.app);
    await call('/v1/sandbox/exchange-rate', { payload: { buy: '1550.00', sell: '1500.00' } });
    const cards = cardCalls(call);
    holder = await newHolder(context, call);
    cardId = (await cards.newCard(holder, '100.00')).card.id;
    const quotes: CardQuote[] = [
      await cards.quoted(holder, { purpose: 'fund', amount: '10', card_id: cardId }),
      await cards.quoted(holder, { purpose: 'withdraw', amount: '10', card_id: cardId }),
    ];
    quoteIds = quotes.map((quote) => quote.id);
  });
  afterAll(() => context.close());

  const send = async (url: string, payload: unknown, key = true) => {
    const response = await context.app.inject({
      method: 'POST',
      url,
      headers: {
        authorization: `Bearer ${holder.token}`,
        'content-type': 'application/json',
        ...pinHeader(),
        ...(key ? { 'idempotency-key': newKey() } : {}),
      },
      payload: payload === undefined ? 'null' : JSON.stringify(payload),
    });
    await context.app.background.idle();
    return toReply(response.statusCode, response.body);
  };

  const quoteId = () =>
    fc.oneof(fc.constantFrom(...quoteIds), fc.uuid(), fc.string({ maxLength: 40 }));
  const someCard = () => fc.oneof(fc.constant(cardId), fc.uuid(), fc.string({ maxLength: 40 }));

  it('when the card POSTs get mutated bodies, then no 5xx and errors in the error shape', async () => {
    const statuses = new Map<number, number>();
    const operations: [string, fc.Arbitrary<unknown>][] = [
      [
        '/v1/cards/quotes',
        mutated({
          purpose: fc.constantFrom('create', 'fund', 'withdraw', 'x'),
          amount,
          card_id: someCard(),
        }),
      ],
      ['/v1/cards', mutated({ amount, quote_id: quoteId() })],
      [`/v1/cards/${cardId}/fund`, mutated({ amount, quote_id: quoteId() })],
      [`/v1/cards/${cardId}/withdraw`, mutated({ amount, quote_id: quoteId() })],
      [`/v1/cards/${cardId}/reveal`, mutated({ password: fc.string({ maxLength: 80 }) })],
      [
        `/v1/sandbox/cards/${cardId}/authorizations`,
        mutated({
          amount,
          currency: fc.constantFrom('USD', 'NGN', 'usd'),
          merchant: fc.string({ maxLength: 100 }),
        }),
      ],
      [`/v1/sandbox/cards/authorizations/${cardId}/settle`, mutated({ amount })],
    ];
    for (const [url, body] of operations) {
      await fc.assert(
        fc.asyncProperty(body, async (payload) => {
          const response = await send(url, payload, !url.includes('reveal'));
          tally(statuses, response.statusCode);
          expectCleanAnswer(response);
        }),
        { numRuns: url.includes('reveal') ? 10 : 60 },
      );
    }
    expect([...statuses.keys()].some((status) => status >= 400)).toBe(true);
    expect(await checkLedger(context.database.db)).toEqual([]);
  });

  it('when a path names no card, then 4xx in the error shape', async () => {
    for (const url of ['/v1/cards/not-a-uuid/fund', '/v1/sandbox/cards/xyz/authorizations']) {
      const response = await send(url, { amount: '5', quote_id: quoteIds[0], merchant: 'A' });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expectCleanAnswer(response);
    }
  });
});
