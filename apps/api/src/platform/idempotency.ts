import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { idempotencyKeyHeader } from '@ajo/contracts/common';
import type { Clock } from './clock.ts';
import { batcher, succeeded } from './batcher.ts';
import { batchInput, rows, type Database } from './db.ts';
import { AppError } from './errors.ts';
import { liveSessionMatches, type SessionCheck, type SessionRow } from './sessions.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A money-moving POST: requires `Idempotency-Key` and replays the first answer. */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    /** Whose keys these are; set by authentication (a user id). */
    idempotencyScope?: string;
    idempotencyRecordId?: string;
  }
}

/** How long a crashed request's key stays locked before a retry may take it over. */
const inFlightLockMs = 60_000;

interface ClaimWithSession {
  session: SessionCheck;
  route: string;
  key: string;
  requestHash: string;
  lockedUntil: string;
  now: Date;
}

interface ClaimRow {
  ord: number;
  id: string | null;
  user_id: string | null;
  last_seen_at: string | Date | null;
  claimed_id: string | null;
}

interface ClaimAnswer {
  session: SessionRow | undefined;
  claimedId: string | undefined;
}

interface Completion {
  id: string;
  status: number;
  body: string;
}

interface StoredRecord {
  id: string;
  request_hash: string;
  status: 'in_flight' | 'completed';
  response_status: number | null;
  response_body: string | null;
  locked_until: string | Date;
}

export interface IdempotencyOptions {
  database: Database;
  clock: Clock;
}

/**
 * Stripe-style idempotent requests: the same key and body replay the first answer, a different
 * body is refused, and a key still in flight answers 409. Answers of 5xx are not kept, so a
 * retry after a failure on our side runs again.
 */
