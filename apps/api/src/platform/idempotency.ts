import { hash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { idempotencyKeyHeader } from '@ajo/contracts/common';
import type { Clock } from './clock.ts';
import { batcher, succeeded } from './batcher.ts';
import { batchInput, rows, type Database } from './db.ts';
import { AppError } from './errors.ts';
import { isUserSessionGuard } from './sessions.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A money-moving POST: requires `Idempotency-Key` and replays the first answer. */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    idempotencyRecordId?: string;
  }
}

/** How long a crashed request's key stays locked before a retry may take it over. */
const inFlightLockMs = 60_000;

interface Claim {
  scope: string;
  key: string;
  requestHash: string;
  lockedUntil: string;
  now: Date;
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

type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

const hooksOf = (hooks: unknown): unknown[] =>
  hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];

/**
 * Stripe-style idempotent requests: the same key and body replay the first answer, a different
 * body is refused, and a key still in flight answers 409. Answers of 5xx are not kept, so a
 * retry after a failure on our side runs again.
 *
 * Keys belong to the signed-in user: the claim runs after the route's own session guard, and its
 * scope is the user's id and the route. A route marked idempotent without a session guard is
 * refused when the app starts, so no key can ever be shared between two people.
 */
export const idempotencyPlugin = fp<IdempotencyOptions>(
  (app: FastifyInstance, { database, clock }) => {
    /** The claims of concurrent requests in one statement (decision 0013). */
    const claims = batcher<Claim, string | undefined>({
      concurrency: 2,
      maxBatch: 64,
      conflictKey: (claim) => `${claim.scope}\n${claim.key}`,
      run: async (batch) => {
        const input = batchInput('input', {
          ord: ['int', batch.map((_, ord) => ord)],
          scope: ['text', batch.map((claim) => claim.scope)],
          key: ['text', batch.map((claim) => claim.key)],
          request_hash: ['text', batch.map((claim) => claim.requestHash)],
          locked_until: ['timestamptz', batch.map((claim) => claim.lockedUntil)],
          created_at: ['timestamptz', batch.map((claim) => claim.now)],
        });
        const claimed = await rows<{ ord: number; id: string }>(
          database.db,
          sql`with input as (select * from ${input}), claimed as (
                insert into idempotency_records (scope, key, request_hash, locked_until, created_at)
                select scope, key, request_hash, locked_until, created_at from input
                on conflict (scope, key) do nothing returning id, scope, key)
              select input.ord, claimed.id from input
                join claimed on claimed.scope = input.scope and claimed.key = input.key`,
        );
        const byOrd = new Map(claimed.map((row) => [row.ord, row.id]));
        return batch.map((_, ord) => succeeded(byOrd.get(ord)));
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

    const claimKey: Hook = async (request, reply) => {
      const userId = request.userId;
      if (!userId) throw new Error('an idempotent route ran without a signed-in user');
      const key = readKey(request);
      const scope = `${userId} ${request.method} ${request.routeOptions.url ?? request.url}`;
      const requestHash = hashRequest(request);
      const now = clock.now();
      const lockedUntil = new Date(now.getTime() + inFlightLockMs).toISOString();
      const claimed = await claims({ scope, key, requestHash, lockedUntil, now });
      if (claimed) {
        request.idempotencyRecordId = claimed;
        return;
      }
      const [existing] = await rows<StoredRecord>(
        database.db,
        sql`select id, request_hash, status, response_status, response_body, locked_until
              from idempotency_records where scope = ${scope} and key = ${key}`,
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
    };

    // Route-level hooks run after the app's own, so the claim is added to each idempotent route
    // after its session guard: it always knows whose key it is.
    app.addHook('onRoute', (route) => {
      if (!route.config?.idempotent) return;
      const guarded = [...hooksOf(route.onRequest), ...hooksOf(route.preHandler)].some(
        isUserSessionGuard,
      );
      if (!guarded) {
        throw new Error(
          `${String(route.method)} ${route.url} is idempotent but has no user session guard: its keys would belong to nobody`,
        );
      }
      route.preHandler = [...hooksOf(route.preHandler), claimKey] as typeof route.preHandler;
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

/**
 * A movement found under a key's reference answers the request again only when it is the one
 * asked for. The same key with another request (on another route whose movements are named
 * alike, or after the stored answer was cleared) is refused, and nothing moves.
 */
export function replayedIf<T>(existing: T, sameRequest: boolean): T {
  if (!sameRequest) throw idempotencyKeyReused();
  return existing;
}

const inFlightMessage =
  'A request with this Idempotency-Key is still being processed; wait for its answer';

/**
 * The reference a money request's Idempotency-Key names: `prefix-` and 24 upper-case hex
 * characters of the SHA-256 of `named` joined by ':' (the user and the key, and for some products
 * the prefix too, as each has always named its movements). The same user and key always name the
 * same movement, so a retry after a crash finds the movement already made instead of a second one.
 */
export const referenceForKey = (prefix: string, ...named: string[]) =>
  `${prefix}-${hash('sha256', named.join(':')).slice(0, 24).toUpperCase()}`;

/**
 * The request's `Idempotency-Key` header (the first, if sent twice). On an idempotent route the
 * plugin has already refused a request without a valid one, so the handler's key is the one it
 * stored its answer under.
 */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const raw = request.headers['idempotency-key'];
  return Array.isArray(raw) ? raw[0] : raw;
}

function readKey(request: FastifyRequest): string {
  const raw = idempotencyKeyOf(request);
  if (raw === undefined) {
    throw new AppError(
      'idempotency_key_required',
      'Send an Idempotency-Key header with this request so it is never applied twice',
      400,
    );
  }
  const parsed = idempotencyKeyHeader.safeParse(raw);
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
  return hash('sha256', stableStringify({ params: request.params, body: request.body ?? null }));
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
