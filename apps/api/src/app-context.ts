import { createHmac } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { BackgroundWork } from './platform/background.ts';
import type { Clock } from './platform/clock.ts';
import type { Config } from './platform/config.ts';
import type { Database } from './platform/db.ts';
import { emailOutbox, type EmailOutbox } from './platform/email-outbox.ts';
import { fieldCrypto, type FieldCrypto } from './platform/field-crypto.ts';
import type { JobQueue } from './platform/jobs.ts';
import { sessionGuard, type SessionGuard, type SessionPolicy } from './platform/sessions.ts';
import type { BillsProvider } from './providers/bills/bills.port.ts';
import { sandboxBillsProvider } from './providers/bills/sandbox.ts';
import { vtpassBillsProvider } from './providers/bills/vtpass.ts';
import type { CardIssuer } from './providers/cards/cards.port.ts';
import { sandboxCardIssuer, type SandboxCardIssuer } from './providers/cards/sandbox.ts';
import { sudoCardIssuer } from './providers/cards/sudo.ts';
import type { MarketDataProvider } from './providers/market-data/market-data.port.ts';
import { sandboxMarketDataProvider } from './providers/market-data/sandbox.ts';
import type { EmailSender } from './providers/email/email.port.ts';
import { sandboxEmailSender } from './providers/email/sandbox.ts';
import { smtpEmailSender } from './providers/email/smtp.ts';
import { dojahIdentityProvider } from './providers/identity/dojah.ts';
import type { IdentityProvider } from './providers/identity/identity.port.ts';
import { sandboxIdentityProvider } from './providers/identity/sandbox.ts';
import type { PaymentsProvider } from './providers/payments/payments.port.ts';
import { paystackPaymentsProvider } from './providers/payments/paystack.ts';
import {
  sandboxPaymentsProvider,
  type SandboxPaymentsProvider,
} from './providers/payments/sandbox.ts';
import type { PayoutsProvider } from './providers/payouts/payouts.port.ts';
import {
  sandboxPayoutsProvider,
  type SandboxPayoutsProvider,
} from './providers/payouts/sandbox.ts';

/** The `/v1` scope a module registers its routes in. */
export type ApiScope = Parameters<FastifyPluginAsyncZod>[0];

export interface AppDependencies {
  config: Config;
  database: Database;
  clock: Clock;
  /** Overrides the configured email provider (tests). */
  email?: EmailSender;
  /** Overrides the configured payments provider (tests). */
  payments?: PaymentsProvider;
  /** Overrides the configured payouts provider (tests). */
  payouts?: PayoutsProvider;
  /** Overrides the configured identity provider (tests). */
  identity?: IdentityProvider;
  /** Overrides the configured bills provider (tests). */
  bills?: BillsProvider;
  /** Overrides the configured card issuer (tests). */
  cards?: CardIssuer;
}

/** The chosen adapter behind each provider port; modules see only the ports. */
export interface Providers {
  payments: PaymentsProvider;
  payouts: PayoutsProvider;
  identity: IdentityProvider;
  bills: BillsProvider;
  /**
   * Commodity catalogue and prices. Only the sandbox market exists: no vendor adapter has been
   * built (decision 0022).
   */
  marketData: MarketDataProvider;
  /** Virtual dollar cards: Sudo when configured, else the sandbox issuer. */
  cards: CardIssuer;
  /** The sandbox issuer when it is the one in use (the sandbox's merchant and vault drive it). */
  sandboxCards: SandboxCardIssuer | undefined;
  /** The sandbox adapters when they are the ones in use (the sandbox module drives them). */
  sandboxPayments: SandboxPaymentsProvider | undefined;
  sandboxPayouts: SandboxPayoutsProvider | undefined;
}

/**
 * What every module's `register(v1, context)` may use: the platform (database, clock, jobs,
 * background work, email outbox, field encryption, the session guard) and the providers.
 */
