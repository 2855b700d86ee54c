// `npm test`: every tier of the suite, in order, stopping at the first failure.
//   1. unit tests (packages, API units, web units)
//   2. API component tests on the embedded database (PGlite)
//   3. the same on PostgreSQL when TEST_DATABASE_URL is set (a fresh database per test file)
//   4. browser journeys in Debian's Chromium against the built app served by the real API (one
//      server per two cores, each with its own Playwright worker), then `ledger:check` on each
//      server's database
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);

function step(title, command, args, env = {}) {
  console.log(`\n━━ ${title}`);
  const started = Date.now();
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) {
    console.error(`\n✗ ${title} failed`);
    process.exit(result.status ?? 1);
  }
  console.log(`✓ ${title} (${String(Math.round((Date.now() - started) / 1000))} s)`);
}

const withoutServer = { ...process.env };
delete withoutServer.TEST_DATABASE_URL;

step('Unit tests', bin('vitest'), ['run', '--project', 'unit', '--project', 'unit-mocks']);
step('API tests on the embedded database (PGlite)', bin('vitest'), ['run', '--project', 'api'], {
  TEST_DATABASE_URL: '',
});
if (process.env.TEST_DATABASE_URL) {
  step('API tests on PostgreSQL', bin('vitest'), ['run', '--project', 'api']);
} else {
  console.log('\n(TEST_DATABASE_URL is not set: skipping the PostgreSQL run of the API tests)');
}

if (process.env.SKIP_BROWSER_TESTS === '1') {
  console.log('\n(SKIP_BROWSER_TESTS=1: skipping the browser journeys)');
  process.exit(0);
}
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(
    `\nBrowser tests need Chromium at ${chromium}: install it with \`sudo apt-get install -y chromium\`,` +
      ' set CHROMIUM_PATH, or set SKIP_BROWSER_TESTS=1 to skip them.',
  );
  process.exit(1);
}

/** A free TCP port on the loopback interface. */
const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(),
      );
    });
  });

// The journeys run on E2E_SERVERS servers at once, each with its own embedded database and
// sandbox clock, and one Playwright worker per server (the config gives each worker its server):
// a journey that moves the clock never moves another's. One server per two cores by default: a
// server, its Chromium and its worker keep about one and a half cores busy, and on two cores two
// servers saturated the machine (12.6 → 10.4 min, one journey timed out; docs/decisions/0033).
const serverCount = Number(
  process.env.E2E_SERVERS ?? Math.min(4, Math.max(1, Math.floor(os.availableParallelism() / 2))),
);
if (!Number.isInteger(serverCount) || serverCount < 1 || serverCount > 8) {
  console.error('E2E_SERVERS must be a whole number from 1 to 8');
  process.exit(1);
}

const children = [];
// A server is never left running when this script stops, whatever stopped it.
process.on('exit', () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
});

/**
 * The built app served by the real API, as `npm start` serves it, but not in production mode:
 * production refuses the sandbox providers and the demo user the journeys rely on (decision
 * 0015). Nothing else the journeys see depends on NODE_ENV; the one difference is that the
 * session cookie is not marked Secure, which the journeys over plain http do not look at.
 */
async function startServer() {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ajo-e2e-'));
  const env = {
    ...withoutServer,
    NODE_ENV: 'development',
    APP_SECRET: 'e2e-only-secret-0123456789abcdef0123456789',
    SANDBOX: 'true',
    SEED_DEMO: 'true',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '100000',
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
  };
  delete env.DATABASE_URL;
  const url = `http://127.0.0.1:${String(port)}`;
  console.log(`\n━━ Starting the app for browser journeys on ${url}`);
  const child = spawn(process.execPath, ['apps/api/src/main.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk.toString();
  });
  const deadline = Date.now() + 60_000;
  while (!output.includes('Ajo is running')) {
    if (child.exitCode !== null || Date.now() > deadline) {
      console.error(`The app did not start:\n${output}`);
      process.exit(1);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', resolve);
      child.kill('SIGTERM');
    });
  return { url, env, dataDir, stop };
}

const servers = await Promise.all(Array.from({ length: serverCount }, () => startServer()));
const e2e = spawnSync(bin('playwright'), ['test', '-c', 'apps/web/playwright.config.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, E2E_BASE_URLS: servers.map((server) => server.url).join(',') },
});
await Promise.all(servers.map((server) => server.stop()));
if (e2e.status !== 0) {
  console.error('\n✗ Browser journeys failed');
  process.exit(e2e.status ?? 1);
}
console.log('✓ Browser journeys');
for (const [index, server] of servers.entries()) {
  step(
    `Ledger check on the browser journeys’ database (server ${String(index + 1)} of ${String(serverCount)})`,
    process.execPath,
    ['apps/api/src/scripts/ledger-check.ts'],
    server.env,
  );
  rmSync(server.dataDir, { recursive: true, force: true });
}
console.log('\nAll tests passed.');
