import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { operatorsService } from '../../src/modules/ops/operators.service.ts';
import type { Clock } from '../../src/platform/clock.ts';
import type { Database } from '../../src/platform/db.ts';
import { fieldCrypto } from '../../src/platform/field-crypto.ts';
import { newTotpSecret, totpCode, totpStep } from '../../src/platform/totp.ts';
import { bearer } from './calls.ts';

// Operators of the console: made as the `ops:create-operator` command makes them, signed in with
// their password and the TOTP code of the test clock's time.

export const OPERATOR_PASSWORD = 'Operator-Test-2026';

export interface TestOperator {
  id: string;
  email: string;
  name: string;
  totpSecret: string;
  /** The operator's bearer token (signed in once made). */
  token: string;
}

/** The code an authenticator app would show at `at`, for the step `offset` steps away. */
export const codeAt = (secret: string, at: Date, offset = 0) =>
  totpCode(secret, totpStep(at) + offset);

/** Makes an operator and signs it in; each sign-in uses the next time step (codes are single-use). */
export async function makeOperator(
  world: {
    app: FastifyInstance;
    database: Database;
    clock: Clock & { advance?: (ms: number) => void };
    config: { appSecret: string };
  },
  label = 'operator',
): Promise<TestOperator> {
  const operators = operatorsService({
    database: world.database,
    clock: world.clock,
    crypto: fieldCrypto(world.config.appSecret),
    policy: { idleMs: 60_000, absoluteMs: 60_000, secureCookie: false },
  });
  const email = `${label}-${randomBytes(4).toString('hex')}@ops.ajo.test`;
  const created = await operators.create({
    email,
    name: `Test ${label}`,
    password: OPERATOR_PASSWORD,
    totpSecret: newTotpSecret(),
  });
  const token = await signInOperator(world.app, {
    email,
    password: OPERATOR_PASSWORD,
    code: codeAt(created.totpSecret, world.clock.now()),
  });
  return { id: created.id, email, name: created.name, totpSecret: created.totpSecret, token };
}

export async function signInOperator(
  app: FastifyInstance,
  body: { email: string; password: string; code: string },
): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/v1/ops/sessions', payload: body });
  const token = response.json<{ data?: { token?: string } }>().data?.token;
  if (!token) throw new Error(`operator sign-in failed: ${response.body}`);
  return token;
}

/** Calls an operator route as `operator` (bearer), answering status and JSON. */
export async function opsCall(
  app: FastifyInstance,
  operator: { token: string },
  url: string,
  options: { method?: 'GET' | 'POST' | 'PUT' | 'DELETE'; payload?: unknown } = {},
) {
  const response = await app.inject({
    method: options.method ?? (options.payload === undefined ? 'GET' : 'POST'),
    url,
    headers: bearer(operator.token),
    ...(options.payload === undefined ? {} : { payload: options.payload as object }),
  });
  await app.background.idle();
  return response;
}

/** The audit entries of one action (newest first), read as an operator would. */
export async function auditEntries(
  app: FastifyInstance,
  operator: { token: string },
  query: Record<string, string>,
) {
  const search = new URLSearchParams({ size: '100', ...query });
  const response = await opsCall(app, operator, `/v1/ops/audit?${search.toString()}`);
  return response.json<{
    data: {
      items: {
        action: string;
        operator: { id: string } | null;
        subject_id: string | null;
        before: unknown;
        after: unknown;
        reason: string | null;
      }[];
    };
  }>().data.items;
}
