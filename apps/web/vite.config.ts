import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const apiOrigin = 'http://127.0.0.1:3000';

/**
 * The built index.html's inline styles by hash, as the API allows them (`inlineStyleSources` in
 * apps/api/src/platform/web-app.ts): the first load's shell is styled by one. The build minifies
 * it, so the hash is taken from the built file.
 */
function builtInlineStyleSources(): string[] {
  const built = path.join(webRoot, 'dist', 'index.html');
  if (!existsSync(built)) return [];
  const sha256 = (css: string) => createHash('sha256').update(css).digest('base64');
  return [...readFileSync(built, 'utf8').matchAll(/<style>([\s\S]*?)<\/style>/g)].map(
    ([, css]) => `'sha256-${sha256(css ?? '')}'`,
  );
}

/**
 * The same policy the API serves the built app under, so `vite preview` (used for local e2e runs)
 * fails the same way production would if anything inline sneaks into the bundle.
 */
const contentSecurityPolicy = () =>
  [
    "default-src 'self'",
    "script-src 'self'",
    `style-src 'self' ${builtInlineStyleSources().join(' ')}`.trimEnd(),
    "img-src 'self' data: https:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');

/**
 * sonner injects its stylesheet at import time through a <style> element, which a strict
 * `style-src 'self'` policy refuses (and reports as a console error). In production builds we drop
 * that call and ship the same rules from `sonner/dist/styles.css`, imported in main.tsx.
 */
function sonnerWithoutInlineStyles(): Plugin {
  return {
    name: 'ajo:sonner-without-inline-styles',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]sonner[\\/]dist[\\/]index\.m?js$/.test(id)) return null;
      const stripped = code.replace(/__insertCSS\("(?:[^"\\]|\\.)*"\);?/, '');
      if (stripped === code) {
        throw new Error(
          'sonner no longer injects its CSS through __insertCSS("…"); update sonnerWithoutInlineStyles',
        );
      }
      return { code: stripped, map: null };
    },
  };
}

/**
 * Every screen loads the `sign-in` chunk (the sign-in page, and the fields and buttons the other
 * screens share with it; see `codeSplitting` below). A modulepreload link in index.html fetches it
 * with the entry instead of one round trip after it. The route itself stays lazy.
 */
