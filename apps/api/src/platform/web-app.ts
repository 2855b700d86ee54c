import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

const apiPrefixes = ['/v1/', '/docs', '/healthz', '/readyz'];

const isApiPath = (url: string) =>
  url === '/v1' || apiPrefixes.some((prefix) => url.startsWith(prefix));

/**
 * Serves the built single-page app on every non-API path, answering index.html for routes the
 * SPA owns (its router shows the not-found page for unknown ones). Unknown API paths answer a
 * 404 in the error shape.
 */
export async function registerWebApp(app: FastifyInstance, webDistDir: string): Promise<void> {
  const indexFile = path.join(webDistDir, 'index.html');
  const built = existsSync(indexFile);
  if (built) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies (apps/web/vite.config.ts); the best one accepted goes.
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        // Vite fingerprints everything under assets/, so those can be cached for a year.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url.split('?')[0] ?? request.url;
    if (isApiPath(url) || !['GET', 'HEAD'].includes(request.method)) {
      throw new AppError('not_found', `No ${request.method} ${url} here; see /docs`, 404);
    }
    if (!built) {
      throw new AppError(
        'web_app_not_built',
        'The web app is not built yet; run `npm run build` and restart',
        404,
      );
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
