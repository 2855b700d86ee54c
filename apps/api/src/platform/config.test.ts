import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

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
    const config = loadConfig({ NODE_ENV: 'production', APP_SECRET: 'x'.repeat(32) });
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
    expect(loadConfig({ NODE_ENV: 'production', APP_SECRET: 'x'.repeat(32) }).trustProxy).toBe(
      false,
    );
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 2001:db8::/32,loopback' }).trustProxy).toBe(
      '10.0.0.0/8, 2001:db8::/32,loopback',
    );
  });

  it('when production runs without APP_SECRET, then it refuses to start', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/APP_SECRET is required/);
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
