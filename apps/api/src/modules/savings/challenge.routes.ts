import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  predefinedTargetParamsSchema,
  predefinedTargetResponseSchema,
  predefinedTargetsResponseSchema,
  productIdParamsSchema,
} from '@ajo/contracts/savings';
import { sessionSecurity, type SessionGuard } from '../../platform/sessions.ts';
import type { SavingsService } from './savings.service.ts';

const tags = ['savings'];
const security = sessionSecurity;

/** The challenge: its group targets, joining one, medals (top-ups go through the plan's PUT). */
export const challengeRoutes: FastifyPluginAsyncZod<{
  savings: SavingsService;
  requireUser: SessionGuard;
}> = async (app, { savings, requireUser }) => {
  app.get(
    '/savings/:id/predefined',
    {
      onRequest: requireUser,
      schema: {
        operationId: 'listPredefinedSavings',
        tags,
        summary: 'The group targets of a challenge, with my order in each',
        description:
          '`id` is the challenge product’s id (GET /savings/plans). Each target has its live member count (`meta.total_users`), the user’s order when they joined, this week’s start and the medals earned.',
        security,
        params: productIdParamsSchema,
        response: { 200: predefinedTargetsResponseSchema },
      },
    },
    async (request) => ({
      message: 'predefined savings',
      data: { items: await savings.predefined(request.userId ?? '', request.params.id) },
    }),
  );

  app.post(
    '/savings/:id/predefined/:targetId/join',
    {
      onRequest: requireUser,
      schema: {
        operationId: 'joinPredefinedSaving',
        tags,
        summary: 'Join a challenge target',
        description:
          'Makes the user’s order in the target (a target plan topped up by hand, ₦2,000 at least, until the target’s end date). Joining again answers the same order. No money moves.',
        security,
        params: predefinedTargetParamsSchema,
        response: { 200: predefinedTargetResponseSchema },
      },
    },
    async (request) => ({
      message: 'Challenge joined',
      data: await savings.joinChallenge(
        request.userId ?? '',
        request.params.id,
        request.params.targetId,
      ),
    }),
  );
};
