import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newBillPayer } from '../support/bill-helpers.ts';
import { viaInject, type Caller } from '../support/calls.ts';
import { expectErrorShape } from '../support/error-shape.ts';
import { amountLike, mutated, tally } from '../support/fuzz.ts';
import { countRows } from '../support/money-helpers.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { databaseKind } from '../support/test-database.ts';
import { ledgerFingerprint } from '../support/withdrawal-helpers.ts';
import {
  commodityByCode,
  heldUnitsScaled,
  quoted,
  requestQuote,
  trade,
  traded,
  type Trader,
} from './commodity-helpers.ts';

describe(`commodity requests fuzzed from their contracts (${databaseKind})`, () => {
  let context: TestContext;
  let call: Caller;
  let user: Trader;
  let commodityId: string;

  beforeAll(async () => {
    context = await createTestApp({ seedCatalogue: true });
    call = viaInject(context.app);
    user = await newBillPayer(call, context.database, {
      label: 'fuzz',
      tier: 2,
      fundMinor: 50_000_000_00n,
      at: context.clock.now(),
    });
    commodityId = (await commodityByCode(call, user.token, 'gold')).id;
    const offer = await quoted(call, user, {
      commodity_id: commodityId,
      side: 'buy',
      units: '0.2',
    });
    traded(
      await trade(call, user, 'buy', {
        commodity_id: commodityId,
        units: '0.2',
        quote_id: offer.id,
      }),
    );
  });
  afterAll(() => context.close());

  const units = fc.oneof(
    fc.constantFrom('0.1', '0.0001', '0.00001', '1e-1', ' 0.1 ', '-0.1', '0', '1000000000000'),
    fc.stringMatching(/^\d{1,3}(\.\d{1,5})?$/),
    fc.double({ noNaN: false }),
  );
  const amount = amountLike(['5000', '999.99', '1e4', ' 5000 ', '-5000', '100000.01']);
  const commodity = () => fc.constantFrom(commodityId, randomUUID(), 'gold', '');

  it('when POST /v1/commodities/quotes gets 300 mutated bodies, then no 5xx and every error is in the error shape', async () => {
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(
        mutated({
          commodity_id: commodity(),
          side: fc.constantFrom('buy', 'sell', 'hold'),
          units,
          amount,
        }),
        async (payload) => {
          const response = await requestQuote(call, user, payload as Record<string, unknown>);
          tally(statuses, response.statusCode);
          expect(response.statusCode, response.body).toBeLessThan(500);
          if (response.statusCode >= 400) expectErrorShape(response);
        },
      ),
      { numRuns: 300 },
    );
    // Refused: 400 (shape), 415 (not JSON at all), 404/422 (what only the service knows).
    const seen = [...statuses.keys()];
    expect(
      seen.every((status) => [200, 400, 404, 415, 422].includes(status)),
      String(seen),
    ).toBe(true);
  });

  it('when POST /v1/commodities/buy and /sell get 300 mutated bodies, then no 5xx, errors in the error shape, and no ledger or holding change on a 4xx', async () => {
    const statuses = new Map<number, number>();
    let last = await ledgerFingerprint(context.database);
    let lastUnits = await heldUnitsScaled(context.database, user.userId, commodityId);
    const live = await quoted(call, user, {
      commodity_id: commodityId,
      side: 'sell',
      units: '0.1',
    });
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<'buy' | 'sell'>('buy', 'sell'),
        mutated({
          commodity_id: commodity(),
          units,
          amount,
          payment_method: fc.constantFrom('wallet', 'card', ''),
          quote_id: fc.constantFrom(live.id, randomUUID(), 'x'),
        }),
        async (side, payload) => {
          const response = await call(`/v1/commodities/${side}`, {
            method: 'POST',
            token: user.token,
            headers: { 'idempotency-key': `fuzz-${randomUUID()}` },
            payload,
          });
          tally(statuses, response.statusCode);
          expect(response.statusCode, response.body).toBeLessThan(500);
          const now = await ledgerFingerprint(context.database);
          const nowUnits = await heldUnitsScaled(context.database, user.userId, commodityId);
          if (response.statusCode >= 400) {
            expectErrorShape(response);
            expect(now).toEqual(last);
            expect(nowUnits).toBe(lastUnits);
          }
          last = now;
          lastUnits = nowUnits;
        },
      ),
      { numRuns: 300 },
    );
    expect(await countRows(context.database, 'commodity_holdings', 'units_scaled < 0')).toBe(0);
  });
});
