import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  revokeOtherSessionsResponseSchema,
  revokeSessionResponseSchema,
  sessionParamsSchema,
  sessionsResponseSchema,
  signInsQuerySchema,
  signInsResponseSchema,
} from '@ajo/contracts/privacy';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import {
  clearSessionCookie,
  sessionSecurity,
  type SessionGuard,
  type SessionPolicy,
} from '../../platform/sessions.ts';
import * as repository from './sessions.repository.ts';

export interface SessionRouteOptions {
  database: Database;
  clock: Clock;
  sessionPolicy: SessionPolicy;
  requireUser: SessionGuard;
}

/** Devices and sessions: what is signed in now, ending any of it, and the sign-in history. */
export const sessionRoutes: FastifyPluginAsyncZod<SessionRouteOptions> = async (app, options) => {
  const { database, clock, sessionPolicy, requireUser } = options;
  const tags = ['sessions'];
  const security = sessionSecurity;

  app.get(
    '/sessions',
    {
      onRequest: requireUser,
      schema: {
        operationId: 'listSessions',
        summary: 'My active sessions',
        description:
          'Every session still signed in, with the device named from its user agent and a partly hidden IP; `current` marks the one making this request.',
        tags,
        security,
        response: { 200: sessionsResponseSchema },
      },
    },
    async (request) => {
      const sessions = await repository.activeSessions(
        database.db,
        request.userId ?? '',
        clock.now(),
        sessionPolicy.idleMs,
      );
      return {
        message: 'sessions',
        data: {
          items: sessions.map((session) => ({
            id: session.id,
            device: session.device,
            ip: session.ip,
            created_at: session.createdAt,
            last_seen_at: session.lastSeenAt,
            current: session.id === request.sessionId,
          })),
        },
      };
    },
  );

  app.delete(
    '/sessions/:id',
    {
      onRequest: requireUser,
      schema: {
        operationId: 'revokeSession',
        summary: 'Sign one session out',
        description:
          'Its token is refused from then on. Ending the current session signs this device out (its cookie is cleared). Another user’s session answers 404, as one that never existed.',
        tags,
        security,
        params: sessionParamsSchema,
        response: { 200: revokeSessionResponseSchema },
      },
    },
    async (request, reply) => {
      const revoked = await repository.revokeOwnSession(
        database.db,
        request.userId ?? '',
        request.params.id,
        clock.now(),
      );
      if (!revoked) {
        throw new AppError(
          'session_not_found',
          'This session does not exist or has already ended',
          404,
        );
      }
      const current = request.params.id === request.sessionId;
      if (current) clearSessionCookie(reply, sessionPolicy);
      return { message: current ? 'signed out' : 'session ended', data: { current } };
    },
  );

  app.delete(
    '/sessions',
    {
      onRequest: requireUser,
      schema: {
        operationId: 'revokeOtherSessions',
        summary: 'Sign out everywhere else',
        description: 'Ends every session of the user except the one making this request.',
        tags,
        security,
        response: { 200: revokeOtherSessionsResponseSchema },
      },
    },
    async (request) => {
      const revoked = await repository.revokeOtherSessions(
        database.db,
        request.userId ?? '',
        request.sessionId ?? '',
        clock.now(),
      );
      return { message: 'other sessions ended', data: { revoked } };
    },
  );

  app.get(
    '/sign-ins',
    {
      onRequest: requireUser,
      schema: {
        operationId: 'listSignIns',
        summary: 'My sign-in history',
        description:
          'Every sign-in to the account, newest first: successful ones and wrong passwords, with the device and a partly hidden IP.',
        tags,
        security,
        querystring: signInsQuerySchema,
        response: { 200: signInsResponseSchema },
      },
    },
    async (request) => {
      const { page, size } = request.query;
      const found = await repository.signInPage(database.db, request.userId ?? '', {
        page,
        size,
      });
      return { message: 'sign-ins', data: { ...found, page, size } };
    },
  );
};
