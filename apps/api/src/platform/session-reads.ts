import type { SQL } from 'drizzle-orm';
import { batcher, succeeded } from './batcher.ts';
import { liveSessionsSql, sessionOf, type SessionCheck, type SessionColumns } from './sessions.ts';

/**
 * A row of a batched read: which request it answers (`ord`, the owner's place in the batch) and
 * that request's live session. The read must answer at least one row for every owner it is given
 * (a left join from the owners), so a request without a row has no live session.
 */
export interface OwnedRow extends SessionColumns {
  ord: number;
}

/** One request's rows of a batched read, and what the whole batch shares (a rate it used). */
export interface OwnedRows<Row extends OwnedRow, Shared> {
  found: Row[];
  shared: Shared;
}

/**
 * The signed-in user's own read, for many requests at once: the requests that arrive while one
 * batch runs go together into the next, and one statement checks every request's session and
 * reads every owner's rows (group commit for a read, decision 0013). Under load that is one round
 * trip and one statement built per batch instead of per request; a lone request is a batch of
 * one. `read` is given the owners as SQL answering `(ord, id, user_id, last_seen_at)` (one row
 * per live session, `liveSessionsSql`) and returns rows that carry each owner's `ord` and session
 * columns. Each request then admits its own session (401 without one) before it sees its rows,
 * and never sees another owner's.
 *
 * For the hot reads that take nothing from the request but its session (GET /wallets, the
 * portfolio total). One batch at a time (the batcher's default) measured best on the portfolio
 * total; two or four at once gave a worse p99. The transactions page, which takes a page, a size,
 * a sort and filters, was tried this way and measured no faster (docs/bench.md, fifteenth round):
 * its cost is the rows it answers, not the statement.
 */
export function sessionReads<Row extends OwnedRow, Shared>(
  read: (owners: SQL) => Promise<OwnedRows<Row, Shared>>,
): (check: SessionCheck) => Promise<OwnedRows<Row, Shared>> {
  const batched = batcher<SessionCheck, OwnedRows<Row, Shared>>({
    maxBatch: 64,
    run: async (checks) => {
      const { found, shared } = await read(liveSessionsSql(checks.map((check) => check.lookup)));
      const byOwner = checks.map((): Row[] => []);
      for (const row of found) byOwner[row.ord]?.push(row);
      return byOwner.map((rows) => succeeded({ found: rows, shared }));
    },
  });
  return async (check) => {
    const answer = await batched(check);
    await check.admit(sessionOf(answer.found[0]));
    return answer;
  };
}
