import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { TRANSACTION_PIN_HEADER } from '@ajo/contracts/pin';

// Talking to the API: one caller shape serves an in-process app (inject) and a real server (HTTP).

export interface Reply {
  statusCode: number;
  body: string;
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- as light-my-request's json<T>()
  json<T = Record<string, unknown>>(): T;
}

export interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  token?: string | undefined;
  headers?: Record<string, string>;
  payload?: unknown;
  /**
   * The transaction PIN header: every test user has TEST_PIN (people.ts signUp sets it), so it is
   * sent by default; a string sends that instead, null sends none.
   */
  pin?: string | null;
}

/** The transaction PIN `signUp` sets for every test user, and the callers send by default. */
export const TEST_PIN = '4826';

/** The PIN header alone, for tests that call `app.inject` themselves. */
export const pinHeader = (pin = TEST_PIN) => ({ [TRANSACTION_PIN_HEADER]: pin });

/** One API call; answers the status and the body whatever the status. */
export type Caller = (url: string, options?: CallOptions) => Promise<Reply>;

/** The header a bearer-token client sends. */
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A fresh Idempotency-Key. */
export const newKey = () => `key-${randomBytes(10).toString('hex')}`;

const authHeaders = (options: CallOptions) => ({
  ...(options.token ? bearer(options.token) : {}),
  ...(options.pin === null ? {} : pinHeader(options.pin)),
  ...options.headers,
});

export const toReply = (statusCode: number, body: string): Reply => ({
  statusCode,
  body,
  json: () => JSON.parse(body) as never,
});

/**
 * Calls the app in process. The call returns once the work the request started in the background
 * is done too (a withdrawal handed to the bank), so what a test reads next is settled.
 */
export function viaInject(app: FastifyInstance): Caller {
  return async (url, options = {}) => {
    const response = await app.inject({
      method: options.method ?? (options.payload === undefined ? 'GET' : 'POST'),
      url,
      headers: authHeaders(options),
      ...(options.payload === undefined ? {} : { payload: options.payload as object }),
    });
    await app.background.idle();
    return toReply(response.statusCode, response.body);
  };
}

export function viaHttp(baseUrl: string): Caller {
  return async (url, options = {}) => {
    const hasBody = options.payload !== undefined;
    const response = await fetch(`${baseUrl}${url}`, {
      method: options.method ?? (hasBody ? 'POST' : 'GET'),
      headers: {
        ...(hasBody ? { 'content-type': 'application/json' } : {}),
        ...authHeaders(options),
      },
      ...(hasBody ? { body: JSON.stringify(options.payload) } : {}),
    });
    return toReply(response.status, await response.text());
  };
}

/** A caller for either an app in process or one already made. */
export const callerFor = (target: FastifyInstance | Caller): Caller =>
  typeof target === 'function' ? target : viaInject(target);
