import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changePinBodySchema,
  PIN_LOCK_MINUTES,
  PIN_MAX_ATTEMPTS,
  pinCodeResponseSchema,
  pinStatusResponseSchema,
  setPinBodySchema,
} from '@ajo/contracts/pin';
import { sessionSecurity, type SessionGuard } from '../../platform/sessions.ts';
import type { PinsService } from './pins.service.ts';

export interface PinRouteOptions {
  pins: PinsService;
  requireUser: SessionGuard;
  /** Stricter limit for the calls that check a password or send a code. */
  rateLimitPerMinute: number;
}

const weakRule =
  'A PIN of four of the same digit or a run such as 1234 or 4321 is refused (400 `pin_weak`).';

/** The transaction PIN: its state, the first PIN, and a new one with the password and a code. */
export const pinRoutes: FastifyPluginAsyncZod<PinRouteOptions> = async (app, options) => {
  const { pins, requireUser } = options;
  const tags = ['pin'];
  const security = sessionSecurity;
  const rateLimit = { max: options.rateLimitPerMinute, timeWindow: 60_000 };

  app.get(
    '/pin',
    {
      onRequest: requireUser,
      schema: {
        operationId: 'getPinStatus',
        summary: 'Whether my transaction PIN is set, and whether it is locked',
        description: `\`attempts_left\` counts the wrong tries left (${String(PIN_MAX_ATTEMPTS)} in a row lock the PIN for ${String(PIN_LOCK_MINUTES)} minutes).`,
        tags,
        security,
        response: { 200: pinStatusResponseSchema },
      },
    },
    async (request) => ({
      message: 'transaction PIN',
      data: await pins.status(request.userId ?? ''),
    }),
  );

  app.post(
    '/pin',
    {
      config: { rateLimit },
      onRequest: requireUser,
      schema: {
        operationId: 'setPin',
        summary: 'Set my first transaction PIN',
        description: `Needs the password (422 \`wrong_password\`; five wrong ones block the check, 429 \`sign_in_throttled\`). Once set it is changed with \`PUT /pin\` (409 \`pin_already_set\`). ${weakRule}`,
        tags,
        security,
        body: setPinBodySchema,
        response: { 200: pinStatusResponseSchema },
      },
    },
    async (request) => ({
      message: 'transaction PIN set',
      data: await pins.setFirst(request.userId ?? '', request.body),
    }),
  );

  app.post(
    '/pin/code',
    {
      config: { rateLimit },
      onRequest: requireUser,
      schema: {
        operationId: 'sendPinCode',
        summary: 'Email me a code to change or reset my transaction PIN',
        description:
          'The 6-digit code lasts 10 minutes; a newer code replaces it. At most 5 codes an hour per address (429 `too_many_codes`).',
        tags,
        security,
        response: { 202: pinCodeResponseSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(202)
        .send({ message: 'code sent', data: await pins.sendCode(request.userId ?? '') }),
  );

  app.put(
    '/pin',
    {
      config: { rateLimit },
      onRequest: requireUser,
      schema: {
        operationId: 'changePin',
        summary: 'Choose a new transaction PIN with my password and the emailed code',
        description: `For a PIN known or forgotten: the password (422 \`wrong_password\`) and the code from \`POST /pin/code\` (400 \`invalid_code\`; 5 wrong tries end the code). Clears a lock and the wrong-try count; the owner is told in the app and by email. ${weakRule}`,
        tags,
        security,
        body: changePinBodySchema,
        response: { 200: pinStatusResponseSchema },
      },
    },
    async (request) => ({
      message: 'transaction PIN changed',
      data: await pins.change(request.userId ?? '', request.body),
    }),
  );
};
