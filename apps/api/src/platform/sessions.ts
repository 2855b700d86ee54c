import { hash, randomBytes } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CLIENT_HEADER } from '@ajo/contracts/common';
import type { Clock } from './clock.ts';
import { batcher, succeeded } from './batcher.ts';
import { batchInput, rows, type Database, type Executor } from './db.ts';
import { AppError } from './errors.ts';
import { recordSessionDevice, recordSignIn, type SignInDevice } from './sign-ins.ts';

export const sessionCookie = 'ajo_session';

declare module 'fastify' {
  interface FastifyRequest {
    userId?: string;
    sessionId?: string;
  }
}

export interface SessionPolicy {
  idleMs: number;
  absoluteMs: number;
  secureCookie: boolean;
}

const hashToken = (token: string) => hash('sha256', token);

/**
 * Opens a session: 256 random bits, only its hash stored; idle and absolute expiry. Given the
 * device, it is remembered for the session list and the sign-in history (platform/sign-ins.ts).
 */
export async function openSession(
  executor: Executor,
  userId: string,
  now: Date,
  policy: SessionPolicy,
  device?: SignInDevice,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const [opened] = await rows<{ id: string }>(
    executor,
    sql`insert into sessions (user_id, token_hash, created_at, last_seen_at, expires_at)
        values (${userId}, ${hashToken(token)}, ${now.toISOString()}, ${now.toISOString()},
                ${new Date(now.getTime() + policy.absoluteMs).toISOString()})
        returning id`,
  );
  if (opened && device) {
    await recordSessionDevice(executor, opened.id, device);
    await recordSignIn(executor, { userId, outcome: 'success', device, now });
  }
  return token;
}

export async function revokeSession(executor: Executor, sessionId: string, now: Date) {
  await executor.execute(
    sql`update sessions set revoked_at = ${now.toISOString()} where id = ${sessionId} and revoked_at is null`,
  );
}

/** Ends every session of a user, except `keepSessionId` when given. */
export async function revokeAllSessions(
  executor: Executor,
  userId: string,
  now: Date,
  keepSessionId?: string,
) {
  await executor.execute(
    sql`update sessions set revoked_at = ${now.toISOString()}
         where user_id = ${userId} and revoked_at is null
           and id <> ${keepSessionId ?? '00000000-0000-0000-0000-000000000000'}`,
  );
}

export function setSessionCookie(reply: FastifyReply, token: string, policy: SessionPolicy) {
  reply.setCookie(sessionCookie, token, {
    httpOnly: true,
    secure: policy.secureCookie,
    sameSite: 'lax',
    path: '/',
    maxAge: Math.floor(policy.absoluteMs / 1000),
  });
}

export function clearSessionCookie(reply: FastifyReply, policy: SessionPolicy) {
  reply.clearCookie(sessionCookie, {
    httpOnly: true,
    secure: policy.secureCookie,
    sameSite: 'lax',
    path: '/',
  });
}

export const unauthenticated = () =>
  new AppError('unauthenticated', 'Your session has ended; please sign in again', 401);

export interface SessionRow {
  id: string;
  user_id: string;
  last_seen_at: string | Date;
}

/**
 * One request's session check, as SQL to run and what to do with the row it finds. Only the plain
 * guard offers it: a guard `reading` more of the user expects its columns in the row it admits,
 * which a route folding the check into its own statement would not select.
 */
export interface SessionCheck {
  /** `select id, user_id, last_seen_at from sessions …`: the live session of this token. */
  query: SQL;
  /**
   * What `query` looks for, so a route that answers concurrent requests with one statement can
   * find all their sessions at once (`liveSessionsSql`).
   */
  lookup: SessionLookup;
  /** Given the row the query found: 401 when there is none, else touch and mark the request. */
  admit: (session: SessionRow | undefined) => Promise<void>;
}

const userSessionGuard = Symbol('user session guard');

