import { fileURLToPath } from 'node:url';
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

export default defineConfig({
  root: webRoot,
  plugins: [react(), tailwindcss(), sonnerWithoutInlineStyles()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  server: {
    proxy: { '/v1': { target: apiOrigin } },
  },
  preview: {
    headers: { 'Content-Security-Policy': contentSecurityPolicy },
    proxy: { '/v1': { target: apiOrigin } },
  },
});
