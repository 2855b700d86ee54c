import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changePasswordBodySchema,
  confirmAccountBodySchema,
  emailBodySchema,
  loginBodySchema,
  messageResponseSchema,
  registerBodySchema,
  registerResponseSchema,
  resetChangeBodySchema,
  resetConfirmBodySchema,
  sessionUserResponseSchema,
  type User,
} from '@ajo/contracts/auth';
import { CLIENT_HEADER, OPERATION_SUCCESSFUL } from '@ajo/contracts/common';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db.ts';
import {
  clearSessionCookie,
  revokeAllSessions,
  revokeSession,
  sessionSecurity,
  setSessionCookie,
  type SessionPolicy,
} from '../../platform/sessions.ts';
import { signInDevice } from '../../platform/sign-ins.ts';
import type { AuthService } from './auth.service.ts';

export interface AuthRouteOptions {
  auth: AuthService;
  database: Database;
  clock: Clock;
  sessionPolicy: SessionPolicy;
  requireUser: (request: FastifyRequest) => Promise<void>;
  /** Stricter limit for calls that hash passwords or send codes. */
  rateLimitPerMinute: number;
}

const done = { message: OPERATION_SUCCESSFUL, data: null };

/** The browser that registered keeps its sign-up ticket for the code step (decision 0007). */
const signupCookie = 'ajo_signup';
/** A device that signed in before is spared the per-account sign-in throttle. */
const deviceCookie = 'ajo_device';
const authCookiePath = '/v1/auth';

export const authRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (app, options) => {
  const { auth, sessionPolicy } = options;
  const tags = ['auth'];
  const config = { rateLimit: { max: options.rateLimitPerMinute, timeWindow: 60_000 } };

  /** Browsers get the token only as an HttpOnly cookie; other clients also in the answer. */
  const signedIn = (request: FastifyRequest, reply: FastifyReply, user: User, token: string) => {
    setSessionCookie(reply, token, sessionPolicy);
    const browser = request.headers[CLIENT_HEADER] !== undefined;
    return { message: 'signed in', data: browser ? user : { ...user, token } };
  };

  app.post(
    '/auth/register',
    {
      config,
      schema: {
        operationId: 'register',
        summary: 'Register a new account',
        description:
          'Sends a 6-digit code to the email to confirm it. Answers the same whether or not the address already has an account (its owner is emailed instead), and sets an HttpOnly sign-up cookie that ties the code step to this browser.',
        tags,
        body: registerBodySchema,
        response: { 201: registerResponseSchema },
      },
    },
    async (request, reply) => {
      const { email, signupTicket } = await auth.register(request.body);
      reply.setCookie(signupCookie, signupTicket, {
        httpOnly: true,
        secure: sessionPolicy.secureCookie,
        sameSite: 'strict',
        path: authCookiePath,
        maxAge: 60 * 60,
      });
      return reply
        .status(201)
        .send({ message: 'We have sent a 6-digit code to your email', data: { email } });
    },
  );

  app.post(
    '/auth/confirm-account',
    {
      config,
      schema: {
        operationId: 'confirmAccount',
        summary: 'Confirm the email with its code and sign in',
        description:
          'The code from the confirmation email. Signs in (a session cookie for browsers, `data.token` for other clients) and ends every other session. A code of a newer registration of the same address is refused in the browser that registered first (409 `registration_replaced`).',
        tags,
        body: confirmAccountBodySchema,
        response: { 200: sessionUserResponseSchema },
      },
    },
    async (request, reply) => {
      const { user, token } = await auth.confirmAccount(
        request.body,
        request.cookies[signupCookie],
        signInDevice(request),
      );
      reply.clearCookie(signupCookie, { path: authCookiePath });
      return signedIn(request, reply, user, token);
    },
  );

  app.post(
    '/auth/resend-registration-otp',
    {
      config,
      schema: {
        operationId: 'resendRegistrationCode',
        summary: 'Send a new confirmation code',
        description: 'At most 5 codes per address per hour; answers the same for any address.',
        tags,
        body: emailBodySchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      await auth.sendCode(request.body.email, 'confirm_account');
      return done;
    },
  );

  app.post(
    '/auth/login',
    {
      config,
      schema: {
        operationId: 'login',
        summary: 'Sign in with email and password',
        description:
          'Five wrong passwords for an address block it for a minute, then longer (429 `sign_in_throttled`), except on a device that signed in to it before.',
        tags,
        body: loginBodySchema,
        response: { 200: sessionUserResponseSchema },
      },
    },
    async (request, reply) => {
      const { user, token, deviceToken } = await auth.login(
        request.body,
        request.cookies[deviceCookie],
        signInDevice(request),
      );
      reply.setCookie(deviceCookie, deviceToken, {
        httpOnly: true,
        secure: sessionPolicy.secureCookie,
        sameSite: 'strict',
        path: authCookiePath,
        maxAge: 180 * 24 * 60 * 60,
      });
      return signedIn(request, reply, user, token);
    },
  );

  app.post(
    '/auth/logout',
    {
      onRequest: options.requireUser,
      schema: {
        operationId: 'logout',
        summary: 'Sign out this session',
        description: 'Ends the current session and clears its cookie.',
        tags,
        response: { 200: messageResponseSchema },
      },
    },
    async (request, reply) => {
      if (request.sessionId) {
        await revokeSession(options.database.db, request.sessionId, options.clock.now());
      }
      clearSessionCookie(reply, sessionPolicy);
      return done;
    },
  );

  app.post(
    '/auth/password/reset',
    {
      config,
      schema: {
        operationId: 'requestPasswordReset',
        summary: 'Email a password reset code',
        description: 'Answers the same whether or not the address has an account.',
        tags,
        body: emailBodySchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      await auth.sendCode(request.body.email, 'password_reset');
      return done;
    },
  );

  app.post(
    '/auth/password/reset/confirm',
    {
      config,
      schema: {
        operationId: 'confirmPasswordReset',
        summary: 'Check a password reset code',
        description: 'Marks the code verified; the same code then changes the password.',
        tags,
        body: resetConfirmBodySchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      await auth.confirmReset(request.body);
      return done;
    },
  );

  app.post(
    '/auth/password/reset/change',
    {
      config,
      schema: {
        operationId: 'resetPassword',
        summary: 'Choose a new password with a reset code',
        description: 'Every session ends and the owner is emailed that the password changed.',
        tags,
        body: resetChangeBodySchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      await auth.changePassword(request.body);
      return done;
    },
  );

  app.post(
    '/auth/logout-all',
    {
      onRequest: options.requireUser,
      schema: {
        operationId: 'logoutEverywhere',
        description: 'Ends every session of the user.',
        tags,
        summary: 'Sign out everywhere, this device included',
        security: sessionSecurity,
        response: { 200: messageResponseSchema },
      },
    },
    async (request, reply) => {
      if (request.userId) {
        await revokeAllSessions(options.database.db, request.userId, options.clock.now());
      }
      clearSessionCookie(reply, sessionPolicy);
      return done;
    },
  );

  app.post(
    '/auth/password/change',
    {
      config,
      onRequest: options.requireUser,
      schema: {
        operationId: 'changePassword',
        description:
          'Needs the current password; the new one must differ from it. The owner is emailed. Five wrong current passwords block the check for a minute, then longer (429 `sign_in_throttled`), counted apart from sign-in.',
        tags,
        summary: 'Change the password while signed in; other sessions end',
        security: sessionSecurity,
        body: changePasswordBodySchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      await auth.changeOwnPassword(request.userId ?? '', request.sessionId ?? '', request.body);
      return done;
    },
  );
};
