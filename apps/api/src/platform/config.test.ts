import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { committedSecrets, ConfigError, loadConfig } from './config.ts';

/** A production environment that boots: real providers named, SMTP, a secret made for the run. */
const productionEnv = (): Record<string, string> => ({
  NODE_ENV: 'production',
  APP_SECRET: randomBytes(32).toString('base64'),
  PAYMENTS_PROVIDER: 'paystack',
  PAYSTACK_SECRET_KEY: 'sk_live_abc',
  IDENTITY_PROVIDER: 'dojah',
  DOJAH_APP_ID: 'app',
  DOJAH_SECRET_KEY: 'dojah-secret',
  BILLS_PROVIDER: 'vtpass',
  VTPASS_API_KEY: 'vtpass-api-key',
  VTPASS_SECRET_KEY: 'SK_vtpass-secret',
  VTPASS_PUBLIC_KEY: 'PK_vtpass-public',
  CARDS_PROVIDER: 'sudo',
  SUDO_API_KEY: 'sudo-api-key',
  SUDO_DEBIT_ACCOUNT_ID: 'sudo-debit-account',
  SUDO_FUNDING_SOURCE_ID: 'sudo-funding-source',
  SUDO_WEBHOOK_TOKEN: 'sudo-webhook-token-0123456789',
  SMTP_URL: 'smtp://mailer:password@smtp.example.com:587',
});

describe('configuration from the environment', () => {
  it('when nothing is set, then the defaults start the app on port 3000 in sandbox mode', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.sandbox).toBe(true);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toMatch(/\.data\/ajo$/);
    expect(config.seedDemo).toBe(true);
  });

  it('when running in production, then the sandbox and demo data are off by default', () => {
    const config = loadConfig(productionEnv());
    expect(config.sandbox).toBe(false);
    expect(config.seedDemo).toBe(false);
    expect(config.isProduction).toBe(true);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/ajo'],
    ['REDIS_URL', 'not a url'],
    ['NODE_ENV', 'staging'],
    ['LOG_LEVEL', 'loud'],
    ['SANDBOX', 'maybe'],
    ['PAYMENTS_PROVIDER', 'flutterwave'],
    ['PAYSTACK_SECRET_KEY', 'pk_test_public'],
    ['IDENTITY_PROVIDER', 'nobody'],
    ['TRUST_PROXY', 'true'],
    ['TRUST_PROXY', '10.0.0.1; rm -rf'],
  ])('when %s is %s, then one clear line names the variable', (variable, value) => {
    expect(() => loadConfig({ [variable]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [variable]: value })).toThrow(
      new RegExp(`^Invalid configuration: ${variable} `),
    );
  });

  it('when TRUST_PROXY is unset, a hop count or addresses, then the proxy setting follows it', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig(productionEnv()).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 2001:db8::/32,loopback' }).trustProxy).toBe(
      '10.0.0.0/8, 2001:db8::/32,loopback',
    );
  });

  it('when production runs without APP_SECRET, then it refuses to start', () => {
    expect(() => loadConfig({ ...productionEnv(), APP_SECRET: '' })).toThrow(
      /APP_SECRET is required/,
    );
  });

  it('when Paystack or Dojah is chosen without its keys, then it refuses to start', () => {
    expect(() => loadConfig({ PAYMENTS_PROVIDER: 'paystack' })).toThrow(
      /PAYSTACK_SECRET_KEY is required/,
    );
    expect(() => loadConfig({ IDENTITY_PROVIDER: 'dojah', DOJAH_APP_ID: 'app' })).toThrow(
      /DOJAH_APP_ID and DOJAH_SECRET_KEY are required/,
    );
    const config = loadConfig({
      PAYMENTS_PROVIDER: 'paystack',
      PAYSTACK_SECRET_KEY: 'sk_test_abc',
    });
    expect(config.payments).toMatchObject({ provider: 'paystack', secretKey: 'sk_test_abc' });
    expect(loadConfig({}).payments).toEqual({ provider: 'sandbox' });
  });

  it('when a variable is empty, then its default applies', () => {
    expect(loadConfig({ PORT: '' }).port).toBe(3000);
  });
});

