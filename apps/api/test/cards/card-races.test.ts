import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMinorAsDecimal } from '@ajo/money/format';
import { checkLedger } from '../../src/money/ledger/ledger-check.ts';
import { viaInject, type Caller } from '../support/calls.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { databaseKind } from '../support/test-database.ts';
import { cardCalls, newHolder } from './card-helpers.ts';

describe(`card authorisation races (${databaseKind})`, () => {
  let context: TestContext;
  let call: Caller;
  let cards: ReturnType<typeof cardCalls>;

  beforeAll(async () => {
    context = await createTestApp({ seedCatalogue: true });
    call = viaInject(context.app);
    cards = cardCalls(call);
    await call('/v1/sandbox/exchange-rate', { payload: { buy: '1550.00', sell: '1500.00' } });
  });
  afterAll(() => context.close());

  it('when 24 merchants charge $10 at once on a $50 card, then exactly 5 are approved and nothing is overspent', async () => {
    const holder = await newHolder(context, call);
    const { card } = await cards.newCard(holder, '50.00');
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, index) =>
        cards.charged(card.id, '10.00', `Shop ${String(index)}`),
      ),
    );
    expect(answers.filter((answer) => answer.approved)).toHaveLength(5);
    expect(answers.filter((answer) => !answer.approved)).toHaveLength(19);
    expect(await cards.cardOf(holder, card.id)).toMatchObject({
      balance: '50.00',
      available_balance: '0.00',
    });
    // Settling and reversing the approved ones at once, each twice, moves each once.
    const approved = answers.filter((answer) => answer.approved).map((a) => a.transaction.id);
    const [first, second, ...rest] = approved;
    await Promise.all([
      ...rest.flatMap((id) => [cards.settle(id), cards.settle(id)]),
      ...[first, second].flatMap((id) => [cards.reverse(id ?? ''), cards.reverse(id ?? '')]),
    ]);
    expect(await cards.cardOf(holder, card.id)).toMatchObject({
      balance: '20.00',
      available_balance: '20.00',
    });
    expect(await checkLedger(context.database.db)).toEqual([]);
  });

  it('when a freeze and charges race, then every charge after the freeze is declined and none overspends', async () => {
    const holder = await newHolder(context, call);
    const { card } = await cards.newCard(holder, '30.00');
    const [, ...answers] = await Promise.all([
      call(`/v1/cards/${card.id}/freeze`, { method: 'POST', token: holder.token, payload: {} }),
      ...Array.from({ length: 8 }, () => cards.charged(card.id, '5.00')),
    ]);
    const heldMinor = BigInt(answers.filter((answer) => answer.approved).length) * 5_00n;
    const after = await cards.cardOf(holder, card.id);
    expect(after.status).toBe('frozen');
    expect(after.available_balance).toBe(formatMinorAsDecimal(30_00n - heldMinor));
    const late = await cards.charged(card.id, '1.00');
    expect(late.approved).toBe(false);
    expect(await checkLedger(context.database.db)).toEqual([]);
  });
});
