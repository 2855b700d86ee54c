import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
        tags: ['accounts'],
        summary: 'Submit my identity details and a selfie for verification',
        description:
          'The selfie is a base64 JPEG (at most 5 MB, 24 megapixels). The status is SUBMITTED at once and becomes ACTIVE (tier 2) or REJECTED when the face match decides; a notification tells the user. The client IP is recorded from the request itself.',
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
};