describe('production refuses the sandbox and every public secret', () => {
  it('when production names real providers, SMTP and its own secret, then it starts with no sandbox', () => {
    const config = loadConfig({ ...productionEnv(), SANDBOX: 'false', SEED_DEMO: 'false' });
    expect(config.sandbox).toBe(false);
    expect(config.seedDemo).toBe(false);
    expect(config.payments.provider).toBe('paystack');
    expect(config.identity.provider).toBe('dojah');
    expect(config.smtpUrl).toMatch(/^smtp:/);
  });

  it.each([
    ['PAYMENTS_PROVIDER', { PAYMENTS_PROVIDER: '' }],
    ['PAYMENTS_PROVIDER', { PAYMENTS_PROVIDER: 'sandbox' }],
    ['IDENTITY_PROVIDER', { IDENTITY_PROVIDER: '' }],
    ['IDENTITY_PROVIDER', { IDENTITY_PROVIDER: 'sandbox' }],
    ['BILLS_PROVIDER', { BILLS_PROVIDER: '' }],
    ['BILLS_PROVIDER', { BILLS_PROVIDER: 'sandbox' }],
    ['CARDS_PROVIDER', { CARDS_PROVIDER: '' }],
    ['CARDS_PROVIDER', { CARDS_PROVIDER: 'sandbox' }],
    ['SMTP_URL', { SMTP_URL: '' }],
    ['SANDBOX', { SANDBOX: 'true' }],
    ['SANDBOX', { SANDBOX: '1' }],
    ['SEED_DEMO', { SEED_DEMO: 'true' }],
    ['APP_SECRET', { APP_SECRET: '' }],
    ['TEST_CRASH_AT', { TEST_CRASH_AT: 'after_hold' }],
  ])('when production gets a bad %s (%o), then one line names it', (variable, override) => {
    const load = () => loadConfig({ ...productionEnv(), ...override });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(new RegExp(`^Invalid configuration: ${variable} [^\\n]+$`));
  });

  it.each(committedSecrets)(
    'when production gets the committed secret %s, then it refuses it without echoing it',
    (secret) => {
      const refusal = () => {
        try {
          loadConfig({ ...productionEnv(), APP_SECRET: secret });
          return 'started';
        } catch (error) {
          return error instanceof ConfigError ? error.message : 'another error';
        }
      };
      expect(refusal()).toMatch(
        /^Invalid configuration: APP_SECRET is a value committed to the repository/,
      );
      expect(refusal()).not.toContain(secret);
    },
  );

  it('when the repository holds a secret-looking literal, then production refuses it too', () => {
    const found = secretLiteralsInRepository();
    // The search must see at least the development secret, or it is not searching at all.
    expect(found.map(({ secret }) => secret)).toContain(
      'ajo-development-secret-not-for-production-use',
    );
    const missing = found.filter(({ secret }) => !committedSecrets.includes(secret));
    expect(missing, 'add these to committedSecrets in config.ts').toEqual([]);
  });
});

const repositoryRoot = path.resolve(import.meta.dirname, '../../../..');

/**
 * Literals of 32+ characters given to anything named like a secret (`appSecret: '…'`,
 * `developmentSecret = '…'`, `APP_SECRET=…` in shell or YAML), in every file git would commit.
 */
function secretLiteralsInRepository(): { file: string; secret: string }[] {
  const quoted = /\w*secret\w*['"]?\s*(?:[:=]|\?\?)\s*(['"`])([^'"`\n]{32,})\1/gi;
  const bare = /APP_SECRET\s*[:=]\s*([\w\-+/=.~]{32,})/g;
  const files = execFileSync(
    'git',
    ['ls-files', '--cached', '--others', '--exclude-standard', '-z'],
    {
      cwd: repositoryRoot,
      encoding: 'utf8',
    },
  )
    .split('\0')
    .filter(Boolean);
  const found: { file: string; secret: string }[] = [];
  for (const file of files) {
    const absolute = path.join(repositoryRoot, file);
    // Deleted but still listed files, and the lockfile's megabytes, hold no secrets of ours.
    if (!statSync(absolute, { throwIfNoEntry: false })?.isFile()) continue;
    if (statSync(absolute).size > 1_000_000) continue;
    const text = readFileSync(absolute, 'utf8');
    for (const match of text.matchAll(quoted)) found.push({ file, secret: match[2] ?? '' });
    for (const match of text.matchAll(bare)) found.push({ file, secret: match[1] ?? '' });
  }
  return found;
}
