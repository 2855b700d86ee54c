import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { operatorResponseSchema, operatorSignInBodySchema } from '@ajo/contracts/ops';
import { CLIENT_HEADER, envelope } from '@ajo/contracts/common';
import { actor } from './audit.ts';
import {
  clearOperatorCookie,
  operatorToken,
  setOperatorCookie,
  type OperatorGuard,
  type OperatorSessionPolicy,
} from './operator-guard.ts';
import type { OperatorsService } from './operators.service.ts';

export const operatorSecurity: Record<string, string[]>[] = [{ operatorSession: [] }];

/** Operators sign in with a password and a TOTP code, and sign out. */
export const opsAuthRoutes: FastifyPluginAsyncZod<{
  operators: OperatorsService;
  requireOperator: OperatorGuard;
  policy: OperatorSessionPolicy;
  rateLimitPerMinute: number;
}> = async (app, { operators, requireOperator, policy, rateLimitPerMinute }) => {
  const tags = ['ops'];

  app.post(
    '/sessions',
    {
      config: { rateLimit: { max: rateLimitPerMinute, timeWindow: 60_000 } },
      schema: {
        operationId: 'signInOperator',
        summary: 'Sign in to the operator console',
        description:
          "Email, password and the current code of the authenticator app. One answer (401 `operator_sign_in_refused`) for any wrong part; wrong tries in a row lock the operator out (429 `operator_locked`). Sets the `ajo_ops_session` cookie (path `/v1/ops`); the token is in the answer only for tools, not for a browser (which sends the client header), so the console's scripts never hold it.",
        tags,
        body: operatorSignInBodySchema,
        response: {
          200: envelope(
            z.object({
              token: z.string().optional(),
              operator: operatorResponseSchema.shape.data,
            }),
          ),
        },
      },
    },
    async (request, reply) => {
      const { token, operator } = await operators.signIn(request.body, request.ip);
      setOperatorCookie(reply, token, policy);
      // As for customers (decision 0007): a browser holds the session only as an HttpOnly cookie.
      const browser = request.headers[CLIENT_HEADER] !== undefined;
      return { message: 'signed in', data: browser ? { operator } : { token, operator } };
    },
  );

  app.delete(
    '/sessions/current',
    {
      onRequest: requireOperator,
      schema: {
        operationId: 'signOutOperator',
        summary: 'Sign out of the operator console',
        description: 'Ends this operator session and clears its cookie; audited.',
        tags,
        security: operatorSecurity,
        response: { 200: envelope(z.object({})) },
      },
    },
    async (request, reply) => {
      const { operatorId, ipAddress } = actor(request);
      await operators.signOut(operatorToken(request) ?? '', operatorId, ipAddress);
      clearOperatorCookie(reply, policy);
      return { message: 'signed out', data: {} };
    },
  );

  app.get(
    '/me',
    {
      onRequest: requireOperator,
      schema: {
        operationId: 'getOperator',
        summary: 'The signed-in operator',
        description:
          'The operator this session belongs to; 401 `operator_unauthenticated` when none.',
        tags,
        security: operatorSecurity,
        response: { 200: operatorResponseSchema },
      },
    },
    async (request) => ({
      message: 'operator',
      data: await operators.find(actor(request).operatorId),
    }),
  );
};
