import path from 'node:path';
import { z } from 'zod';

const booleanText = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

/** A hop count, or addresses and CIDR ranges (IPv4 or IPv6) and proxy-addr's named ranges. */
const trustedProxyPattern =
  /^(?:[1-9]\d?|(?:(?:[\d.]+|[\da-f:.]+)(?:\/\d{1,3})?|loopback|linklocal|uniquelocal)(?:\s*,\s*(?:(?:[\d.]+|[\da-f:.]+)(?:\/\d{1,3})?|loopback|linklocal|uniquelocal))*)$/i;

/**
 * Every environment variable the API reads. Defaults make `npm start` work on a fresh clone;
 * a wrong value stops the process at boot with one line naming the variable.
 */
const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default('.data/ajo'),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'must be a redis:// URL' }).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SANDBOX: booleanText.optional(),
  WEB_DIST_DIR: z.string().min(1).optional(),
  PUBLIC_URL: z.url().optional(),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(300),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(20),
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1_048_576),
  JOBS_ENABLED: booleanText.default(true),
  JOBS_POLL_INTERVAL_MS: z.coerce.number().int().positive().default(1000),
  SEED_DEMO: booleanText.optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  APP_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  EMAIL_FROM: z.string().min(3).default('Ajo <hello@ajo.test>'),
  ANALYTICS_SINK_URL: z.url().optional(),
  SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(30),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().positive().default(12),
  PAYMENTS_PROVIDER: z.enum(['sandbox', 'paystack']).default('sandbox'),
  PAYSTACK_SECRET_KEY: z
    .string()
    .regex(/^sk_\w+$/, 'must look like sk_test_… or sk_live_…')
    .optional(),
  PAYSTACK_BASE_URL: z.url().default('https://api.paystack.co'),
  PAYSTACK_PREFERRED_BANK: z.string().min(1).default('wema-bank'),
  IDENTITY_PROVIDER: z.enum(['sandbox', 'dojah']).default('sandbox'),
  DOJAH_APP_ID: z.string().min(1).optional(),
  DOJAH_SECRET_KEY: z.string().min(1).optional(),
  DOJAH_BASE_URL: z.url().default('https://api.dojah.io'),
  BILLS_PROVIDER: z.enum(['sandbox', 'vtpass']).default('sandbox'),
  VTPASS_API_KEY: z.string().min(1).optional(),
  VTPASS_SECRET_KEY: z.string().min(1).optional(),
  VTPASS_PUBLIC_KEY: z.string().min(1).optional(),
  VTPASS_BASE_URL: z.url().default('https://vtpass.com/api'),
  CARDS_PROVIDER: z.enum(['sandbox', 'sudo']).default('sandbox'),
  SUDO_API_KEY: z.string().min(1).optional(),
  SUDO_BASE_URL: z.url().default('https://api.sudo.africa'),
  SUDO_VAULT_URL: z.url().default('https://vault.sudo.cards'),
  SUDO_DEBIT_ACCOUNT_ID: z.string().min(1).optional(),
  SUDO_FUNDING_SOURCE_ID: z.string().min(1).optional(),
  SUDO_WEBHOOK_TOKEN: z.string().min(16).optional(),
  CARD_MAX_PER_USER: z.coerce.number().int().min(1).max(10).default(1),
  CHECKOUT_EXPIRY_MINUTES: z.coerce.number().int().positive().default(30),
  TEST_CRASH_AT: z
    .enum([
      'after_hold',
      'after_provider',
      'savings_after_accrual',
      'fixed_income_after_payment',
      'real_estate_after_rent',
      'commodity_after_trade',
      'correction_before_commit',
      'correction_after_commit',
    ])
    .optional(),
  TRUST_PROXY: z
    .string()
    .regex(
      trustedProxyPattern,
      'must be a hop count (1, 2, …) or a comma-separated list of proxy addresses or CIDR ranges',
    )
    .optional(),
});

export type Environment = z.infer<typeof environmentSchema>;

