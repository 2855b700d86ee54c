import { createHmac, randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Clock } from './platform/clock.ts';
import type { Config } from './platform/config.ts';
import type { Database } from './platform/db.ts';
import { answerClientError } from './platform/client-errors.ts';
import { registerErrorHandler, sendFrameworkError } from './platform/error-handler.ts';
import { registerNulGuard } from './platform/nul-guard.ts';
import { idempotencyPlugin } from './platform/idempotency.ts';
import { idempotencyCleanupJob } from './platform/idempotency-cleanup.job.ts';
import { BackgroundWork } from './platform/background.ts';
import { emailOutbox } from './platform/email-outbox.ts';
import { JobQueue } from './platform/jobs.ts';
import { loggerOptions } from './platform/logger.ts';
import { registerOpenApi } from './platform/openapi.ts';
import { registerSecurity } from './platform/security.ts';
import { registerWebApp } from './platform/web-app.ts';
import { configurationRoutes } from './modules/configurations/configurations.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { accountRoutes } from './modules/accounts/accounts.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { authService } from './modules/auth/auth.service.ts';
import { sandboxRoutes } from './modules/sandbox/sandbox.routes.ts';
import { advertRoutes } from './modules/adverts/adverts.routes.ts';
import { analyticsRoutes } from './modules/analytics/analytics.routes.ts';
import { notificationRoutes } from './modules/notifications/notifications.routes.ts';
import { sessionGuard, type SessionPolicy } from './platform/sessions.ts';
import type { EmailSender } from './providers/email/email.port.ts';
import { sandboxEmailSender } from './providers/email/sandbox.ts';
import { smtpEmailSender } from './providers/email/smtp.ts';
import { appSettingsRoutes } from './modules/configurations/app-settings.routes.ts';
import { transactionRoutes } from './modules/transactions/transactions.routes.ts';
import { verificationRoutes } from './modules/verification/verification.routes.ts';
import { verificationService } from './modules/verification/verification.service.ts';
import { virtualAccountRoutes } from './modules/virtual-accounts/virtual-accounts.routes.ts';
import { virtualAccountsService } from './modules/virtual-accounts/virtual-accounts.service.ts';
import { depositsService } from './modules/wallets/deposits.service.ts';
import { depositsReconcileJob } from './modules/wallets/deposits-reconcile.job.ts';
import { walletRoutes } from './modules/wallets/wallets.routes.ts';
import { webhookRoutes } from './modules/webhooks/webhooks.routes.ts';
import { bankRoutes } from './modules/banks/banks.routes.ts';
import { withdrawalRoutes } from './modules/withdrawals/withdrawals.routes.ts';
import { withdrawalsService } from './modules/withdrawals/withdrawals.service.ts';
import type { PayoutsProvider } from './providers/payouts/payouts.port.ts';
import {
  sandboxPayoutsProvider,
  type SandboxPayoutsProvider,
} from './providers/payouts/sandbox.ts';
import { fieldCrypto } from './platform/field-crypto.ts';
import { dojahIdentityProvider } from './providers/identity/dojah.ts';
import type { IdentityProvider } from './providers/identity/identity.port.ts';
import { sandboxIdentityProvider } from './providers/identity/sandbox.ts';
import type { PaymentsProvider } from './providers/payments/payments.port.ts';
import { paystackPaymentsProvider } from './providers/payments/paystack.ts';
import {
  sandboxPaymentsProvider,
  type SandboxPaymentsProvider,
} from './providers/payments/sandbox.ts';

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
}

interface MoneyProviders {
  payments: PaymentsProvider;
  payouts: PayoutsProvider;
  sandbox: SandboxPaymentsProvider | undefined;
  sandboxPayouts: SandboxPayoutsProvider | undefined;
}

/** One vendor moves money in and out (its webhooks arrive at one endpoint). */
function chooseMoneyProviders(deps: AppDependencies): MoneyProviders {
  const { config, database, clock } = deps;
  if (config.payments.provider === 'paystack' && !deps.payments) {
    const paystack = paystackPaymentsProvider(config.payments);
    return { payments: paystack, payouts: paystack, sandbox: undefined, sandboxPayouts: undefined };
  }
  const webhookSecret = createHmac('sha256', config.appSecret)
    .update('sandbox-webhooks')
    .digest('hex');
  const sandbox = sandboxPaymentsProvider({ database, clock, webhookSecret });
  const sandboxPayouts = sandboxPayoutsProvider({ database, clock, webhookSecret });
  return {
    payments: deps.payments ?? sandbox,
    payouts: deps.payouts ?? sandboxPayouts,
    sandbox: deps.payments ? undefined : sandbox,
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

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobQueue;
    /** Work requests started without waiting for it (tests wait for it with `idle()`). */
    background: BackgroundWork;
  }
}

