import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMinorAsDecimal } from '@ajo/money/format';
import { cardFundingService } from '../../src/modules/cards/card-funding.ts';
import { checkLedger } from '../../src/money/ledger/ledger-check.ts';
import { BackgroundWork } from '../../src/platform/background.ts';
import { fieldCrypto } from '../../src/platform/field-crypto.ts';
import { sandboxBillingAddress } from '../../src/providers/cards/sandbox.ts';
import type { CardIssuer } from '../../src/providers/cards/cards.port.ts';
import type { ExchangeRateProvider } from '../../src/providers/rates/rates.port.ts';
import { newKey, viaInject, type Caller } from '../support/calls.ts';
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

  /**
   * Two requests of one key that both passed the claim (the first's claim lapsed while its
   * issuer hung): the issuer makes a card for each, the ledger keeps one.
   */
  let races = 0;
  function racingIssuer() {
    races += 1;
    const prefix = `race_${String(races)}_card_`;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let arrived: () => void = () => undefined;
    /** Settles once the first request is held at the issuer. */
    const firstArrived = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    const made: string[] = [];
    const funded: string[] = [];
    const terminated: string[] = [];
    const issuer = {
      slug: 'sandbox',
      createCard: async ({ cardholder }) => {
        const issuerCardId = `${prefix}${String(made.length)}`;
        const first = made.length === 0;
        made.push(issuerCardId);
        if (first) {
          arrived();
          await gate;
        }
        return {
          issuerCardId,
          issuerCardholderId: `race_cus_${cardholder.userId}`,
          brand: 'Visa',
          last4: '4242',
          expiryMonth: '12',
          expiryYear: '2030',
          nameOnCard: 'RACE HOLDER',
          billingAddress: sandboxBillingAddress,
        };
      },
      fund: ({ issuerCardId }) => {
        funded.push(issuerCardId);
        return Promise.resolve();
      },
      withdraw: () => Promise.resolve(),
      setStatus: (issuerCardId, status) => {
        if (status === 'terminated') terminated.push(issuerCardId);
        return Promise.resolve();
      },
    } as Partial<CardIssuer> as CardIssuer;
    const background = new BackgroundWork(context.app.log);
    const service = cardFundingService({
      database: context.database,
      clock: context.clock,
      rates: {} as ExchangeRateProvider,
      issuer,
      crypto: fieldCrypto(context.config.appSecret),
      background,
      maxCardsPerUser: 3,
    });
    return { service, release, firstArrived, prefix, made, funded, terminated, background };
  }

  it('when a card request and its retry both reach the issuer, then one card is kept, funded once, and the other is terminated', async () => {
    const holder = await newHolder(context, call);
    const quote = await cards.quoted(holder, { purpose: 'create', amount: '20.00' });
    const race = racingIssuer();
    const key = newKey();
    const body = { amount: '20.00', quote_id: quote.id };
    const slow = race.service.create(holder.userId, body, key);
    await race.firstArrived;
    const retry = await race.service.create(holder.userId, body, key);
    race.release();
    const late = await slow;
    await race.background.idle();
    expect(late.card.id).toBe(retry.card.id);
    expect(late.transaction.id).toBe(retry.transaction.id);
    expect(race.made).toEqual([`${race.prefix}0`, `${race.prefix}1`]);
    expect(race.funded).toEqual([`${race.prefix}1`]);
    expect(race.terminated).toEqual([`${race.prefix}0`]);
    expect((await cards.cards(holder)).map((card) => card.id)).toEqual([retry.card.id]);
    expect(await checkLedger(context.database.db)).toEqual([]);
  });

  it('when the lapsed request of a key carried another quote, then it is refused as a reused key and its issuer card terminated', async () => {
    const holder = await newHolder(context, call);
    const first = await cards.quoted(holder, { purpose: 'create', amount: '20.00' });
    const second = await cards.quoted(holder, { purpose: 'create', amount: '20.00' });
    const race = racingIssuer();
    const key = newKey();
    const slow = race.service.create(holder.userId, { amount: '20.00', quote_id: first.id }, key);
    await race.firstArrived;
    await race.service.create(holder.userId, { amount: '20.00', quote_id: second.id }, key);
    race.release();
    await expect(slow).rejects.toMatchObject({ code: 'idempotency_key_reused' });
    await race.background.idle();
    expect(race.terminated).toEqual([`${race.prefix}0`]);
    expect(await cards.cards(holder)).toHaveLength(1);
  });
});
