import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sandboxOperatorsResponseSchema } from '@ajo/contracts/sandbox';
import { sandboxOperators } from '../../db/seed.ts';
import type { Clock } from '../../platform/clock.ts';
import { rows, type Database } from '../../platform/db.ts';
import { totpCode, totpStep, TOTP_STEP_SECONDS } from '../../platform/totp.ts';

/**
 * `GET /sandbox/operators`: the sandbox's operators with their passwords and a code their
 * authenticator app would show now (one not used yet: a code signs in once), for trying the
 * console at /ops without setting up an app. Sandbox only, like the mailbox.
 */
export const sandboxOperatorsRoutes: FastifyPluginAsyncZod<{
  database: Database;
  clock: Clock;
}> = async (app, { database, clock }) => {
  app.get(
    '/sandbox/operators',
    {
      schema: {
        operationId: 'listSandboxOperators',
        summary: 'The sandbox operators and their current sign-in codes',
        description:
          'Each seeded operator with its password and a TOTP code valid now that has not been used (null, with the seconds to wait, when the next one is not valid yet).',
        tags: ['sandbox'],
        response: { 200: sandboxOperatorsResponseSchema },
      },
    },
    async () => {
      const now = clock.now();
      const step = totpStep(now);
      const used = await rows<{ email: string; last_totp_step: string | number | null }>(
        database.db,
        sql`select email, last_totp_step from operators
             where email in (${sql.join(
               sandboxOperators.map((operator) => sql`${operator.email}`),
               sql`, `,
             )})`,
      );
      const items = sandboxOperators.map((operator) => {
        const last = used.find((row) => row.email === operator.email)?.last_totp_step;
        // Codes of the previous, current and next step are accepted; the next unused one is given.
        const next = Math.max(
          step,
          last === null || last === undefined ? -Infinity : Number(last) + 1,
        );
        const usable = next <= step + 1;
        const secondsIntoStep = Math.floor(now.getTime() / 1000) % TOTP_STEP_SECONDS;
        return {
          email: operator.email,
          name: operator.name,
          password: operator.password,
          code: usable ? totpCode(operator.totpSecret, next) : null,
          wait_seconds: usable ? 0 : TOTP_STEP_SECONDS - secondsIntoStep,
          totp_secret: operator.totpSecret,
        };
      });
      return { message: 'sandbox operators', data: { items } };
    },
  );
};