/** A session guard that also reads something of the signed-in user (see `SessionGuard.reading`). */
export type ReadingSessionGuard = ((request: FastifyRequest) => Promise<void>) & {
  /** The same guard, reading more beside what it reads already. */
  reading: <Row extends object>(read: SessionRead<Row>) => ReadingSessionGuard;
  /** Marks the guard as one that names the signed-in user (see `isUserSessionGuard`). */
  [userSessionGuard]: true;
};

export type SessionGuard = ((request: FastifyRequest) => Promise<void>) & {
  /**
   * The same check for a route that folds it into its own query (one round trip instead of
   * two): run `query` as a CTE of the route's statement, then `admit` its row before answering.
   */
  check: (request: FastifyRequest) => SessionCheck;
  /**
   * The token rules alone (a token is there; a browser's change carries the client header), with
   * no database read: the `onRequest` hook of a route that folds `check` into its query, so a
   * caller without a session is refused before the query string or body is validated. The lookup
   * it makes (the token's hash and the time) is the one `check` then uses.
   */
  tokenRules: (request: FastifyRequest) => Promise<void>;
  /**
   * The same guard, also reading something of the signed-in user in its statement (a money-out
   * route's PIN), so that read costs no round trip of its own.
   */
  reading: <Row extends object>(read: SessionRead<Row>) => ReadingSessionGuard;
  /** Marks the guard as one that names the signed-in user (see `isUserSessionGuard`). */
  [userSessionGuard]: true;
};

/** The session columns a route's own statement selects beside its rows (`SessionCheck.query`). */
export interface SessionColumns {
  session_id: string | null;
  session_user_id: string | null;
  session_last_seen_at: string | Date | null;
}

/** The session a route's statement found, for `SessionCheck.admit` (undefined when none). */
export function sessionOf(row: SessionColumns | undefined): SessionRow | undefined {
  return row?.session_id && row.session_user_id && row.session_last_seen_at
    ? { id: row.session_id, user_id: row.session_user_id, last_seen_at: row.session_last_seen_at }
    : undefined;
}

/**
 * What a guard reads beside the session: `columns` and `joins` extend a select from the live
 * session's row, named `session`; `keep` is given the row once the session is admitted. The joins
 * must find at most one row per session (a left join on the user's own row, like the PIN's).
 */
export interface SessionRead<Row extends object> {
  columns: SQL;
  joins: SQL;
  keep: (request: FastifyRequest, row: SessionRow & Row) => void;
}

/**
 * Whether a route hook is the session guard, which sets `request.userId`: an idempotent route
 * must have one, so its keys belong to that user (platform/idempotency.ts).
 */
export const isUserSessionGuard = (hook: unknown): boolean =>
  typeof hook === 'function' && userSessionGuard in hook;

/** What one request's session lookup looks for. */
export interface SessionLookup {
  tokenHash: string;
  now: Date;
  idleCutoff: Date;
}

/**
 * The live sessions of a batch of lookups, one row `(ord, id, user_id, last_seen_at)` per lookup
 * that found one (`ord` its index in `lookups`), with `read`'s columns beside them when given: how
 * the guard checks concurrent requests in one statement, and how a route that answers them
 * together (the portfolio total) folds their checks into its own.
 */
export function liveSessionsSql(
  lookups: readonly SessionLookup[],
  read?: Pick<SessionRead<object>, 'columns' | 'joins'>,
): SQL {
  const input = batchInput('input', {
    ord: ['int', lookups.map((_, ord) => ord)],
    token_hash: ['text', lookups.map((lookup) => lookup.tokenHash)],
    now: ['timestamptz', lookups.map((lookup) => lookup.now)],
    idle_cutoff: ['timestamptz', lookups.map((lookup) => lookup.idleCutoff)],
  });
  return sql`select input.ord, session.id, session.user_id, session.last_seen_at${
    read ? sql`, ${read.columns}` : sql``
  }
      from ${input} join sessions session on session.token_hash = input.token_hash
       and session.revoked_at is null and session.expires_at > input.now
       and session.last_seen_at > input.idle_cutoff
    ${read?.joins ?? sql``}`;
}

