import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { AppError } from './errors.ts';

export interface SecurityOptions {
  rateLimitPerMinute: number;
  redisUrl: string | undefined;
}

/**
 * Security headers and rate limits. The CSP allows no inline script and no inline style; the web
 * build bundles every stylesheet (including the toast library's) as files.
 */
export async function registerSecurity(
  app: FastifyInstance,
  options: SecurityOptions,
): Promise<{ close(): Promise<void> }> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
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

  const redis = options.redisUrl
    ? new Redis(options.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 1 })
    : undefined;
  await app.register(rateLimit, {
    global: true,
    max: options.rateLimitPerMinute,
    timeWindow: 60_000,
    ...(redis ? { redis, nameSpace: 'ajo-rate-limit:' } : {}),
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
    close: async () => {
      if (redis) await redis.quit().catch(() => undefined);
    },
  };
}