export const idempotencyPlugin = fp<IdempotencyOptions>(
  (app: FastifyInstance, { database, clock }) => {
    /**
     * The session checks and the claims of concurrent requests in one statement: a key is claimed
     * only when its session is live (no row, nothing written, 401). Two claims of one key string
     * never share a statement, so each answer names its own claim.
     */
    const claimsWithSessions = batcher<ClaimWithSession, ClaimAnswer>({
      // Two claims statements at once: a cheap statement, and the first wait of every
      // money-moving request (measured: p99 of row b 48 → 43 ms against one at a time).
      concurrency: 2,
      maxBatch: 64,
      conflictKey: (claim) => claim.key,
      run: async (claims) => {
        const input = batchInput('input', {
          ord: ['int', claims.map((_, ord) => ord)],
          token_hash: ['text', claims.map((claim) => claim.session.params.tokenHash)],
          at: ['timestamptz', claims.map((claim) => claim.session.params.at)],
          idle_cutoff: ['timestamptz', claims.map((claim) => claim.session.params.idleCutoff)],
          route: ['text', claims.map((claim) => claim.route)],
          key: ['text', claims.map((claim) => claim.key)],
          request_hash: ['text', claims.map((claim) => claim.requestHash)],
          locked_until: ['timestamptz', claims.map((claim) => claim.lockedUntil)],
          created_at: ['timestamptz', claims.map((claim) => claim.now)],
        });
        const found = await rows<ClaimRow>(
          database.db,
          sql`with input as (select * from ${input}), live as (
                select input.ord, s.id, s.user_id, s.last_seen_at
                  from input join sessions s on ${liveSessionMatches('s', 'input')}
              ), claimed as (
                insert into idempotency_records (scope, key, request_hash, locked_until, created_at)
                select live.user_id::text || input.route, input.key, input.request_hash,
                       input.locked_until, input.created_at
                  from input join live using (ord)
                on conflict (scope, key) do nothing returning id, scope, key)
              select input.ord, live.id, live.user_id, live.last_seen_at, claimed.id as claimed_id
                from input left join live using (ord)
                left join claimed on claimed.scope = live.user_id::text || input.route
                     and claimed.key = input.key`,
        );
        const byOrd = new Map(found.map((row) => [row.ord, row]));
        return claims.map((_, ord) => {
          const row = byOrd.get(ord);
          const live =
            row?.id && row.user_id && row.last_seen_at
              ? { id: row.id, user_id: row.user_id, last_seen_at: row.last_seen_at }
              : undefined;
          return succeeded({ session: live, claimedId: row?.claimed_id ?? undefined });
        });
      },
    });

    /** The answers of concurrent requests kept in one statement. */
    const completions = batcher<Completion, undefined>({
      concurrency: 2,
      maxBatch: 64,
      run: async (answers) => {
        const input = batchInput('x', {
          id: ['uuid', answers.map((answer) => answer.id)],
          status: ['int', answers.map((answer) => answer.status)],
          body: ['text', answers.map((answer) => answer.body)],
        });
        await database.db.execute(
          sql`update idempotency_records r
                 set status = 'completed', response_status = x.status, response_body = x.body
                from ${input} where r.id = x.id`,
        );
        return answers.map(() => succeeded(undefined));
      },
    });

    /**
     * Claims the key for the session's user, checking the session in the same statement. Answers
     * the new record's id, or undefined when the key was already claimed.
     */
    const claimWithSession = async (
      session: SessionCheck,
      claim: { route: string; key: string; requestHash: string; lockedUntil: string; now: Date },
    ) => {
      const answer = await claimsWithSessions({ session, ...claim });
      await session.admit(answer.session);
      return answer.claimedId;
    };

    app.addHook('preHandler', async (request, reply) => {
      const session = request.deferredSession;
      request.deferredSession = undefined;
      if (!request.routeOptions.config.idempotent) return;
      let key: string;
      try {
        key = readKey(request);
      } catch (error) {
        // Who is asking comes first: a signed-out caller hears 401, not the header rule.
        await session?.run();
        throw error;
      }
      const route = ` ${request.method} ${request.routeOptions.url ?? request.url}`;
      // Known once the session is admitted (the claim with a session admits it on the way).
      const scope = () => `${request.idempotencyScope ?? 'public'}${route}`;
      const requestHash = hashRequest(request);
      const now = clock.now();
      const lockedUntil = new Date(now.getTime() + inFlightLockMs).toISOString();
      const claimed = session
        ? await claimWithSession(session, { route, key, requestHash, lockedUntil, now })
        : (
            await rows<{ id: string }>(
              database.db,
              sql`insert into idempotency_records (scope, key, request_hash, locked_until, created_at)
                  values (${scope()}, ${key},
                          ${requestHash}, ${lockedUntil}, ${now.toISOString()})
                  on conflict (scope, key) do nothing returning id`,
            )
          )[0]?.id;
      if (claimed) {
        request.idempotencyRecordId = claimed;
        return;
      }
      const [existing] = await rows<StoredRecord>(
        database.db,
        sql`select id, request_hash, status, response_status, response_body, locked_until
              from idempotency_records where scope = ${scope()} and key = ${key}`,
      );
      if (!existing) throw new AppError('request_in_flight', inFlightMessage, 409);
      if (existing.request_hash !== requestHash) throw idempotencyKeyReused();
      if (existing.status === 'completed') return replay(reply, existing);
      const takenOver = await rows<{ id: string }>(
        database.db,
        sql`update idempotency_records set locked_until = ${lockedUntil}
             where id = ${existing.id} and status = 'in_flight'
               and locked_until < ${now.toISOString()} returning id`,
      );
      if (!takenOver[0]) throw new AppError('request_in_flight', inFlightMessage, 409);
      request.idempotencyRecordId = existing.id;
    });

    app.addHook('onSend', async (request, reply, payload) => {
      const recordId = request.idempotencyRecordId;
      if (!recordId || reply.getHeader('idempotent-replayed')) return payload;
      request.idempotencyRecordId = undefined;
      if (reply.statusCode >= 500) {
        await database.db.execute(sql`delete from idempotency_records where id = ${recordId}`);
        return payload;
      }
      const body = typeof payload === 'string' ? payload : JSON.stringify(payload ?? null);
      await completions({ id: recordId, status: reply.statusCode, body });
      return payload;
    });
  },
  { name: 'idempotency' },
);

/** The same Idempotency-Key with a different request: refused, nothing done. */
export const idempotencyKeyReused = () =>
  new AppError(
    'idempotency_key_reused',
    'This Idempotency-Key was already used for a different request; use a new key',
    422,
  );

const inFlightMessage =
  'A request with this Idempotency-Key is still being processed; wait for its answer';

function readKey(request: FastifyRequest): string {
  const raw = request.headers['idempotency-key'];
  if (raw === undefined) {
    throw new AppError(
      'idempotency_key_required',
      'Send an Idempotency-Key header with this request so it is never applied twice',
      400,
    );
  }
  const parsed = idempotencyKeyHeader.safeParse(Array.isArray(raw) ? raw[0] : raw);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? 'Idempotency-Key is invalid';
    throw new AppError('idempotency_key_invalid', message, 400);
  }
  return parsed.data;
}

function replay(reply: FastifyReply, record: StoredRecord): FastifyReply {
  return reply
    .status(record.response_status ?? 200)
    .header('idempotent-replayed', 'true')
    .type('application/json; charset=utf-8')
    .send(record.response_body ?? '');
}

function hashRequest(request: FastifyRequest): string {
  return createHash('sha256')
    .update(stableStringify({ params: request.params, body: request.body ?? null }))
    .digest('hex');
}

/** JSON with object keys sorted, so the same body in another key order hashes the same. */
export function stableStringify(value: unknown): string {
  if (typeof value === 'bigint') return JSON.stringify(value.toString());
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${stableStringify(item)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}
