import { randomUUID } from 'node:crypto';
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
import { registerErrorHandler } from './platform/error-handler.ts';
import { idempotencyPlugin } from './platform/idempotency.ts';
import { idempotencyCleanupJob } from './platform/idempotency-cleanup.job.ts';
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

export interface AppDependencies {
  config: Config;
  database: Database;
  clock: Clock;
  /** Overrides the configured email provider (tests). */
  email?: EmailSender;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobQueue;
  }
}

/** The whole API as a Fastify instance, not yet listening; tests call this with their own deps. */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config, database, clock } = deps;
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
    trustProxy: config.isProduction,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
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

  const smtp = config.smtpUrl ? smtpEmailSender(config.smtpUrl, config.emailFrom) : undefined;
  const email: EmailSender = deps.email ?? smtp ?? sandboxEmailSender(database, clock);
  const sessionPolicy: SessionPolicy = {
    idleMs: config.sessionIdleMs,
    absoluteMs: config.sessionAbsoluteMs,
    secureCookie: config.isProduction,
  };
  const requireUser = sessionGuard(database, clock, sessionPolicy);
  const auth = authService({ database, clock, email, secret: config.appSecret, sessionPolicy });

  await app.register(healthRoutes, { database });
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
      if (config.sandbox) await v1.register(sandboxRoutes, { database });
    },
    { prefix: '/v1' },
  );
  await registerWebApp(app, config.webDistDir);

  app.addHook('onClose', async () => {
    await jobs.stop();
    await security.close();
    smtp?.close();
  });
  return app;
}
