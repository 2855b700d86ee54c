import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { AppError } from './errors.ts';
import { connectRedis, redisWithMemoryFallback, type RedisLink } from './rate-limit-store.ts';

export interface SecurityOptions {
  rateLimitPerMinute: number;
  redisUrl: string | undefined;
  /**
   * Origins besides our own the web app may call: the card issuer's vault, which the browser
   * asks for a card's number and CVV directly so they never pass through our API (decision 0025).
   */
  connectOrigins?: readonly string[];
  /** Hashes of the built index.html's inline styles (`inlineStyleSources` in web-app.ts). */
  inlineStyles?: readonly string[];
}

/**
 * Security headers and rate limits. The CSP allows no inline script, and no inline style but the
 * first load's shell in index.html, by its hash; the web build bundles every other stylesheet
 * (including the toast library's) as files. With `REDIS_URL` the counters are shared through
 * Redis, and kept in memory while Redis is away (decision 0015).
 */
export async function registerSecurity(
  app: FastifyInstance,
  options: SecurityOptions,
): Promise<{ redis: RedisLink | undefined; close(): Promise<void> }> {
  const headers = securityHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", ...(options.inlineStyles ?? [])],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...(options.connectOrigins ?? [])],
        mediaSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
  });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });

  const redis = options.redisUrl ? await connectRedis(options.redisUrl, app.log) : undefined;
  await app.register(rateLimit, {
    global: true,
    max: options.rateLimitPerMinute,
    timeWindow: 60_000,
    ...(redis ? { store: redisWithMemoryFallback(redis, 'ajo-rate-limit:') } : {}),
    allowList: (request) => request.url === '/healthz' || request.url === '/readyz',
    errorResponseBuilder: (_request, context) =>
      new AppError(
        'rate_limited',
        `Too many requests; try again in ${String(Math.ceil(context.ttl / 1000))} seconds`,
        429,
      ),
  });

  // Answers of the API carry private data: never cache them anywhere.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/v1/')) reply.header('cache-control', 'no-store');
    return payload;
  });

  return {
    redis,
    close: async () => {
      await redis?.close();
    },
  };
}

/**
 * The headers helmet sets for a configuration, worked out once at start-up. They are the same
 * for every answer (no per-request nonces), and building helmet's middleware per request (as the
 * Fastify plugin does) cost a measurable share of a hot read's time.
 */
function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers.set(name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value));
    },
    removeHeader: (name: string) => {
      headers.delete(name.toLowerCase());
    },
  };
  let failure: Error | undefined;
  helmet(options)({} as never, response as never, (error?: unknown) => {
    if (error) failure = error instanceof Error ? error : new Error('helmet refused its options');
  });
  if (failure) throw failure;
  return Object.fromEntries(headers);
}
