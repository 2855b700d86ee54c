import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { chromium, type Response } from 'playwright-core';
import { repositoryRoot } from './api-server.ts';

export interface FirstLoad {
  /** JavaScript files the page fetched before the network went quiet. */
  files: { name: string; bytes: number; gzipBytes: number }[];
  gzipBytes: number;
}

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Builds the web app as `npm start` serves it, so the figure is for the code as it is now. */
export function buildWebApp(): void {
  const build = spawnSync('npm', ['run', 'build'], { cwd: repositoryRoot, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`npm run build failed:\n${build.stderr}`);
}

export const chromiumMissing = () => !existsSync(chromiumPath);

/**
 * Opens `url` in Debian's Chromium with an empty cache and adds up the JavaScript it fetched
 * until the network was idle, each file gzipped as a server would send it (QUALITY.md: first
 * load of /login ≤ 120 kB of JavaScript gzipped).
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
    const scripts: Response[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response);
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    const files = await Promise.all(
      scripts.map(async (response) => {
        const body = await response.body();
        return {
          name: new URL(response.url()).pathname,
          bytes: body.length,
          gzipBytes: gzipSync(body).length,
        };
      }),
    );
    return { files, gzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0) };
  } finally {
    await browser.close();
  }
}
