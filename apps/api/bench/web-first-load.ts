import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { request } from 'node:http';
import { chromium } from 'playwright-core';
import { repositoryRoot } from './api-server.ts';

export interface FirstLoad {
  /**
   * JavaScript files the page fetched before the network went quiet, each as the API sends it:
   * `bytes` uncompressed, `gzipBytes` to a client accepting only gzip (the budget's measure),
   * `brotliBytes` to one accepting brotli (what Chromium is actually sent).
   */
  files: { name: string; bytes: number; gzipBytes: number; brotliBytes: number }[];
  gzipBytes: number;
  brotliBytes: number;
}

/** The body's length on the wire for one `Accept-Encoding`, undecoded. */
function sentBytes(url: string, acceptEncoding: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { headers: { 'accept-encoding': acceptEncoding } }, (answer) => {
      if (answer.statusCode !== 200) {
        answer.resume();
        reject(new Error(`${url} answered ${String(answer.statusCode)}`));
        return;
      }
      let length = 0;
      answer.on('data', (chunk: Buffer) => {
        length += chunk.length;
      });
      answer.on('end', () => {
        resolve(length);
      });
      answer.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Builds the web app as `npm start` serves it, so the figure is for the code as it is now. */
export function buildWebApp(): void {
  const build = spawnSync('npm', ['run', 'build'], { cwd: repositoryRoot, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`npm run build failed:\n${build.stderr}`);
}

export const chromiumMissing = () => !existsSync(chromiumPath);

/**
 * Opens `url` in Debian's Chromium with an empty cache, notes the JavaScript it fetched until the
 * network was idle, and adds up what the API sends for each file (QUALITY.md: first load of
 * /login ≤ 120 kB of JavaScript gzipped). A file the API sent uncompressed counts in full.
 */
export async function measureFirstLoad(url: string): Promise<FirstLoad> {
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
    ],
  });
  try {
    const page = await browser.newPage();
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.url());
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    const files = await Promise.all(
      scripts.map(async (scriptUrl) => ({
        name: new URL(scriptUrl).pathname,
        bytes: await sentBytes(scriptUrl, 'identity'),
        gzipBytes: await sentBytes(scriptUrl, 'gzip'),
        brotliBytes: await sentBytes(scriptUrl, 'br'),
      })),
    );
    const total = (key: 'gzipBytes' | 'brotliBytes') =>
      files.reduce((sum, file) => sum + file[key], 0);
    return { files, gzipBytes: total('gzipBytes'), brotliBytes: total('brotliBytes') };
  } finally {
    await browser.close();
  }
}
