import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Commodity, CommodityQuote, CommodityTrade } from '@ajo/contracts/commodities';
import { rows, type Database } from '../../src/platform/db.ts';
import { newKey, type Caller, type Reply } from '../support/calls.ts';

export interface Trader {
  token: string;
  userId: string;
}

export async function commodityByCode(call: Caller, token: string, code: string) {
  const response = await call(`/v1/commodities?size=50`, { token });
  expect(response.statusCode, response.body).toBe(200);
  const found = response
    .json<{ data: { items: Commodity[] } }>()
    .data.items.find((item) => item.code === code);
  if (!found) throw new Error(`no commodity ${code}`);
  return found;
}

export function requestQuote(call: Caller, trader: Trader, body: Record<string, unknown>) {
  return call('/v1/commodities/quotes', { method: 'POST', token: trader.token, payload: body });
}

export async function quoted(call: Caller, trader: Trader, body: Record<string, unknown>) {
  const response = await requestQuote(call, trader, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: CommodityQuote }>().data;
}

export function trade(
  call: Caller,
  trader: Trader,
  side: 'buy' | 'sell',
  body: Record<string, unknown>,
  key = newKey(),
): Promise<Reply> {
  return call(`/v1/commodities/${side}`, {
    method: 'POST',
    token: trader.token,
    headers: { 'idempotency-key': key },
    payload: { payment_method: 'wallet', ...body },
  });
}

export const traded = (response: Reply) => {
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: CommodityTrade }>().data;
};

/** A naira decimal string ("48720.00") in kobo. */
export const kobo = (text: string) => BigInt(text.replace('.', ''));

/** A posted balance by account code (system accounts store none). */
export async function postedBalance(database: Database, code: string) {
  const [found] = await rows<{ posted: string }>(
    database.db,
    sql`select coalesce(sum(p.amount_minor), 0)::text as posted from postings p
          join ledger_accounts a on a.id = p.account_id where a.code = ${code}`,
  );
  return BigInt(found?.posted ?? '0');
}

export async function walletMinor(database: Database, userId: string) {
  return postedBalance(database, `user:${userId}:wallet:NGN`);
}

export async function heldUnitsScaled(database: Database, userId: string, commodityId: string) {
  const [found] = await rows<{ units: string }>(
    database.db,
    sql`select coalesce((select units_scaled from commodity_holdings
          where user_id = ${userId} and commodity_id = ${commodityId}), 0)::text as units`,
  );
  return BigInt(found?.units ?? '0');
}
