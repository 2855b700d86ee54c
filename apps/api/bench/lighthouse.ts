/**
 * Row (l): Lighthouse's mobile preset (simulated throttling) on `/login`, Home and `/wallet` of the
 * built app served by the real API, in Debian's Chromium. Home and `/wallet` are opened as the demo
 * user: the bench signs in through the API and sends the session cookie with every request.
 * Lighthouse is noisy, so each page runs several times and the median is judged (QUALITY.md).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { demoUser } from '../src/db/seed.ts';
import { percentile } from './stats.ts';

export const lighthousePages = [
  { id: 'l1', name: '/login', path: '/login', signedIn: false },
  { id: 'l2', name: 'Home', path: '/', signedIn: true },
  { id: 'l3', name: '/wallet', path: '/wallet', signedIn: true },
] as const;

export type LighthousePageId = (typeof lighthousePages)[number]['id'];

/** One Lighthouse run of one page: its two category scores and the metrics behind performance. */
export interface LighthouseRun {
  performance: number;
  accessibility: number;
  /** Where the page ended up (a signed-in page that answers /login means the cookie was refused). */
  finalUrl: string;
  metricsMs: { fcp: number; lcp: number; tbt: number; speedIndex: number };
  cls: number;
  /** Lighthouse's own measure of how fast this machine was during the run (higher is faster). */
  benchmarkIndex: number;
  /** Accessibility audits that failed, by id, so a regression is named in the report. */
  failedAccessibilityAudits: string[];
}

export interface LighthousePage {
  id: LighthousePageId;
  name: string;
  path: string;
  runs: LighthouseRun[];
  /** The medians the budget judges (nearest rank, as the other rows). */
  median: Omit<LighthouseRun, 'finalUrl' | 'failedAccessibilityAudits'>;
}

const chromiumFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
];

/** Signs the demo user in through the API, as the web app does, and answers its cookie. */
async function demoSessionCookie(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'ajo-web' },
    body: JSON.stringify({ email: demoUser.email, password: demoUser.password }),
  });
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith('ajo_session='));
  if (!response.ok || !cookie) {
    throw new Error(`demo sign-in answered ${String(response.status)}: ${await response.text()}`);
  }
  return cookie.split(';')[0] ?? '';
}

const median = (values: readonly number[]) =>
  percentile(
    [...values].sort((left, right) => left - right),
    0.5,
  );

/**
 * Runs Lighthouse `runs` times on each page, one page after the other in one Chromium, and answers
 * each page's runs and medians.
 */
export async function measureLighthouse(
  baseUrl: string,
  chromiumPath: string,
  runs: number,
  onRun: (page: string, run: LighthouseRun) => void,
): Promise<LighthousePage[]> {
  const cookie = await demoSessionCookie(baseUrl);
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: chromiumFlags,
  });
  try {
    const pages: LighthousePage[] = [];
    for (const page of lighthousePages) {
      const pageRuns: LighthouseRun[] = [];
      for (let run = 0; run < runs; run += 1) {
        const result = await runAgainIfTracingBroke(page.path, () =>
          lighthouse(`${baseUrl}${page.path}`, {
            port: chrome.port,
            logLevel: 'error',
            output: 'json',
            onlyCategories: ['performance', 'accessibility'],
            ...(page.signedIn ? { extraHeaders: { Cookie: cookie } } : {}),
          }),
        );
        const measured = readRun(result.lhr, page.path);
        // `BENCH_LIGHTHOUSE_DIR=<dir>` keeps each run's whole report (the LCP element, the
        // long tasks, the request chain) to find where a page's score went.
        const keepIn = process.env.BENCH_LIGHTHOUSE_DIR;
        if (keepIn) {
          await mkdir(keepIn, { recursive: true });
          await writeFile(
            path.join(keepIn, `${page.id}-${String(run + 1)}.json`),
            JSON.stringify(result.lhr),
          );
        }
        onRun(page.name, measured);
        pageRuns.push(measured);
      }
      pages.push({
        id: page.id,
        name: page.name,
        path: page.path,
        runs: pageRuns,
        median: {
          performance: median(pageRuns.map((run) => run.performance)),
          accessibility: median(pageRuns.map((run) => run.accessibility)),
          metricsMs: {
            fcp: median(pageRuns.map((run) => run.metricsMs.fcp)),
            lcp: median(pageRuns.map((run) => run.metricsMs.lcp)),
            tbt: median(pageRuns.map((run) => run.metricsMs.tbt)),
            speedIndex: median(pageRuns.map((run) => run.metricsMs.speedIndex)),
          },
          cls: median(pageRuns.map((run) => run.cls)),
          benchmarkIndex: median(pageRuns.map((run) => run.benchmarkIndex)),
        },
      });
    }
    return pages;
  } finally {
    chrome.kill();
  }
}

type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>;
type Report = Result['lhr'];

/**
 * Lighthouse's own failures to record a trace ("Please run Lighthouse again", NO_NAVSTART on a
 * busy machine) say nothing about the page: such a run is taken again, up to twice, instead of
 * counting as a 0. A page that never paints (NO_FCP) or answers an error still scores 0.
 */
const tracingFailures = new Set(['NO_NAVSTART', 'NO_TRACING_STARTED', 'PROTOCOL_TIMEOUT']);

async function runAgainIfTracingBroke(
  path: string,
  run: () => ReturnType<typeof lighthouse>,
): Promise<Result> {
  for (let attempt = 1; ; attempt += 1) {
    const result = await run();
    if (!result) throw new Error(`Lighthouse answered nothing for ${path}`);
    const code = result.lhr.runtimeError?.code;
    if (code === undefined || !tracingFailures.has(code) || attempt === 3) return result;
    console.warn(`Lighthouse could not trace ${path} (${code}); running it again`);
  }
}

/**
 * A run that broke (no paint, an error page) or ended on another page (a refused session sends Home
 * to /login) scores 0, so it can only fail the budget.
 */
function readRun(lhr: Report, path: string): LighthouseRun {
  const metric = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? Number.NaN);
  const accessibility = lhr.categories.accessibility;
  const onPage = new URL(lhr.finalDisplayedUrl).pathname === path;
  return {
    performance: onPage ? (lhr.categories.performance?.score ?? 0) : 0,
    accessibility: accessibility?.score ?? 0,
    finalUrl: lhr.finalDisplayedUrl,
    metricsMs: {
      fcp: metric('first-contentful-paint'),
      lcp: metric('largest-contentful-paint'),
      tbt: metric('total-blocking-time'),
      speedIndex: metric('speed-index'),
    },
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    failedAccessibilityAudits: (accessibility?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0)
      .map((ref) => ref.id),
  };
}
