import type postgres from 'postgres';
import { isDatabaseUnreachable } from './database-errors.ts';

/**
 * A statement (or a transaction's `begin`) that has waited this long for a connection, while the
 * last word from the server was a lost or refused connection, is stuck rather than slow.
 */
const stuckWaitMs = 2_000;
const sweepIntervalMs = 250;

/** What postgres.js's `Query` exposes that we use (it is a Promise with these fields). */
interface PendingQuery {
  /** Set once the statement is on a connection. */
  state: unknown;
  executed: boolean;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

export interface RecoveringClient {
  /** Stands for the current postgres.js client; give this to drizzle. */
  client: postgres.Sql;
  end(): Promise<void>;
}

/**
 * postgres.js, replaced by a fresh client when it is wedged. Why: in postgres.js 3.4.9 a
 * connection that loses the server in the middle of a statement keeps that statement as its
 * current one, and when the server then refuses it at start-up (57P03 starting up, 53300 too many
 * connections, a database closed to connections) the refusal is taken as that old statement's
 * and the connection reconnects forever with the next statement parked on it: that request, and
 * every one queued behind it, waits until the server is back (porsager/postgres#1193, unfixed in
 * a release). Ending the client rejects everything parked on it (answered 503 like any lost
 * connection); the new client's connections have no old statement, so while the server still
 * refuses, each request is refused at once, and once it is back they connect normally.
 */
export function recoveringPostgres(create: () => postgres.Sql): RecoveringClient {
  let current = create();
  const ending = new Set<Promise<void>>();
  /** Statements and `begin`s not yet on a connection, with when they started waiting. */
  const waiting = new Map<object, number>();
  let lastFailureAt = 0;
  let lastSuccessAt = 0;

  const settled = (token: object, error?: unknown) => {
    waiting.delete(token);
    if (error === undefined) lastSuccessAt = performance.now();
    else if (isDatabaseUnreachable(error)) lastFailureAt = performance.now();
  };

  const replace = () => {
    const wedged = current;
    const fresh = create();
    // drizzle set its own type parsers on the first client's options when it was built.
    Object.assign(fresh.options.parsers, wedged.options.parsers);
    Object.assign(fresh.options.serializers, wedged.options.serializers);
    current = fresh;
    waiting.clear();
    lastFailureAt = 0;
    const ended = wedged.end({ timeout: 0 }).finally(() => ending.delete(ended));
    ending.add(ended);
  };

  /** Forgets what reached a connection; replaces the client if something is stuck. */
  const sweep = () => {
    const outage = lastFailureAt > lastSuccessAt;
    const now = performance.now();
    let stuck = false;
    for (const [token, startedAt] of waiting) {
      const query = token as Partial<PendingQuery>;
      if (query.state || query.executed === false) waiting.delete(token);
      else if (outage && now - startedAt > stuckWaitMs) stuck = true;
    }
    if (stuck) replace();
  };
  const sweeper = setInterval(sweep, sweepIntervalMs);
  sweeper.unref();

  /** Notes when a statement settles, without starting it (postgres.js starts it on `then`). */
  const watchQuery = (query: PendingQuery) => {
    waiting.set(query, performance.now());
    const { resolve, reject } = query;
    query.resolve = (value) => {
      settled(query);
      resolve(value);
    };
    query.reject = (error) => {
      settled(query, error);
      reject(error);
    };
    return query;
  };

  /** A transaction stops waiting when postgres.js hands its callback a connection. */
  const watchBegin = (begin: (...args: unknown[]) => Promise<unknown>, args: unknown[]) => {
    const token = {};
    waiting.set(token, performance.now());
    const watchedArgs = args.map((argument) =>
      typeof argument === 'function'
        ? (...inner: unknown[]) => {
            settled(token);
            return (argument as (...values: unknown[]) => unknown)(...inner);
          }
        : argument,
    );
    return begin(...watchedArgs).catch((error: unknown) => {
      settled(token, error);
      throw error;
    });
  };

  // The target is a stand-in (an arrow function has no `prototype` that the proxy would have to
  // report unchanged); every read and call goes to the current client.
  const standIn = (() => undefined) as unknown as postgres.Sql;
  const client = new Proxy(standIn, {
    get(_target, property) {
      const value = Reflect.get(current, property) as unknown;
      if (property === 'unsafe') {
        const unsafe = value as (...args: unknown[]) => PendingQuery;
        return (...args: unknown[]) => watchQuery(unsafe(...args));
      }
      if (property === 'begin') {
        return (...args: unknown[]) =>
          watchBegin(value as (...inner: unknown[]) => Promise<unknown>, args);
      }
      return value;
    },
    apply(_target, thisArgument, args) {
      return Reflect.apply(current, thisArgument, args) as unknown;
    },
  });

  return {
    client,
    end: async () => {
      clearInterval(sweeper);
      await Promise.all([current.end({ timeout: 5 }), ...ending]);
    },
  };
}