/** The whole API as a Fastify instance, not yet listening; tests call this with their own deps. */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config, database, clock } = deps;
  const { trustProxy } = config;
  const app = Fastify({
    logger: loggerOptions(config.logLevel),
    bodyLimit: config.bodyLimitBytes,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w.-]{1,64}$/.test(incoming)
        ? incoming
        : randomUUID();
    },
    requestIdHeader: false,
    // A hop count trusts that many proxies nearest the server (what Fastify does for a number).
    trustProxy:
      typeof trustProxy === 'number'
        ? (_address: string, hop: number) => hop < trustProxy
        : trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    // What the router and Node's parser refuse before any route also answers in the error shape.
    frameworkErrors: sendFrameworkError,
    clientErrorHandler: answerClientError,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerNulGuard(app);
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-request-id', request.id);
    return payload;
  });

  const security = await registerSecurity(app, {
    rateLimitPerMinute: config.rateLimitPerMinute,
    redisUrl: config.redisUrl,
  });
  await app.register(cookie);
  await registerOpenApi(app);
  await app.register(idempotencyPlugin, { database, clock });

  const jobs = new JobQueue(database, clock, app.log);
  jobs.register(idempotencyCleanupJob(database));
  app.decorate('jobs', jobs);
  const background = new BackgroundWork(app.log);
  app.decorate('background', background);

  const smtp = config.smtpUrl ? smtpEmailSender(config.smtpUrl, config.emailFrom) : undefined;
  const email: EmailSender = deps.email ?? smtp ?? sandboxEmailSender(database, clock);
  const sessionPolicy: SessionPolicy = {
    idleMs: config.sessionIdleMs,
    absoluteMs: config.sessionAbsoluteMs,
    secureCookie: config.isProduction,
  };
  const requireUser = sessionGuard(database, clock, sessionPolicy);
  const crypto = fieldCrypto(config.appSecret);
  const outbox = emailOutbox({ jobs, background, crypto, clock, sender: email });
  const auth = authService({ database, clock, outbox, secret: config.appSecret, sessionPolicy });
  const {
    payments,
    payouts,
    sandbox: sandboxPayments,
    sandboxPayouts,
  } = chooseMoneyProviders(deps);
  const identity = chooseIdentity(deps);
  const deposits = depositsService({
    database,
    clock,
    payments,
    log: app.log,
    checkoutExpiryMs: config.checkoutExpiryMs,
  });
  const virtualAccounts = virtualAccountsService({
    database,
    clock,
    crypto,
    identity,
    payments,
    log: app.log,
  });
  const verification = verificationService({
    database,
    clock,
    crypto,
    identity,
    jobs,
    log: app.log,
  });
  jobs.register(verification.faceMatchJob);
  jobs.register(depositsReconcileJob(deposits));
  const withdrawals = withdrawalsService({
    database,
    clock,
    payouts,
    log: app.log,
    background,
    crashAt: config.testCrashAt,
  });
  jobs.register(withdrawals.reconcileJob);

  await app.register(healthRoutes, { database, redis: security.redis });
  await app.register(
    async (v1) => {
      await v1.register(configurationRoutes, { database });
      await v1.register(authRoutes, {
        auth,
        database,
        clock,
        sessionPolicy,
        requireUser,
        rateLimitPerMinute: config.authRateLimitPerMinute,
      });
      await v1.register(accountRoutes, { database, clock, requireUser });
      await v1.register(notificationRoutes, { database, clock, requireUser });
      await v1.register(advertRoutes, { database });
      await v1.register(analyticsRoutes, {
        database,
        clock,
        identifyUser: requireUser,
        sinkUrl: config.analyticsSinkUrl,
      });
      await v1.register(appSettingsRoutes, {
        paymentsProvider: payments.slug,
        sandbox: config.sandbox,
      });
      await v1.register(virtualAccountRoutes, {
        database,
        providerSlug: payments.slug,
        service: virtualAccounts,
        requireUser,
      });
      await v1.register(verificationRoutes, { service: verification, requireUser });
      await v1.register(walletRoutes, {
        database,
        deposits,
        requireUser,
        publicUrl: config.publicUrl,
      });
      await v1.register(transactionRoutes, { database, clock, requireUser });
      await v1.register(bankRoutes, { database, clock, payouts, requireUser });
      await v1.register(withdrawalRoutes, { withdrawals, requireUser });
      await v1.register(webhookRoutes, {
        database,
        clock,
        payments,
        deposits,
        payouts,
        withdrawals,
      });
      if (config.sandbox) {
        await v1.register(sandboxRoutes, {
          database,
          payments: sandboxPayments,
          payouts: sandboxPayouts,
          deliverWebhook: async (delivery) => {
            const response = await app.inject({
              method: 'POST',
              url: `/v1/webhooks/${payments.slug}`,
              headers: delivery.headers,
              payload: delivery.body,
            });
            return response.statusCode;
          },
        });
      }
    },
    { prefix: '/v1' },
  );
  await registerWebApp(app, config.webDistDir);

  app.addHook('onClose', async () => {
    await background.idle();
    await jobs.stop();
    await security.close();
    smtp?.close();
  });
  return app;
}