export interface AppContext {
  config: Config;
  database: Database;
  clock: Clock;
  log: FastifyBaseLogger;
  jobs: JobQueue;
  background: BackgroundWork;
  crypto: FieldCrypto;
  outbox: EmailOutbox;
  sessionPolicy: SessionPolicy;
  requireUser: SessionGuard;
  providers: Providers;
  /** Closes what the context opened (the SMTP pool). */
  close: () => void;
}

/** One vendor moves money in and out (its webhooks arrive at one endpoint). */
function chooseMoneyProviders(deps: AppDependencies) {
  const { config, database, clock } = deps;
  if (config.payments.provider === 'paystack' && !deps.payments) {
    const paystack = paystackPaymentsProvider(config.payments);
    return {
      payments: paystack,
      payouts: paystack,
      sandboxPayments: undefined,
      sandboxPayouts: undefined,
    };
  }
  const webhookSecret = createHmac('sha256', config.appSecret)
    .update('sandbox-webhooks')
    .digest('hex');
  const sandboxPayments = sandboxPaymentsProvider({ database, clock, webhookSecret });
  const sandboxPayouts = sandboxPayoutsProvider({ database, clock, webhookSecret });
  return {
    payments: deps.payments ?? sandboxPayments,
    payouts: deps.payouts ?? sandboxPayouts,
    sandboxPayments: deps.payments ? undefined : sandboxPayments,
    sandboxPayouts: deps.payouts ? undefined : sandboxPayouts,
  };
}

function chooseIdentity(deps: AppDependencies): IdentityProvider {
  if (deps.identity) return deps.identity;
  const identity = deps.config.identity;
  return identity.provider === 'dojah'
    ? dojahIdentityProvider(identity)
    : sandboxIdentityProvider({ latencyMs: deps.config.nodeEnv === 'test' ? 0 : 300 });
}

/** VTpass when configured; otherwise the sandbox bills vendor in our own database. */
function chooseBills(deps: AppDependencies): BillsProvider {
  if (deps.bills) return deps.bills;
  const bills = deps.config.bills;
  return bills.provider === 'vtpass'
    ? vtpassBillsProvider(bills)
    : sandboxBillsProvider({
        database: deps.database,
        clock: deps.clock,
        latencyMs: deps.config.nodeEnv === 'test' ? 0 : 250,
      });
}

/** Sudo when configured; otherwise the sandbox issuer (stateless, keyed by the app secret). */
function chooseCards(deps: AppDependencies) {
  const cards = deps.config.cards;
  if (deps.cards) return { cards: deps.cards, sandboxCards: undefined };
  if (cards.provider === 'sudo') {
    return { cards: sudoCardIssuer(cards), sandboxCards: undefined };
  }
  const sandbox = sandboxCardIssuer({ secret: deps.config.appSecret, clock: deps.clock });
  return { cards: sandbox, sandboxCards: sandbox };
}

export function createAppContext(
  deps: AppDependencies,
  platform: { log: FastifyBaseLogger; jobs: JobQueue; background: BackgroundWork },
): AppContext {
  const { config, database, clock } = deps;
  const { jobs, background } = platform;
  const smtp = config.smtpUrl ? smtpEmailSender(config.smtpUrl, config.emailFrom) : undefined;
  const sender: EmailSender = deps.email ?? smtp ?? sandboxEmailSender(database, clock);
  const sessionPolicy: SessionPolicy = {
    idleMs: config.sessionIdleMs,
    absoluteMs: config.sessionAbsoluteMs,
    secureCookie: config.isProduction,
  };
  const crypto = fieldCrypto(config.appSecret);
  return {
    config,
    database,
    clock,
    ...platform,
    crypto,
    outbox: emailOutbox({ jobs, background, crypto, clock, sender }),
    sessionPolicy,
    requireUser: sessionGuard(database, clock, sessionPolicy),
    providers: {
      ...chooseMoneyProviders(deps),
      identity: chooseIdentity(deps),
      bills: chooseBills(deps),
      marketData: sandboxMarketDataProvider(),
      ...chooseCards(deps),
    },
    close: () => smtp?.close(),
  };
}
