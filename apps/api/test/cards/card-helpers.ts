import { expect } from 'vitest';
import type { Card, CardQuote, CardTransaction } from '@ajo/contracts/cards';
import type { Transaction } from '@ajo/contracts/wallet';
import { newBillPayer, type BillPayer } from '../support/bill-helpers.ts';
import { newKey, type Caller } from '../support/calls.ts';
import type { TestContext } from '../support/test-app.ts';

export type Holder = BillPayer;

/** A tier-2 holder with ₦10,000,000 in the naira wallet (or `tier`, `fundMinor`). */
export const newHolder = (
  context: TestContext,
  call: Caller,
  options: { tier?: number; fundMinor?: bigint } = {},
) =>
  newBillPayer(call, context.database, {
    label: 'card',
    fundMinor: options.fundMinor ?? 10_000_000_00n,
    tier: options.tier ?? 2,
    at: context.clock.now(),
  });

export interface CardMovement {
  card: Card;
  transaction: Transaction;
}

export function cardCalls(call: Caller) {
  const quote = (holder: Holder, body: Record<string, unknown>) =>
    call('/v1/cards/quotes', { token: holder.token, payload: body });

  const quoted = async (holder: Holder, body: Record<string, unknown>) => {
    const response = await quote(holder, body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: CardQuote }>().data;
  };

  const create = (holder: Holder, body: unknown, key = newKey()) =>
    call('/v1/cards', {
      token: holder.token,
      headers: { 'idempotency-key': key },
      payload: body,
    });

  /** A card made at a fresh quote for `amount` dollars. */
  const newCard = async (holder: Holder, amount = '50.00') => {
    const fresh = await quoted(holder, { purpose: 'create', amount });
    const response = await create(holder, { amount, quote_id: fresh.id });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: CardMovement }>().data;
  };

  const move = (
    holder: Holder,
    cardId: string,
    way: 'fund' | 'withdraw',
    body: unknown,
    key = newKey(),
  ) =>
    call(`/v1/cards/${cardId}/${way}`, {
      token: holder.token,
      headers: { 'idempotency-key': key },
      payload: body,
    });

  const moved = async (
    holder: Holder,
    cardId: string,
    way: 'fund' | 'withdraw',
    amount: string,
  ) => {
    const fresh = await quoted(holder, { purpose: way, amount, card_id: cardId });
    const response = await move(holder, cardId, way, { amount, quote_id: fresh.id });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: CardMovement }>().data;
  };

  const cards = async (holder: Holder) => {
    const response = await call('/v1/cards', { token: holder.token });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: { items: Card[] } }>().data.items;
  };

  const cardOf = async (holder: Holder, cardId: string) => {
    const found = (await cards(holder)).find((card) => card.id === cardId);
    if (!found) throw new Error(`card ${cardId} not listed`);
    return found;
  };

  const charge = (cardId: string, amount: unknown, merchant = 'Netflix') =>
    call(`/v1/sandbox/cards/${cardId}/authorizations`, {
      payload: { amount, currency: 'USD', merchant },
    });

  const charged = async (cardId: string, amount: unknown, merchant = 'Netflix') => {
    const response = await charge(cardId, amount, merchant);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: { approved: boolean; transaction: CardTransaction } }>().data;
  };

  const settle = (transactionId: string, amount?: string) =>
    call(`/v1/sandbox/cards/authorizations/${transactionId}/settle`, {
      payload: amount === undefined ? {} : { amount },
    });

  const reverse = (transactionId: string) =>
    call(`/v1/sandbox/cards/authorizations/${transactionId}/reverse`, { method: 'POST' });

  const history = async (holder: Holder, cardId: string) => {
    const response = await call(`/v1/cards/${cardId}/transactions?size=50`, {
      token: holder.token,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: { items: CardTransaction[]; total: number } }>().data.items;
  };

  return {
    quote,
    quoted,
    create,
    newCard,
    move,
    moved,
    cards,
    cardOf,
    charge,
    charged,
    settle,
    reverse,
    history,
  };
}
