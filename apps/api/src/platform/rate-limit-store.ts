import { createRequire } from 'node:module';
import type { FastifyBaseLogger } from 'fastify';
import { Redis, ReplyError } from 'ioredis';

/**
 * Redis must answer within this time or the request counts in memory instead: a rate limit that
 * waits on a dead Redis would hold up every call of the API.
 */
const redisTimeoutMs = 300;
/** Longest pause between attempts to reach Redis again while it is away. */
const redisReconnectMaxMs = 1_000;

type StoreCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** The store interface of @fastify/rate-limit (its own stores have no type declarations). */
interface RateLimitStore {
  incr(key: string, callback: StoreCallback, timeWindow: number, max: number): void;
  child(routeOptions: object): RateLimitStore;
}

const require = createRequire(import.meta.url);
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  cache?: number,
) => RateLimitStore;
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  key: string,
) => RateLimitStore;

export type RedisCheck = 'ok' | 'unreachable';

export interface RedisLink {
  readonly client: Redis;
  /** Whether a command may be sent now; noting an outage when not. */
  usable(): boolean;
  succeeded(): void;
  failed(error: unknown): void;
  /** Asks Redis to answer now (readiness). */
  check(): Promise<RedisCheck>;
  close(): Promise<void>;
}

/**
 * One Redis connection for the rate limits, which fails fast instead of queueing commands while
 * Redis is away, keeps trying to reconnect, and logs each outage once: a warning when it starts,
 * a line when Redis answers again. Resolves once the first attempt to connect has an outcome, so
 * the first requests do not count in memory only because the connection was still being opened.
 */
export async function connectRedis(url: string, log: FastifyBaseLogger): Promise<RedisLink> {
  const client = new Redis(url, {
    connectTimeout: redisTimeoutMs,
    commandTimeout: redisTimeoutMs,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: (attempt) => Math.min(attempt * 100, redisReconnectMaxMs),
  });
  let state: 'connecting' | 'up' | 'down' = 'connecting';
  const markDown = (error: unknown) => {
    if (state === 'down') return;
    state = 'down';
    log.warn(
      { err: error },
      'Redis is unreachable: rate limits are counted in this process until it answers again',
    );
  };
  const usable = () => {
    if (client.status === 'ready') return true;
    markDown(new Error(`Redis connection is ${client.status}`));
    return false;
  };
  const succeeded = () => {
    if (state === 'down') log.info('Redis answers again: rate limits are shared again');
    state = 'up';
  };
  const failed = (error: unknown) => {
    markDown(error);
    // Redis answering with an error is alive; a timeout may be a hung server, which only a new
    // connection (and its ready check) can tell apart from a slow moment.
    if (!(error instanceof ReplyError)) client.disconnect(true);
  };
  // ioredis reports every failed reconnect; the outage is logged once, by markDown.
  client.on('error', (error: unknown) => {
    if (state === 'up') markDown(error);
  });
  await firstConnectOutcome(client);
  if (client.status === 'ready') state = 'up';
  return {
    client,
    usable,
    succeeded,
    failed,
    check: async () => {
      if (!usable()) return 'unreachable';
      try {
        await client.ping();
        succeeded();
        return 'ok';
      } catch (error) {
        failed(error);
        return 'unreachable';
      }
    },
    close: async () => {
      if (client.status === 'ready') await client.quit().catch(() => undefined);
      client.disconnect();
    },
  };
}

/** Resolves when the first attempt to connect succeeds or fails, or after two timeouts. */
async function firstConnectOutcome(client: Redis): Promise<void> {
  await new Promise<void>((resolve) => {
    const settle = () => {
      clearTimeout(timer);
      client.off('ready', settle);
      client.off('error', settle);
      resolve();
    };
    const timer = setTimeout(settle, 2 * redisTimeoutMs);
    client.once('ready', settle);
    client.once('error', settle);
  });
}

/**
 * A rate-limit store that counts in Redis (shared by every API instance) and, while Redis cannot
 * be reached, in this process's memory: limits still hold per instance and no request waits on
 * Redis or fails because of it. Counts kept in memory during an outage are not carried back.
 */
export function redisWithMemoryFallback(
  link: RedisLink,
  nameSpace: string,
): new (options: { continueExceeding?: boolean; exponentialBackoff?: boolean }) => RateLimitStore {
  return class RedisWithMemoryFallbackStore implements RateLimitStore {
    readonly #redis: RateLimitStore;
    readonly #memory: RateLimitStore;

    constructor(
      options: { continueExceeding?: boolean; exponentialBackoff?: boolean },
      stores?: { redis: RateLimitStore; memory: RateLimitStore },
    ) {
      const continueExceeding = options.continueExceeding ?? false;
      const exponentialBackoff = options.exponentialBackoff ?? false;
      this.#redis =
        stores?.redis ??
        new RedisStore(continueExceeding, exponentialBackoff, link.client, nameSpace);
      this.#memory = stores?.memory ?? new LocalStore(continueExceeding, exponentialBackoff);
    }

    incr(key: string, callback: StoreCallback, timeWindow: number, max: number): void {
      if (!link.usable()) {
        this.#memory.incr(key, callback, timeWindow, max);
        return;
      }
      const counted: StoreCallback = (error, result) => {
        if (!error) {
          link.succeeded();
          callback(null, result);
          return;
        }
        link.failed(error);
        this.#memory.incr(key, callback, timeWindow, max);
      };
      this.#redis.incr(key, counted, timeWindow, max);
    }

    child(routeOptions: object): RateLimitStore {
      return new RedisWithMemoryFallbackStore(routeOptions, {
        redis: this.#redis.child(routeOptions),
        memory: this.#memory.child(routeOptions),
      });
    }
  };
}
