import { randomBytes } from 'node:crypto';
import autocannon, { type Client, type RequestOptions } from 'autocannon';
import { sql } from 'drizzle-orm';
import { checkLedger } from '../src/money/ledger/ledger-check.ts';
import { rows, type Database } from '../src/platform/db.ts';
import { TRANSACTION_PIN_HEADER } from '@ajo/contracts/pin';
import type { BenchUser } from './bench-users.ts';
import type { LoadResult } from './load.ts';
import { summarize } from './stats.ts';

/**
 * Row g: `POST /v1/commodities/buy` through the whole stack. Each connection is one bench user
 * buying ₦2,000 of maize with a fresh `Idempotency-Key` each time, in one of two ways:
 * - with `stock` (g1, g2): each buy spends the next of the quotes the user was given before the
 *   window (`stockQuotes`), so the window holds the money-moving POST alone;
 * - without it (g4, and the warm-up): as a client does, `POST /v1/commodities/quotes`, then the
 *   buy with that quote's id, and again; the throughput is of whole quote-and-buy pairs.
 * A buy counts once its 200 is back; the latencies are the buy's alone.
 */
export interface CommodityBuyLoad {
  buys: LoadResult;
  quoteFailures: number;
}

export async function runCommodityBuys(options: {
  baseUrl: string;
  users: readonly BenchUser[];
  connections: number;
  seconds: number;
  commodityId: string;
  /** Quote ids per user id, spent in order: buys only (see `stockQuotes`). */
  stock?: ReadonlyMap<string, readonly string[]>;
}): Promise<CommodityBuyLoad> {
  let nextConnection = 0;
  const buyLatencies: number[] = [];
  let buyFailures = 0;
  let quoteFailures = 0;
  const statusCodes: Record<string, number> = {};
  /** Per connection: is the answer in flight a quote's (true) or a buy's (false)? */
  const awaitingQuote = new WeakMap<Client, boolean>();
  const order = { commodity_id: options.commodityId, amount: '2000.00' };

  const setupClient = (client: Client) => {
    const user = options.users[nextConnection % options.users.length];
    nextConnection += 1;
    if (!user) throw new Error('no bench user for a connection');
    const headers = {
      authorization: `Bearer ${user.token}`,
      'content-type': 'application/json',
      [TRANSACTION_PIN_HEADER]: user.pin,
    };
    const keyPrefix = `bench-buy-${randomBytes(6).toString('hex')}`;
    let serial = 0;
    let quoteId = '';
    const buy = {
      method: 'POST',
      path: '/v1/commodities/buy',
      headers,
      setupRequest: (request: RequestOptions): RequestOptions => {
        serial += 1;
        // A stocked connection spends its quotes in order; past the last, the buy is refused.
        if (stocked) quoteId = stocked[serial - 1] ?? stocked.at(-1) ?? '';
        return {
          ...request,
          headers: { ...headers, 'idempotency-key': `${keyPrefix}-${String(serial)}` },
          body: JSON.stringify({ ...order, payment_method: 'wallet', quote_id: quoteId }),
        };
      },
    };
    const stocked = options.stock?.get(user.userId);
    if (options.stock) {
      if (!stocked) throw new Error('row g: a bench user has no quotes');
      awaitingQuote.set(client, false);
      client.setRequests([buy]);
      return;
    }
    awaitingQuote.set(client, true);
    client.setRequests([
      {
        method: 'POST',
        path: '/v1/commodities/quotes',
        headers,
        body: JSON.stringify({ ...order, side: 'buy' }),
        onResponse: (status: number, body: string) => {
          quoteId = status === 200 ? (JSON.parse(body) as { data: { id: string } }).data.id : '';
        },
      },
      buy,
    ]);
  };

  const instance = autocannon({
    url: options.baseUrl,
    connections: options.connections,
    duration: options.seconds,
    timeout: 10,
    setupClient,
  });
  instance.on('response', (client: Client, statusCode: number, _bytes: number, time: number) => {
    const wasQuote = awaitingQuote.get(client) ?? true;
    if (!options.stock) awaitingQuote.set(client, !wasQuote);
    const ok = statusCode >= 200 && statusCode < 300;
    if (wasQuote) {
      if (!ok) quoteFailures += 1;
      return;
    }
    statusCodes[String(statusCode)] = (statusCodes[String(statusCode)] ?? 0) + 1;
    if (ok) buyLatencies.push(time);
    else buyFailures += 1;
  });
  const result = await instance;
  return {
    buys: {
      ...summarize(buyLatencies, buyFailures + result.errors, result.duration),
      statusCodes,
      errors: result.errors,
      timeouts: result.timeouts,
    },
    quoteFailures,
  };
}

