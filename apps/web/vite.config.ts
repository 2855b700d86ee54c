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
 * The same policy the API serves the built app under, so `vite preview` (used for local e2e runs)
 * fails the same way production would if anything inline sneaks into the bundle.
 */
const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
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
        .filter((entry) => entry.isFile() && /\.(?:js|css|html|svg|json|txt)$/.test(entry.name))
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
  plugins: [react(), tailwindcss(), sonnerWithoutInlineStyles(), precompressBuild()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]/,
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
    headers: { 'Content-Security-Policy': contentSecurityPolicy },
    proxy: { '/v1': { target: apiOrigin } },
  },
});