export interface Config {
  nodeEnv: Environment['NODE_ENV'];
  isProduction: boolean;
  host: string;
  port: number;
  /** Folder of the embedded database; `memory://` keeps it in memory (tests). */
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  logLevel: Environment['LOG_LEVEL'];
  /** Sandbox providers and `/v1/sandbox/*`; on by default outside production. */
  sandbox: boolean;
  webDistDir: string;
  /** Where users reach the app; unset, links use the address each request came to. */
  publicUrl: string | undefined;
  rateLimitPerMinute: number;
  /** Sign-in, registration and reset calls per client IP per minute, checked before hashing. */
  authRateLimitPerMinute: number;
  bodyLimitBytes: number;
  jobsEnabled: boolean;
  jobsPollIntervalMs: number;
  seedDemo: boolean;
  shutdownTimeoutMs: number;
  /** Keys the hashes of one-time codes; must be set in production. */
  appSecret: string;
  smtpUrl: string | undefined;
  analyticsSinkUrl: string | undefined;
  emailFrom: string;
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
  payments:
    | { provider: 'sandbox' }
    | { provider: 'paystack'; secretKey: string; baseUrl: string; preferredBank: string };
  identity:
    | { provider: 'sandbox' }
    | { provider: 'dojah'; appId: string; secretKey: string; baseUrl: string };
  bills:
    | { provider: 'sandbox' }
    | { provider: 'vtpass'; apiKey: string; secretKey: string; publicKey: string; baseUrl: string };
  cards:
    | { provider: 'sandbox' }
    | {
        provider: 'sudo';
        apiKey: string;
        baseUrl: string;
        vaultUrl: string;
        debitAccountId: string;
        fundingSourceId: string;
        webhookToken: string;
      };
  /** How many active or frozen virtual dollar cards one person may hold (decision 0025). */
  cardMaxPerUser: number;
  /** A card checkout not paid within this time is marked failed by the reconciler. */
  checkoutExpiryMs: number;
  /**
   * Which proxies' `X-Forwarded-For` to believe for the client's address (rate limits, the
   * verification record): a hop count or their addresses. Unset, the socket's address is the
   * client, so a client cannot name its own address.
   */
  trustProxy: false | number | string;
  /**
   * Tests only: stop the process at this step of a withdrawal, of the savings run between
   * interest and maturities, of the fixed-income run after its first batch of payments, or of
   * the rent run after its first month, of a commodity trade once it is committed and before
   * its answer is stored, or inside and right after a money correction's approval (refused in
   * production).
   */
  testCrashAt:
    | 'after_hold'
    | 'after_provider'
    | 'savings_after_accrual'
    | 'fixed_income_after_payment'
    | 'real_estate_after_rent'
    | 'commodity_after_trade'
    | 'correction_before_commit'
    | 'correction_after_commit'
    | undefined;
}

/** Outside production only: a fixed secret so `npm start` works with no setup. */
const developmentSecret = 'ajo-development-secret-not-for-production-use';

/**
 * Every APP_SECRET value ever written into the repository. They are public, so production refuses
 * them; `config.test.ts` searches the repository for secret-looking literals and fails when one is
 * missing here.
 */
export const committedSecrets: readonly string[] = [
  developmentSecret,
  'e2e-only-secret-0123456789abcdef0123456789',
  'ajo-bench-secret-0123456789-abcdefghijklmnop',
  'withdrawal-process-tests-secret-0123456789abcdef',
  'production-test-secret-0123456789abcdef',
  'sandbox-webhook-secret-for-tests',
  'a-test-secret-that-is-long-enough-0123456789',
  // The sandbox operators' authenticator secrets (db/seed.ts): public, so never an APP_SECRET.
  'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  'KRUGS4ZANFZSAYJAONSWG4TFOQQGC3TE',
];

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const repositoryRoot = path.resolve(import.meta.dirname, '../../../..');

interface ProductionRule {
  variable: keyof Environment;
  /** The rest of the line after the variable's name. */
  reason: string;
  refuses(values: Environment): boolean;
}

/**
 * What production refuses. Each default that makes `npm start` work offline (sandbox providers,
 * the outbox, the demo user, the development secret) would be a hole with real customers: a test
 * BVN verified, money minted by a sandbox route, sign-up codes readable by anyone. So production
 * names every real provider itself and no sandbox switch is accepted.
 */
