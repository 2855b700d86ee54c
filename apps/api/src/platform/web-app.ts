import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';
import { sessionCookie } from './sessions.ts';

const apiPrefixes = ['/v1/', '/docs', '/healthz', '/readyz'];

const isApiPath = (url: string) =>
  url === '/v1' || apiPrefixes.some((prefix) => url.startsWith(prefix));

/**
 * index.html as answered on each path: where the build listed a page's chunks
 * (`route-preloads.json`, written by apps/web/vite.config.ts), a visitor with a session cookie gets
 * them as modulepreload links, so the page's code downloads beside the framework instead of after
 * it; on other paths such a visitor gets the chunks every signed-in page needs (listed under `*`).
 * A visitor without one gets the file as built.
 */
function indexPages(webDistDir: string) {
  const html = readFileSync(path.join(webDistDir, 'index.html'), 'utf8');
  const preloadsFile = path.join(webDistDir, 'route-preloads.json');
  const preloads = existsSync(preloadsFile)
    ? (JSON.parse(readFileSync(preloadsFile, 'utf8')) as Record<string, string[]>)
    : {};
  const pages = new Map<string, string>();
  for (const [routePath, files] of Object.entries(preloads)) {
    const links = files
      .filter((file) => /^\/assets\/[\w.-]+\.js$/.test(file) && !html.includes(`"${file}"`))
      .map((file) => `<link rel="modulepreload" crossorigin href="${file}">`)
      .join('');
    pages.set(routePath, html.replace('</head>', `${links}</head>`));
  }
  return (urlPath: string, signedIn: boolean) =>
    (signedIn ? (pages.get(urlPath) ?? pages.get('*')) : undefined) ?? html;
}

/**
 * The CSP sources of the built index.html's inline `<style>` elements, by hash: the first load's
 * shell is styled by one, so it paints with the HTML (apps/web/index.html). Any other inline
 * style stays refused. None when the app is not built.
 */
export function inlineStyleSources(webDistDir: string): string[] {
  const indexFile = path.join(webDistDir, 'index.html');
  if (!existsSync(indexFile)) return [];
  const html = readFileSync(indexFile, 'utf8');
  const sha256 = (css: string) => createHash('sha256').update(css).digest('base64');
  return [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map(
    ([, css]) => `'sha256-${sha256(css ?? '')}'`,
  );
}

/**
 * Serves the built single-page app on every non-API path, answering index.html for routes the
 * SPA owns (its router shows the not-found page for unknown ones). Unknown API paths answer a
 * 404 in the error shape.
 */
export async function registerWebApp(app: FastifyInstance, webDistDir: string): Promise<void> {
  const indexFile = path.join(webDistDir, 'index.html');
  const built = existsSync(indexFile);
  const indexPage = built ? indexPages(webDistDir) : undefined;
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
    // A file the build does not have (a chunk of an older release, asked for by a page opened
    // before the release) is missing, not a route: a 404 lets the page's import fail and its
    // error page offer a reload, where index.html would be run as a script and fail silently.
    if (url.startsWith('/assets/')) {
      throw new AppError('not_found', `No file ${url} in this release; reload the page`, 404);
    }
    if (!built) {
      throw new AppError(
        'web_app_not_built',
        'The web app is not built yet; run `npm run build` and restart',
        404,
      );
    }
    const signedIn = request.cookies[sessionCookie] !== undefined;
    return reply
      .header('cache-control', 'no-cache')
      .header('vary', 'Cookie')
      .type('text/html; charset=utf-8')
      .send(indexPage?.(url, signedIn));
  });
}
