import { hash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CLIENT_HEADER } from '@ajo/contracts/common';
import type { Clock } from '../../platform/clock.ts';
import { rows, type Database, type Executor } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the operator guard: the operator the request is from. */
    operatorId?: string;
  }
}

/** Operators' own cookie: a customer's session never opens `/v1/ops/*`, nor the reverse. */
export const operatorCookie = 'ajo_ops_session';

export interface OperatorSessionPolicy {
  idleMs: number;
  absoluteMs: number;
  secureCookie: boolean;
}

export const operatorUnauthenticated = () =>
  new AppError('operator_unauthenticated', 'Sign in to the operator console', 401);

const hashToken = (token: string) => hash('sha256', token);

export async function openOperatorSession(
  executor: Executor,
  operatorId: string,
  now: Date,
  policy: OperatorSessionPolicy,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await executor.execute(
    sql`insert into operator_sessions (operator_id, token_hash, created_at, last_seen_at, expires_at)
        values (${operatorId}, ${hashToken(token)}, ${now.toISOString()}, ${now.toISOString()},
          ${new Date(now.getTime() + policy.absoluteMs).toISOString()})`,
  );
  return token;
}

export async function revokeOperatorSession(executor: Executor, token: string, now: Date) {
  await executor.execute(
    sql`update operator_sessions set revoked_at = ${now.toISOString()}
         where token_hash = ${hashToken(token)} and revoked_at is null`,
  );
}

const cookieOptions = (policy: OperatorSessionPolicy) => ({
  httpOnly: true,
  secure: policy.secureCookie,
  sameSite: 'strict' as const,
  path: '/v1/ops',
});

export function setOperatorCookie(
  reply: FastifyReply,
  token: string,
  policy: OperatorSessionPolicy,
) {
  reply.setCookie(operatorCookie, token, {
    ...cookieOptions(policy),
    maxAge: Math.floor(policy.absoluteMs / 1000),
  });
}

export function clearOperatorCookie(reply: FastifyReply, policy: OperatorSessionPolicy) {
  reply.clearCookie(operatorCookie, cookieOptions(policy));
}

/** The token a request carries: the operator cookie, or `Authorization: Bearer` (tools, tests). */
export function operatorToken(request: FastifyRequest): string | undefined {
  const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  return bearer ?? request.cookies[operatorCookie];
}

export type OperatorGuard = (request: FastifyRequest) => Promise<void>;

/**
 * Admits a request from a live operator session (idle and absolute expiry, operator not
 * disabled); a customer's token is no operator session, so it gets the same 401 as none. A
 * state-changing browser request must carry the client header, as customers' do (CSRF).
 */
export function operatorGuard(
  database: Database,
  clock: Clock,
  policy: OperatorSessionPolicy,
): OperatorGuard {
  return async (request) => {
    const token = operatorToken(request);
    if (!token) throw operatorUnauthenticated();
    const fromCookie = request.headers.authorization === undefined;
    if (
      fromCookie &&
      !['GET', 'HEAD'].includes(request.method) &&
      !request.headers[CLIENT_HEADER]
    ) {
      throw new AppError(
        'client_header_required',
        `Browser requests that change data must send the ${CLIENT_HEADER} header`,
        403,
      );
    }
    const now = clock.now();
    const [session] = await rows<{ id: string; operator_id: string; last_seen_at: Date | string }>(
      database.db,
      sql`select s.id, s.operator_id, s.last_seen_at
            from operator_sessions s join operators o on o.id = s.operator_id
           where s.token_hash = ${hashToken(token)} and s.revoked_at is null
             and s.expires_at > ${now.toISOString()}
             and s.last_seen_at > ${new Date(now.getTime() - policy.idleMs).toISOString()}
             and o.disabled_at is null`,
    );
    if (!session) throw operatorUnauthenticated();
    if (now.getTime() - new Date(session.last_seen_at).getTime() > 30_000) {
      await database.db.execute(
        sql`update operator_sessions set last_seen_at = ${now.toISOString()} where id = ${session.id}`,
      );
    }
    request.operatorId = session.operator_id;
  };
}
