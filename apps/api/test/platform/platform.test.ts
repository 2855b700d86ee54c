import { createHash, randomBytes } from 'node:crypto';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { databaseKind } from '../support/test-database.ts';

describe(`platform endpoints (${databaseKind})`, () => {
  let context: TestContext;
  let webDistDir: string;
  beforeAll(async () => {
    webDistDir = await mkdtemp(path.join(os.tmpdir(), 'ajo-web-'));
    await mkdir(path.join(webDistDir, 'assets'));
    await writeFile(
      path.join(webDistDir, 'index.html'),
      '<!doctype html><head><title>Ajo</title><style>body{margin:0}</style><link rel="modulepreload" crossorigin href="/assets/sign-in-s1.js"></head>',
    );
    // As the build writes it: the chunks of Home and the wallet beyond the entry's, and under *
    // those of every signed-in page (the signed-in route table).
    await writeFile(
      path.join(webDistDir, 'route-preloads.json'),
      JSON.stringify({
        '*': ['/assets/signed-in-routes-r1.js'],
        '/': ['/assets/signed-in-routes-r1.js', '/assets/home-h1.js', '/assets/sign-in-s1.js'],
        '/wallet': ['/assets/signed-in-routes-r1.js', '/assets/wallet-w1.js'],
      }),
    );
    await writeFile(path.join(webDistDir, 'assets', 'app-abc123.js'), 'console.log(1)');
    // As the build leaves it (apps/web/vite.config.ts): compressed copies beside the file.
    const bundle = `console.log(${'"Ajo", '.repeat(200)}2)`;
    await writeFile(path.join(webDistDir, 'assets', 'bundle-def456.js'), bundle);
    await writeFile(path.join(webDistDir, 'assets', 'bundle-def456.js.gz'), gzipSync(bundle));
    await writeFile(
      path.join(webDistDir, 'assets', 'bundle-def456.js.br'),
      brotliCompressSync(bundle),
    );
    context = await createTestApp({ env: { WEB_DIST_DIR: webDistDir } });
  });
  afterAll(async () => {
    await context.close();
    await rm(webDistDir, { recursive: true, force: true });
  });

  it('when /healthz is asked, then the process answers alive', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('when /readyz is asked, then the database and migrations are reported ready', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      checks: { database: 'ok', migrations: 'ok' },
    });
  });

  it('when the OpenAPI document is fetched, then it describes the /v1 operations', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/v1/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toContain('/v1/configurations');
  });

  it('when /docs is opened, then the interactive documentation is served', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
  });

  it('when a file of an older release is asked for, then it is a 404, not the page as a script', async () => {
    const served = await context.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(served.statusCode).toBe(200);
    const gone = await context.app.inject({ method: 'GET', url: '/assets/app-0ld000.js' });
    expect(gone.statusCode).toBe(404);
    expect(gone.headers['content-type']).toMatch(/application\/json/);
    expect(gone.json()).toMatchObject({ code: 'not_found' });
    // A route the app owns is still the page.
    const page = await context.app.inject({ method: 'GET', url: '/assets-and-more' });
    expect(page.headers['content-type']).toMatch(/text\/html/);
  });

  it('when any page is served, then the security headers are set', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/wallet' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
  });

  it('when cards come from Sudo, then the web app may call its vault and nothing else besides us', async () => {
    const withSudo = await createTestApp({
      env: {
        CARDS_PROVIDER: 'sudo',
        SUDO_API_KEY: 'sudo-api-key',
        SUDO_VAULT_URL: 'https://vault.sandbox.sudo.cards/',
        SUDO_DEBIT_ACCOUNT_ID: 'sudo-debit-account',
        SUDO_FUNDING_SOURCE_ID: 'sudo-funding-source',
        SUDO_WEBHOOK_TOKEN: 'sudo-webhook-token-0123456789',
      },
    });
    try {
      const response = await withSudo.app.inject({ method: 'GET', url: '/dollar-cards' });
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("connect-src 'self' https://vault.sandbox.sudo.cards;");
    } finally {
      await withSudo.close();
    }
    const ours = await context.app.inject({ method: 'GET', url: '/dollar-cards' });
    expect(String(ours.headers['content-security-policy'])).toContain("connect-src 'self';");
  });

  it('when the built page has an inline style, then the CSP allows it by its hash and no other inline style', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/login' });
    const csp = String(response.headers['content-security-policy']);
    const hash = createHash('sha256').update('body{margin:0}').digest('base64');
    expect(csp).toContain(`style-src 'self' 'sha256-${hash}';`);
    expect(csp).not.toContain('unsafe-inline');
  });

  it('when a web route is opened, then the single-page app is served', async () => {
    for (const url of ['/', '/wallet', '/savings/target-savings/abc', '/no/such/page?x=1']) {
      const response = await context.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<title>Ajo</title>');
    }
  });

  it("when a signed-in visitor opens Home or the wallet, then the page's chunks are preloaded, on other pages the signed-in route table; a visitor signed out gets the page as built", async () => {
    const page = async (url: string, cookie?: string) => {
      const response = await context.app.inject({
        method: 'GET',
        url,
        headers: cookie ? { cookie } : {},
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers.vary).toMatch(/Cookie/);
      return response.body;
    };
    const home = await page('/', 'ajo_session=some-token');
    expect(home).toContain('<link rel="modulepreload" crossorigin href="/assets/home-h1.js">');
    // Already in the page: not twice.
    expect(home.match(/sign-in-s1\.js/g)).toHaveLength(1);
    expect(await page('/wallet', 'ajo_session=some-token')).toContain('/assets/wallet-w1.js');
    expect(await page('/')).not.toContain('home-h1.js');
    const settings = await page('/settings', 'ajo_session=some-token');
    expect(settings).not.toMatch(/home-h1|wallet-w1/);
    expect(settings).toContain('/assets/signed-in-routes-r1.js');
    expect(await page('/settings')).not.toContain('signed-in-routes-r1.js');
  });

  it('when a built asset is fetched, then it is cached as immutable', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('when a built asset has compressed copies, then the best one the client accepts is sent', async () => {
    const url = '/assets/bundle-def456.js';
    const fetchWith = (acceptEncoding: string) =>
      context.app.inject({ method: 'GET', url, headers: { 'accept-encoding': acceptEncoding } });

    const brotli = await fetchWith('gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toMatch(/^console\.log\("Ajo"/);

    const gzipped = await fetchWith('gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toMatch(/^console\.log\("Ajo"/);

    const plain = await fetchWith('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toMatch(/^console\.log\("Ajo"/);

    for (const answer of [brotli, gzipped, plain]) {
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toMatch(/javascript/);
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
      expect(answer.headers['cache-control']).toContain('immutable');
    }
  });

  it('when an unknown API path or a non-GET page is asked, then it answers JSON 404', async () => {
    for (const [method, url] of [
      ['GET', '/v1/nope'],
      ['POST', '/wallet'],
      ['DELETE', '/v1/configurations'],
    ] as const) {
      const response = await context.app.inject({ method, url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'not_found', errors: [] });
    }
  });

  it('when configurations are listed, then the seedless database answers an empty list', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/v1/configurations' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'configurations', data: { items: [] } });
  });

  it('when an unknown query parameter is sent, then it is refused with 400', async () => {
    const response = await context.app.inject({
      method: 'GET',
      url: '/v1/configurations?nam=exchange_rate',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation_failed' });
  });
});

describe('rate limits', () => {
  it('when a client goes over the limit, then it answers 429 in the error shape', async () => {
    const context = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '3' } });
    try {
      const statuses = [];
      for (let attempt = 0; attempt < 4; attempt += 1) {
        statuses.push(
          (await context.app.inject({ method: 'GET', url: '/v1/configurations' })).statusCode,
        );
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      const limited = await context.app.inject({ method: 'GET', url: '/v1/configurations' });
      expect(limited.json()).toMatchObject({ code: 'rate_limited' });
      expect(limited.json<{ message: string }>().message).toMatch(/try again in \d+ seconds/);
      const health = await context.app.inject({ method: 'GET', url: '/healthz' });
      expect(health.statusCode).toBe(200);
    } finally {
      await context.close();
    }
  });

  it.skipIf(!process.env.TEST_REDIS_URL)(
    'when REDIS_URL is set, then two instances share one limit',
    async () => {
      const env = { RATE_LIMIT_PER_MINUTE: '4', REDIS_URL: process.env.TEST_REDIS_URL ?? '' };
      const first = await createTestApp({ env });
      const second = await createTestApp({ env });
      try {
        // A fresh address for every run: the suite runs twice (PGlite, then PostgreSQL) against
        // the same Redis within one window, so a reused address would start over the limit.
        const remoteAddress = `10.${[...randomBytes(3)].join('.')}`;
        const statuses = [];
        for (const context of [first, second, first, second, first]) {
          const response = await context.app.inject({
            method: 'GET',
            url: '/v1/configurations',
            remoteAddress,
          });
          statuses.push(response.statusCode);
        }
        expect(statuses.filter((status) => status === 429)).toHaveLength(1);
      } finally {
        await first.close();
        await second.close();
      }
    },
  );
});

describe('rate limits on sign-in', () => {
  it('when login is tried too often, then 429 comes before any password is hashed', async () => {
    const context = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '3' } });
    try {
      const statuses = [];
      for (let attempt = 0; attempt < 4; attempt += 1) {
        const response = await context.app.inject({
          method: 'POST',
          url: '/v1/auth/login',
          payload: { email: 'someone@example.com', password: 'guess-number-x' },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
      const other = await context.app.inject({ method: 'GET', url: '/v1/configurations' });
      expect(other.statusCode).toBe(200);
    } finally {
      await context.close();
    }
  });

  /** Sign-in attempts from `remoteAddress`, one per `X-Forwarded-For` value; their statuses. */
  const loginStatuses = async (
    context: TestContext,
    forwardedFors: string[],
    remoteAddress: string,
  ) => {
    const statuses = [];
    for (const forwardedFor of forwardedFors) {
      const response = await context.app.inject({
        method: 'POST',
        url: '/v1/auth/login',
        headers: { 'x-forwarded-for': forwardedFor },
        payload: { email: 'someone@example.com', password: 'guess-number-x' },
        remoteAddress,
      });
      statuses.push(response.statusCode);
    }
    return statuses;
  };

  it('when a client names a new address in X-Forwarded-For on each try, then it is still limited (no proxy is trusted by default)', async () => {
    const context = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '2' } });
    try {
      const statuses = await loginStatuses(
        context,
        ['7.7.7.1', '7.7.7.2', '7.7.7.3'],
        '203.0.113.9',
      );
      expect(statuses).toEqual([401, 401, 429]);
    } finally {
      await context.close();
    }
  });

  it('when TRUST_PROXY is a hop count, then the address the nearest proxy saw is the client', async () => {
    const context = await createTestApp({
      env: { AUTH_RATE_LIMIT_PER_MINUTE: '1', TRUST_PROXY: '1' },
    });
    try {
      const statuses = await loginStatuses(
        context,
        ['6.6.6.6, 7.7.7.1', '6.6.6.6, 7.7.7.1', '6.6.6.6, 7.7.7.2'],
        '203.0.113.9',
      );
      // The client's own claim (6.6.6.6) is ignored; the proxy's entry decides.
      expect(statuses).toEqual([401, 429, 401]);
    } finally {
      await context.close();
    }
  });

  it('when TRUST_PROXY names the proxy, then each client behind it has its own limit', async () => {
    const context = await createTestApp({
      env: { AUTH_RATE_LIMIT_PER_MINUTE: '2', TRUST_PROXY: '203.0.113.0/24' },
    });
    try {
      const statuses = await loginStatuses(
        context,
        ['7.7.7.1', '7.7.7.1', '7.7.7.1', '7.7.7.2'],
        '203.0.113.9',
      );
      expect(statuses).toEqual([401, 401, 429, 401]);
      // From an address that is not the proxy, the header is not believed.
      const direct = await loginStatuses(
        context,
        ['7.7.7.3', '7.7.7.4', '7.7.7.5'],
        '198.51.100.77',
      );
      expect(direct).toEqual([401, 401, 429]);
    } finally {
      await context.close();
    }
  });
});