function preloadSharedChunk(chunkName: string): Plugin {
  return {
    name: 'ajo:preload-shared-chunk',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const chunk = Object.values(context.bundle ?? {}).find(
          (output) => output.type === 'chunk' && output.name === chunkName,
        );
        if (!chunk) throw new Error(`no ${chunkName} chunk to preload; update preloadSharedChunk`);
        return [
          {
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${chunk.fileName}` },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}

/**
 * The app's stylesheet is preloaded, not render-blocking: the first paint is the shell's spinner,
 * styled by index.html's own <style>, and comes before the app's stylesheet and code are in.
 * src/app/app-styles.ts turns the preload into the stylesheet, and waits for it, before the first
 * render, so no screen ever shows unstyled (docs/bench.md, row l: first contentful paint).
 */
function appStylesAfterShell(): Plugin {
  return {
    name: 'ajo:app-styles-after-shell',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const links = html.match(/<link rel="stylesheet"[^>]*href="\/assets\/[^"]+\.css"[^>]*>/g);
        if (links?.length !== 1) {
          throw new Error('expected one built stylesheet link; update appStylesAfterShell');
        }
        const [link] = links;
        return html.replace(
          link,
          link.replace('rel="stylesheet"', 'rel="preload" as="style" data-app-styles'),
        );
      },
    },
  };
}

/**
 * Writes `route-preloads.json`: for the pages a signed-in visitor most often opens first, the
 * chunks their code needs beyond the entry's, and under `*` those every signed-in page needs (the
 * signed-in route table, which the entry does not carry). The API adds them as modulepreload
 * links to the index.html it answers to a visitor with a session cookie, so the page's code
 * downloads beside the framework instead of after it (docs/bench.md, row l). The paths mirror
 * the lazy routes of `src/app/signed-in-routes.tsx`.
 */
function routePreloads(signedInRoutes: string, routes: Record<string, string>): Plugin {
  return {
    name: 'ajo:route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) throw new Error('no entry chunk; update routePreloads');
      /** A chunk and every chunk it imports statically. */
      const closure = (fileName: string, seen = new Set<string>()) => {
        if (seen.has(fileName)) return seen;
        seen.add(fileName);
        for (const imported of byFile.get(fileName)?.imports ?? []) closure(imported, seen);
        return seen;
      };
      const loadedByEntry = closure(entry.fileName);
      /** The files a module's chunk needs beyond the entry's. */
      const needs = (moduleFile: string) => {
        const moduleId = path.resolve(webRoot, moduleFile);
        const chunk = chunks.find((candidate) => candidate.moduleIds.includes(moduleId));
        if (!chunk) throw new Error(`no chunk for ${moduleFile}; update routePreloads`);
        return [...closure(chunk.fileName)].filter((fileName) => !loadedByEntry.has(fileName));
      };
      const everySignedInPage = needs(signedInRoutes);
      const preloads: Record<string, string[]> = {
        '*': everySignedInPage.map((fileName) => `/${fileName}`),
      };
      for (const [routePath, moduleFile] of Object.entries(routes)) {
        preloads[routePath] = [...new Set([...everySignedInPage, ...needs(moduleFile)])].map(
          (fileName) => `/${fileName}`,
        );
      }
      this.emitFile({
        type: 'asset',
        fileName: 'route-preloads.json',
        source: JSON.stringify(preloads),
      });
    },
  };
}

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/**
 * Writes a `.gz` (zlib level 9) and a `.br` (quality 11) beside every text file of the build, for
 * the API to send as-is (@fastify/static `preCompressed`): the bytes a browser downloads are the
 * compressed ones, and no request pays for compressing. A copy that is not smaller is not kept.
 */
function precompressBuild(): Plugin {
  let outDir = '';
  return {
    name: 'ajo:precompress-build',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
      const textFiles = entries
        .filter(
          (entry) =>
            entry.isFile() && /\.(?:js|css|html|svg|json|webmanifest|txt)$/.test(entry.name),
        )
        .map((entry) => path.join(entry.parentPath, entry.name));
      await Promise.all(
        textFiles.map(async (file) => {
          const content = await readFile(file);
          const [gzipped, brotlied] = await Promise.all([
            gzipAsync(content, { level: 9 }),
            brotliAsync(content, {
              params: {
                [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
                [zlibConstants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
          ]);
          if (gzipped.length < content.length) await writeFile(`${file}.gz`, gzipped);
          if (brotlied.length < content.length) await writeFile(`${file}.br`, brotlied);
        }),
      );
    },
  };
}

export default defineConfig({
  root: webRoot,
  plugins: [
    react(),
    tailwindcss(),
    sonnerWithoutInlineStyles(),
    preloadSharedChunk('sign-in'),
    appStylesAfterShell(),
    routePreloads('src/app/signed-in-routes.tsx', {
      '/': 'src/features/home/routes/home.tsx',
      '/wallet': 'src/features/wallet/routes/wallet.tsx',
    }),
    precompressBuild(),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    modulePreload: { polyfill: false },
    // The CSP allows fonts from 'self' only (no data: URLs), so a font is always a file, however
    // small (the naira sign's is under 1 kB); other small assets may still be inlined.
    assetsInlineLimit: (file) => (file.endsWith('.woff2') ? false : undefined),
    rolldownOptions: {
      output: {
        // Lighthouse's mobile network (and a real phone's) opens six connections per host and pays
        // a round trip for every file, so a screen's first load is a few files, not twenty
        // (docs/bench.md, row l). Each group below is one file; the rest is split automatically.
        codeSplitting: {
          groups: [
            // React, React DOM, the scheduler, React Router and TanStack: one file that gzips
            // better than three (decision 0012).
            {
              name: 'framework',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]/,
              priority: 5,
            },
            // Everything the entry imports statically stays in the entry, so no group below pulls
            // a piece of it out (the entry would then load that group on every page).
            { name: 'index', tags: ['$initial'], priority: 4 },
            // The sign-in page with what it imports (the auth layout, the fields, the checks): the
            // first load of /login is the entry, the framework and this (QUALITY.md: 120 kB).
            {
              name: 'sign-in',
              test: /[\\/]features[\\/]auth[\\/]routes[\\/]login\.tsx$/,
              priority: 3,
            },
            // zod and the contracts of the answers every signed-in screen reads first (the user,
            // wallets, transactions, bank accounts). Only these modules: auth-rules, which the
            // sign-in page uses without zod, stays out.
            {
              name: 'schemas',
              test: /[\\/](node_modules[\\/]zod|packages[\\/]contracts[\\/]src[\\/](common|auth|phone|wallet|banks)\.ts$)/,
              includeDependenciesRecursively: false,
              priority: 2,
            },
            // The signed-in shell with what Home and the wallet page share: balance card,
            // transaction list, wallet queries, dialogs and side panels. Also the account-level
            // card and its query (Home below tier 2, Settings, verification): 2 kB here rather than
            // two more files beside Home's, whose first load already fills the six connections.
            {
              name: 'shell',
              test: /[\\/]app[\\/]shell[\\/]shell-layouts\.tsx$|[\\/]components[\\/](wallet[\\/]|ui[\\/](modal-dialog|side-panel)\.tsx$|account[\\/]account-level-card\.tsx$)|[\\/]lib[\\/](wallet-queries|account-level-query)\.ts$/,
              priority: 1,
            },
            // The wallet page with its panels' code (withdraw, bank accounts).
            {
              name: 'wallet',
              test: /[\\/]features[\\/]wallet[\\/]routes[\\/]wallet\.tsx$/,
              priority: 0,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/v1': { target: apiOrigin } },
  },
  preview: {
    headers: { 'Content-Security-Policy': contentSecurityPolicy() },
    proxy: { '/v1': { target: apiOrigin } },
  },
});