const productionRules: readonly ProductionRule[] = [
  {
    variable: 'APP_SECRET',
    reason: 'is required in production',
    refuses: (values) => !values.APP_SECRET,
  },
  {
    variable: 'APP_SECRET',
    reason: 'is a value committed to the repository; generate your own (openssl rand -base64 48)',
    refuses: (values) => committedSecrets.includes(values.APP_SECRET ?? ''),
  },
  {
    variable: 'SANDBOX',
    reason: 'is refused in production (it opens the sandbox mailbox and money routes)',
    refuses: (values) => values.SANDBOX === true,
  },
  {
    variable: 'SEED_DEMO',
    reason: 'is refused in production (the demo user has a public password and a funded wallet)',
    refuses: (values) => values.SEED_DEMO === true,
  },
  {
    variable: 'PAYMENTS_PROVIDER',
    reason: 'must name a real provider in production (paystack); the sandbox is refused',
    refuses: (values) => values.PAYMENTS_PROVIDER === 'sandbox',
  },
  {
    variable: 'IDENTITY_PROVIDER',
    reason: 'must name a real provider in production (dojah); the sandbox is refused',
    refuses: (values) => values.IDENTITY_PROVIDER === 'sandbox',
  },
  {
    variable: 'BILLS_PROVIDER',
    reason: 'must name a real provider in production (vtpass); the sandbox is refused',
    refuses: (values) => values.BILLS_PROVIDER === 'sandbox',
  },
  {
    variable: 'CARDS_PROVIDER',
    reason: 'must name a real provider in production (sudo); the sandbox is refused',
    refuses: (values) => values.CARDS_PROVIDER === 'sandbox',
  },
  {
    variable: 'SMTP_URL',
    reason: 'is required in production (without it emails only land in the sandbox outbox)',
    refuses: (values) => !values.SMTP_URL,
  },
  {
    variable: 'TEST_CRASH_AT',
    reason: 'is for tests and refused in production',
    refuses: (values) => values.TEST_CRASH_AT !== undefined,
  },
];

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = environmentSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const variable = issue?.path.join('.') ?? 'environment';
    throw new ConfigError(
      `Invalid configuration: ${variable} ${issue?.message ?? 'is invalid'} (got "${String(env[variable])}")`,
    );
  }
  const values = parsed.data;
  const isProduction = values.NODE_ENV === 'production';
  const refusal = isProduction ? productionRules.find((rule) => rule.refuses(values)) : undefined;
  if (refusal) {
    throw new ConfigError(`Invalid configuration: ${refusal.variable} ${refusal.reason}`);
  }
  if (values.PAYMENTS_PROVIDER === 'paystack' && !values.PAYSTACK_SECRET_KEY) {
    throw new ConfigError(
      'Invalid configuration: PAYSTACK_SECRET_KEY is required when PAYMENTS_PROVIDER is paystack',
    );
  }
  if (values.IDENTITY_PROVIDER === 'dojah' && (!values.DOJAH_APP_ID || !values.DOJAH_SECRET_KEY)) {
    throw new ConfigError(
      'Invalid configuration: DOJAH_APP_ID and DOJAH_SECRET_KEY are required when IDENTITY_PROVIDER is dojah',
    );
  }
  if (
    values.BILLS_PROVIDER === 'vtpass' &&
    (!values.VTPASS_API_KEY || !values.VTPASS_SECRET_KEY || !values.VTPASS_PUBLIC_KEY)
  ) {
    throw new ConfigError(
      'Invalid configuration: VTPASS_API_KEY, VTPASS_SECRET_KEY and VTPASS_PUBLIC_KEY are required when BILLS_PROVIDER is vtpass',
    );
  }
  if (
    values.CARDS_PROVIDER === 'sudo' &&
    (!values.SUDO_API_KEY ||
      !values.SUDO_DEBIT_ACCOUNT_ID ||
      !values.SUDO_FUNDING_SOURCE_ID ||
      !values.SUDO_WEBHOOK_TOKEN)
  ) {
    throw new ConfigError(
      'Invalid configuration: SUDO_API_KEY, SUDO_DEBIT_ACCOUNT_ID, SUDO_FUNDING_SOURCE_ID and SUDO_WEBHOOK_TOKEN are required when CARDS_PROVIDER is sudo',
    );
  }
  const dataDir =
    values.DATA_DIR === 'memory://'
      ? values.DATA_DIR
      : path.resolve(repositoryRoot, values.DATA_DIR);
  return {
    nodeEnv: values.NODE_ENV,
    isProduction,
    host: values.HOST,
    port: values.PORT,
    dataDir,
    databaseUrl: values.DATABASE_URL,
    redisUrl: values.REDIS_URL,
    logLevel: values.LOG_LEVEL,
    sandbox: values.SANDBOX ?? !isProduction,
    webDistDir: path.resolve(repositoryRoot, values.WEB_DIST_DIR ?? 'apps/web/dist'),
    publicUrl: values.PUBLIC_URL?.replace(/\/+$/, ''),
    rateLimitPerMinute: values.RATE_LIMIT_PER_MINUTE,
    authRateLimitPerMinute: values.AUTH_RATE_LIMIT_PER_MINUTE,
    bodyLimitBytes: values.BODY_LIMIT_BYTES,
    jobsEnabled: values.JOBS_ENABLED,
    jobsPollIntervalMs: values.JOBS_POLL_INTERVAL_MS,
    seedDemo: values.SEED_DEMO ?? !isProduction,
    shutdownTimeoutMs: values.SHUTDOWN_TIMEOUT_MS,
    appSecret: values.APP_SECRET ?? developmentSecret,
    smtpUrl: values.SMTP_URL,
    analyticsSinkUrl: values.ANALYTICS_SINK_URL,
    emailFrom: values.EMAIL_FROM,
    sessionIdleMs: values.SESSION_IDLE_MINUTES * 60_000,
    sessionAbsoluteMs: values.SESSION_ABSOLUTE_HOURS * 3_600_000,
    payments:
      values.PAYMENTS_PROVIDER === 'paystack'
        ? {
            provider: 'paystack',
            secretKey: values.PAYSTACK_SECRET_KEY ?? '',
            baseUrl: values.PAYSTACK_BASE_URL,
            preferredBank: values.PAYSTACK_PREFERRED_BANK,
          }
        : { provider: 'sandbox' },
    identity:
      values.IDENTITY_PROVIDER === 'dojah'
        ? {
            provider: 'dojah',
            appId: values.DOJAH_APP_ID ?? '',
            secretKey: values.DOJAH_SECRET_KEY ?? '',
            baseUrl: values.DOJAH_BASE_URL,
          }
        : { provider: 'sandbox' },
    bills:
      values.BILLS_PROVIDER === 'vtpass'
        ? {
            provider: 'vtpass',
            apiKey: values.VTPASS_API_KEY ?? '',
            secretKey: values.VTPASS_SECRET_KEY ?? '',
            publicKey: values.VTPASS_PUBLIC_KEY ?? '',
            baseUrl: values.VTPASS_BASE_URL,
          }
        : { provider: 'sandbox' },
    cards:
      values.CARDS_PROVIDER === 'sudo'
        ? {
            provider: 'sudo',
            apiKey: values.SUDO_API_KEY ?? '',
            baseUrl: values.SUDO_BASE_URL,
            vaultUrl: values.SUDO_VAULT_URL,
            debitAccountId: values.SUDO_DEBIT_ACCOUNT_ID ?? '',
            fundingSourceId: values.SUDO_FUNDING_SOURCE_ID ?? '',
            webhookToken: values.SUDO_WEBHOOK_TOKEN ?? '',
          }
        : { provider: 'sandbox' },
    cardMaxPerUser: values.CARD_MAX_PER_USER,
    checkoutExpiryMs: values.CHECKOUT_EXPIRY_MINUTES * 60_000,
    trustProxy:
      values.TRUST_PROXY === undefined
        ? false
        : /^\d+$/.test(values.TRUST_PROXY)
          ? Number(values.TRUST_PROXY)
          : values.TRUST_PROXY,
    testCrashAt: values.TEST_CRASH_AT,
  };
}
