import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  kycCaseResponseSchema,
  kycDecisionBodySchema,
  kycDecisionResponseSchema,
  kycIdParamsSchema,
  kycQueueQuerySchema,
  kycQueueResponseSchema,
} from '@ajo/contracts/ops-kyc';
import { actor } from './audit.ts';
import { kycService } from './kyc.service.ts';
import type { OpsContext } from './ops.module.ts';
import { operatorSecurity } from './ops-auth.routes.ts';

/** The KYC review queue: face matches that failed or could not decide, approved or rejected once. */
export const kycRoutes: FastifyPluginAsyncZod<OpsContext> = async (app, context) => {
  const { requireOperator } = context;
  const service = kycService(context);
  const tags = ['ops'];

  app.get(
    '/kyc',
    {
      onRequest: requireOperator,
      schema: {
        operationId: 'listKycReviews',
        summary: 'The KYC review queue',
        description:
          '`status=in_review` (default): submissions the face match could not decide. `status=rejected`: rejected submissions of customers who have not been verified or submitted again since. Only those no operator has decided yet; newest first.',
        tags,
        security: operatorSecurity,
        querystring: kycQueueQuerySchema,
        response: { 200: kycQueueResponseSchema },
      },
    },
    async (request) => ({ message: 'kyc queue', data: await service.queue(request.query) }),
  );

  app.get(
    '/kyc/:id',
    {
      onRequest: requireOperator,
      schema: {
        operationId: 'getKycReview',
        summary: 'One submission, for deciding',
        description:
          "The customer's name, the date of birth they gave, the BVN masked, the BVN record's names and date of birth, and the selfie as a data URL. Reading it is recorded in the audit log (`kyc.viewed`).",
        tags,
        security: operatorSecurity,
        params: kycIdParamsSchema,
        response: { 200: kycCaseResponseSchema },
      },
    },
    async (request) => ({
      message: 'kyc review',
      data: await service.detail(request.params.id, actor(request)),
    }),
  );

  for (const outcome of ['approved', 'rejected'] as const) {
    const verb = outcome === 'approved' ? 'approve' : 'reject';
    app.post(
      `/kyc/:id/${verb}`,
      {
        onRequest: requireOperator,
        schema: {
          operationId: outcome === 'approved' ? 'approveKycReview' : 'rejectKycReview',
          summary:
            outcome === 'approved'
              ? 'Approve a submission: the customer is verified (tier 2)'
              : 'Reject a submission: the customer may submit again',
          description:
            outcome === 'approved'
              ? 'Once per submission (409 `kyc_already_decided` after). The customer becomes ACTIVE on tier 2 at least, money kept on hold is released as far as the new limits allow, and the customer is notified. Audited as `kyc.approved` with the reason.'
              : "Once per submission (409 `kyc_already_decided` after). The customer becomes REJECTED and is notified with the operator's reason, and may submit a new selfie. Audited as `kyc.rejected`.",
          tags,
          security: operatorSecurity,
          params: kycIdParamsSchema,
          body: kycDecisionBodySchema,
          response: { 200: kycDecisionResponseSchema },
        },
      },
      async (request) => ({
        message: outcome === 'approved' ? 'verification approved' : 'verification rejected',
        data: await service.decide(request.params.id, outcome, request.body.reason, actor(request)),
      }),
    );
  }
};
