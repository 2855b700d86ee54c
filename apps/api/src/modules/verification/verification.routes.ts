import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountLevelResponseSchema } from '@ajo/contracts/accounts';
import { OPERATION_SUCCESSFUL } from '@ajo/contracts/common';
import {
  accountVerificationBodySchema,
  accountVerificationResponseSchema,
} from '@ajo/contracts/verification';
import { sessionSecurity } from '../../platform/sessions.ts';
import { selfieLimits } from './selfie-image.ts';
import type { verificationService } from './verification.service.ts';

/** Room for the base64 selfie (4/3 of its bytes) and the rest of the form. */
const verificationBodyLimit = Math.ceil((selfieLimits.maxBytes * 4) / 3) + 64 * 1024;

export const verificationRoutes: FastifyPluginAsyncZod<{
  service: ReturnType<typeof verificationService>;
  requireUser: (request: FastifyRequest) => Promise<void>;
}> = async (app, { service, requireUser }) => {
  app.post(
    '/accounts/verify',
    {
      onRequest: requireUser,
      bodyLimit: verificationBodyLimit,
      schema: {
        operationId: 'submitVerification',
        tags: ['accounts'],
        summary: 'Submit my identity details and a selfie for verification',
        description:
          'The selfie is a base64 JPEG (at most 5 MB, 24 megapixels). `bvn` may be left out: the BVN verified for the funding account is used; one sent must be that BVN. The status is SUBMITTED at once and becomes ACTIVE (tier 2) or REJECTED when the face match decides, or IN_REVIEW when it cannot tell: a person then decides in the KYC review queue while the user stays SUBMITTED. A notification tells the user each step. The client IP is recorded from the request itself.',
        security: sessionSecurity,
        body: accountVerificationBodySchema,
        response: { 200: accountVerificationResponseSchema },
      },
    },
    async (request) => ({
      message: OPERATION_SUCCESSFUL,
      data: await service.submit(request.userId ?? '', request.body, request.ip),
    }),
  );

  app.get(
    '/accounts/level',
    {
      onRequest: requireUser,
      schema: {
        operationId: 'getAccountLevel',
        tags: ['accounts'],
        summary: 'My account level: KYC tier, its limits, the next tier and my masked BVN',
        description:
          'Tiers follow the CBN three-tier KYC: 0 signed up, 1 BVN verified, 2 identity and selfie verified, 3 proof of address. Limits come from the `transaction_limits` configuration the money paths enforce: decimal naira, `null` for no limit, `"0.00"` when the tier allows none. `bvn` is the verified BVN masked as "1234**", or null before the BVN step; the whole BVN is never sent.',
        security: sessionSecurity,
        response: { 200: accountLevelResponseSchema },
      },
    },
    async (request) => ({
      message: 'account level',
      data: await service.level(request.userId ?? ''),
    }),
  );
};