/**
 * The session guard. A browser's cookie counts on a state-changing call only with the custom
 * client header (a cross-site form cannot send one); `Authorization: Bearer` works for others.
 */
export function sessionGuard(
  database: Database,
  clock: Clock,
  policy: SessionPolicy,
): SessionGuard {
  const lookFor = (request: FastifyRequest): SessionLookup => {
    const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    const cookieToken = request.cookies[sessionCookie];
    const token = bearer ?? cookieToken;
    if (!token) throw unauthenticated();
    if (!bearer && !['GET', 'HEAD'].includes(request.method) && !request.headers[CLIENT_HEADER]) {
      throw new AppError(
        'client_header_required',
        `Browser requests that change data must send the ${CLIENT_HEADER} header`,
        403,
      );
    }
    const now = clock.now();
    return {
      tokenHash: hashToken(token),
      now,
      idleCutoff: new Date(now.getTime() - policy.idleMs),
    };
  };

  const admitted = async (request: FastifyRequest, now: Date, session: SessionRow | undefined) => {
    if (!session) throw unauthenticated();
    // Touch at most once a minute: enough for idle expiry, cheap on hot reads.
    if (now.getTime() - new Date(session.last_seen_at).getTime() > 60_000) {
      await database.db.execute(
        sql`update sessions set last_seen_at = ${now.toISOString()} where id = ${session.id}`,
      );
    }
    request.userId = session.user_id;
    request.sessionId = session.id;
  };

  /** The guard, reading `read`'s columns beside the session when given. */
  const guardReading = <Row extends object>(read: SessionRead<Row> | undefined) => {
    const lookups = batcher<SessionLookup, (SessionRow & Row) | undefined>({
      concurrency: 2,
      maxBatch: 64,
      run: async (batch) => {
        const found = await rows<SessionRow & Row & { ord: number }>(
          database.db,
          liveSessionsSql(batch, read),
        );
        const byOrd = new Map(found.map((row) => [row.ord, row]));
        return batch.map((_, ord) => succeeded(byOrd.get(ord)));
      },
    });
    // The guard itself goes through the batch only: it builds no SQL of its own per request.
    const guard = async (request: FastifyRequest) => {
      const lookup = lookFor(request);
      const session = await lookups(lookup);
      await admitted(request, lookup.now, session);
      if (session && read) read.keep(request, session);
    };
    const reading = <More extends object>(more: SessionRead<More>): ReadingSessionGuard =>
      guardReading<Row & More>(read ? bothReads(read, more) : more);
    return Object.assign(guard, { reading, [userSessionGuard]: true as const });
  };

  /** Lookups `tokenRules` made in onRequest, so `check` in the handler hashes no token again. */
  const earlyLookups = new WeakMap<FastifyRequest, SessionLookup>();
  const check = (request: FastifyRequest): SessionCheck => {
    const lookup = earlyLookups.get(request) ?? lookFor(request);
    return {
      query: sql`select id, user_id, last_seen_at from sessions
           where token_hash = ${lookup.tokenHash} and revoked_at is null
             and expires_at > ${lookup.now.toISOString()}
             and last_seen_at > ${lookup.idleCutoff.toISOString()}`,
      lookup,
      admit: (session) => admitted(request, lookup.now, session),
    };
  };
  const tokenRules = async (request: FastifyRequest) => {
    earlyLookups.set(request, lookFor(request));
  };
  return Object.assign(guardReading(undefined), { check, tokenRules });
}

function bothReads<One extends object, Other extends object>(
  one: SessionRead<One>,
  other: SessionRead<Other>,
): SessionRead<One & Other> {
  return {
    columns: sql`${one.columns}, ${other.columns}`,
    joins: sql`${one.joins} ${other.joins}`,
    keep: (request, row) => {
      one.keep(request, row);
      other.keep(request, row);
    },
  };
}

/** OpenAPI security of signed-in operations: the session cookie or a bearer token. */
export const sessionSecurity: Record<string, string[]>[] = [{ session: [] }, { bearer: [] }];
