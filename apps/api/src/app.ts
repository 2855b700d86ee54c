import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { createAppContext, type AppDependencies } from './app-context.ts';
import { answerClientError } from './platform/client-errors.ts';
import { registerErrorHandler, sendFrameworkError } from './platform/error-handler.ts';
import { registerTextGuard } from './platform/text-guard.ts';
import { idempotencyPlugin } from './platform/idempotency.ts';
import { idempotencyCleanupJob } from './platform/idempotency-cleanup.job.ts';
import { BackgroundWork } from './platform/background.ts';
import { JobQueue } from './platform/jobs.ts';
import { loggerOptions } from './platform/logger.ts';
import { registerOpenApi } from './platform/openapi.ts';
import { registerSecurity } from './platform/security.ts';
import { inlineStyleSources, registerWebApp } from './platform/web-app.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import * as accounts from './modules/accounts/accounts.module.ts';
import * as adverts from './modules/adverts/adverts.module.ts';
import * as analytics from './modules/analytics/analytics.module.ts';
import * as auth from './modules/auth/auth.module.ts';
import * as banks from './modules/banks/banks.module.ts';
import * as bills from './modules/bills/bills.module.ts';
import * as cards from './modules/cards/cards.module.ts';
import * as commodities from './modules/commodities/commodities.module.ts';
import * as configurations from './modules/configurations/configurations.module.ts';
import * as fixedIncome from './modules/fixed-income/fixed-income.module.ts';
import * as notifications from './modules/notifications/notifications.module.ts';
import * as ops from './modules/ops/ops.module.ts';
import * as portfolio from './modules/portfolio/portfolio.module.ts';
import * as pins from './modules/pins/pins.module.ts';
import * as privacy from './modules/privacy/privacy.module.ts';
import * as realEstate from './modules/real-estate/real-estate.module.ts';
import * as sandbox from './modules/sandbox/sandbox.module.ts';
import * as savings from './modules/savings/savings.module.ts';
import * as statements from './modules/statements/statements.module.ts';
import * as transactions from './modules/transactions/transactions.module.ts';
import * as verification from './modules/verification/verification.module.ts';
import * as virtualAccounts from './modules/virtual-accounts/virtual-accounts.module.ts';
import * as wallets from './modules/wallets/wallets.module.ts';
import * as webhooks from './modules/webhooks/webhooks.module.ts';
import * as withdrawals from './modules/withdrawals/withdrawals.module.ts';

export type { AppDependencies } from './app-context.ts';

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
  registerTextGuard(app);
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-request-id', request.id);
    // The business clock's time (the sandbox's may be moved on): the web app counts days left and
    // picks "today" by it, not by the device's clock, which may be wrong as well.
    reply.header('x-server-time', clock.now().toISOString());
    return payload;
  });

  const security = await registerSecurity(app, {
    rateLimitPerMinute: config.rateLimitPerMinute,
    redisUrl: config.redisUrl,
    connectOrigins: config.cards.provider === 'sudo' ? [new URL(config.cards.vaultUrl).origin] : [],
    inlineStyles: inlineStyleSources(config.webDistDir),
  });
  await app.register(cookie);
  await registerOpenApi(app);
  await app.register(idempotencyPlugin, { database, clock });

  const jobs = new JobQueue(database, clock, app.log);
  jobs.register(idempotencyCleanupJob(database));
  app.decorate('jobs', jobs);
  const background = new BackgroundWork(app.log);
  app.decorate('background', background);

  const context = createAppContext(deps, { log: app.log, jobs, background });

  await app.register(healthRoutes, { database, redis: security.redis });
  // Each module registers its routes and jobs; a new product is a folder and one line here.
  await app.register(
    async (v1) => {
      await configurations.register(v1, context);
      await auth.register(v1, context);
      // Before every module with money-out routes: they declare `transactionPin`.
      await pins.register(v1, context);
      await accounts.register(v1, context);
      await notifications.register(v1, context);
      await privacy.register(v1, context);
      await adverts.register(v1, context);
      await analytics.register(v1, context);
      await virtualAccounts.register(v1, context);
      await verification.register(v1, context);
      const walletServices = await wallets.register(v1, context);
      await transactions.register(v1, context);
      await statements.register(v1, context);
      await banks.register(v1, context);
      const withdrawalServices = await withdrawals.register(v1, context);
      const billServices = await bills.register(v1, context);
      await cards.register(v1, context);
      const savingsServices = await savings.register(v1, context);
      // What else the sandbox clock runs each day it moves, after savings (each module's job runs
      // the same work on its own schedule).
      const dailyWork: (() => Promise<unknown>)[] = [];
      dailyWork.push(await commodities.register(v1, context));
      const fixedIncomeServices = await fixedIncome.register(v1, context);
      dailyWork.push(() => fixedIncomeServices.fixedIncome.runDue());
      const realEstateServices = await realEstate.register(v1, context);
      dailyWork.push(() => realEstateServices.realEstate.runDue());
      const portfolioServices = await portfolio.register(v1, context);
      await webhooks.register(v1, context, { ...walletServices, ...withdrawalServices });
      // The operator console looks into the modules above: it comes after them.
      const opsServices = await ops.register(v1, context, {
        ...walletServices,
        ...withdrawalServices,
        ...billServices,
      });
      // Product changes due by the clock's new time apply first, before the day's other work.
      dailyWork.unshift(() => opsServices.applyProductChanges());
      if (config.sandbox) {
        await sandbox.register(
          v1,
          context,
          async (delivery) => {
            const response = await app.inject({
              method: 'POST',
              url: `/v1/webhooks/${context.providers.payments.slug}`,
              headers: delivery.headers,
              payload: delivery.body,
            });
            return response.statusCode;
          },
          // Each day the clock moves into: the day that ended is closed first with its portfolio
          // snapshot (as the end-of-day job takes it in production, before the night's work),
          // then the night's interest, the new day's instalments and maturities, and the rest.
          async () => {
            await portfolioServices.portfolio.snapshotDay();
            const ran = await savingsServices.savings.runDue();
            for (const work of dailyWork) await work();
            return ran;
          },
        );
      }
    },
    { prefix: '/v1' },
  );
  await registerWebApp(app, config.webDistDir);

  app.addHook('onClose', async () => {
    await background.idle();
    await jobs.stop();
    await security.close();
    context.close();
  });
  return app;
}