/**
 * Quotes for the buys of rows g1 and g2, made just before their window: each user asks the API
 * for one quote of the order (the price, amount, fee and expiry the API gives), and that quote is
 * copied in SQL `perUser` times under new ids, every other column the same, so every copy is
 * spent once and expires when the API's quote does (a minute after it was made; the window is
 * shorter). QUALITY.md's budget is for money-moving POSTs, and a quote moves no money: this keeps
 * the quote out of the measured window, and row g4 still measures quote-and-buy pairs.
 */
export async function stockQuotes(
  database: Database,
  options: { baseUrl: string; users: readonly BenchUser[]; commodityId: string; perUser: number },
): Promise<Map<string, string[]>> {
  const originals = await Promise.all(
    options.users.map(async (user) => {
      const response = await fetch(`${options.baseUrl}/v1/commodities/quotes`, {
        method: 'POST',
        headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ commodity_id: options.commodityId, amount: '2000.00', side: 'buy' }),
      });
      if (!response.ok) throw new Error(`row g: a quote was refused (${String(response.status)})`);
      return ((await response.json()) as { data: { id: string } }).data.id;
    }),
  );
  const copies = await rows<{ id: string; user_id: string }>(
    database.db,
    sql`insert into commodity_quotes (user_id, commodity_id, side, requested_amount_minor,
          units_scaled, price_minor, amount_minor, fee_minor, expires_at, created_at)
        select q.user_id, q.commodity_id, q.side, q.requested_amount_minor, q.units_scaled,
               q.price_minor, q.amount_minor, q.fee_minor, q.expires_at, q.created_at
          from commodity_quotes q cross join generate_series(1, ${options.perUser}) copy
         where q.id in (${sql.join(
           originals.map((id) => sql`${id}::uuid`),
           sql`, `,
         )})
         order by q.user_id, copy
        returning id, user_id`,
  );
  const stock = new Map<string, string[]>();
  for (const copy of copies) {
    const ids = stock.get(copy.user_id) ?? [];
    ids.push(copy.id);
    stock.set(copy.user_id, ids);
  }
  return stock;
}

export interface CommodityBuyIntegrity {
  completedRecords: number;
  abandonedRecords: number;
  trades: number;
  tradeActivities: number;
  /** Units held = units bought, per holding, for every bench buyer. */
  holdingsMatchTrades: boolean;
  ledgerProblems: number;
  ok: boolean;
}

/**
 * After row g: each stored 200 answer is one trade (and a request cut off at the window's end at
 * most one), with one activity row and its units; ledger clean.
 */
export async function checkCommodityBuyIntegrity(
  database: Database,
): Promise<CommodityBuyIntegrity> {
  const count = async (query: ReturnType<typeof sql>) =>
    (await rows<{ count: number }>(database.db, query))[0]?.count ?? 0;
  // Buys cut off when the window closed still finish on the server: wait until no new trade
  // appears for half a second (at most 10 s), so every count below is of the same moment.
  let settled = -1;
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const now = await count(sql`select count(*)::int as count from commodity_trades`);
    if (now === settled) break;
    settled = now;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const completedRecords = await count(
    sql`select count(*)::int as count from idempotency_records
         where status = 'completed' and response_status = 200
           and scope like '% POST /v1/commodities/buy'`,
  );
  // Buys whose connection the load generator closed when the window ended: the trade is made
  // but no answer was sent, so the key stays in flight (a retry with it replays the trade, as
  // its reference comes from the key).
  const abandonedRecords = await count(
    sql`select count(*)::int as count from idempotency_records
         where status = 'in_flight' and scope like '% POST /v1/commodities/buy'`,
  );
  const trades = await count(
    sql`select count(*)::int as count from commodity_trades where side = 'buy'`,
  );
  const tradeActivities = await count(
    sql`select count(*)::int as count from transactions where type = 'trade'`,
  );
  const mismatched = await count(
    sql`select count(*)::int as count
          from commodity_holdings h
          left join (select user_id, commodity_id, sum(units_scaled) as units
                       from commodity_trades where side = 'buy'
                      group by user_id, commodity_id) t using (user_id, commodity_id)
         where h.units_scaled <> coalesce(t.units, 0)`,
  );
  const ledgerProblems = (await checkLedger(database.db)).length;
  return {
    completedRecords,
    abandonedRecords,
    trades,
    tradeActivities,
    holdingsMatchTrades: mismatched === 0,
    ledgerProblems,
    ok:
      ledgerProblems === 0 &&
      mismatched === 0 &&
      trades <= completedRecords + abandonedRecords &&
      trades >= completedRecords &&
      tradeActivities === trades,
  };
}
