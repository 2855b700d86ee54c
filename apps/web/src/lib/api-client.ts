import { noteServerTime } from './server-clock.ts';

/**
 * The one way the web app talks to the API: JSON over fetch under /v1, a 90 s timeout, the session
 * cookie sent same-origin, and every failure turned into an `ApiError`.
 */

export const API_BASE_PATH = '/v1';
export const API_TIMEOUT_MS = 90_000;

/**
 * The API refuses state-changing requests without this header: a cross-site form or image cannot
 * set a custom header, so its presence shows the request came from our own scripts (CSRF defence).
 */
export const CLIENT_HEADER_NAME = 'X-Requested-With';
export const CLIENT_HEADER_VALUE = 'ajo-web';

/**
 * Refusals of a money-out request for its transaction PIN (contracts/pin.ts): 403 or 423, never
 * 401, so a mistyped PIN never signs anyone out. Spelled out here so the public pages' first load
 * stays free of the contracts (and zod).
 */
const PIN_REFUSAL_CODES: ReadonlySet<string> = new Set([
  'pin_not_set',
  'pin_required',
  'pin_incorrect',
  'pin_locked',
]);

/**
 * The operator console's refusals (`/v1/ops/*`): an operator's session is not a customer's, so
 * its end never signs a customer out of the app.
 */
const OPERATOR_REFUSAL_CODES: ReadonlySet<string> = new Set([
  'operator_unauthenticated',
  'operator_sign_in_refused',
]);

export function isPinRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && PIN_REFUSAL_CODES.has(error.code);
}

export const TRANSPORT_ERROR_CODES = {
  network: 'NETWORK_ERROR',
  timeout: 'TIMEOUT',
  aborted: 'REQUEST_ABORTED',
  invalidResponse: 'INVALID_RESPONSE',
} as const;

export interface ApiFieldError {
  path: string;
  message: string;
}

/**
 * `status` is the HTTP status, or 0 when no response arrived (network failure, timeout, abort).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly errors: readonly ApiFieldError[];

  constructor(init: {
    status: number;
    code: string;
    message: string;
    errors?: readonly ApiFieldError[];
    cause?: unknown;
  }) {
    super(init.message, { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.errors = init.errors ?? [];
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Anything with a zod-style `parse`, so callers can check the `data` they get back. */
export interface ResponseSchema<T> {
  parse(input: unknown): T;
}

/**
 * A schema fetched only once an answer has arrived, for calls on the public pages: their first
 * load stays free of zod, which a signed-out visitor never needs (QUALITY.md's 120 kB for /login).
 */
export type LazyResponseSchema<T> = () => Promise<ResponseSchema<T>>;

type QueryValue = string | number | boolean | null | undefined;

export interface ApiRequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON, or as-is when it is FormData (file uploads). */
  body?: unknown;
  query?: Record<string, QueryValue>;
  headers?: Record<string, string>;
  /** Cancels the request, e.g. TanStack Query's signal when a query is abandoned. */
  signal?: AbortSignal;
  schema?: ResponseSchema<T> | LazyResponseSchema<T>;
  timeoutMs?: number;
  /**
   * The answer counts as a success only when its `message` equals this (the spec's sentinel
   * "operation was successful" for linking and removing bank accounts, savings creation…).
   */
  expectMessage?: string;
}

type UnauthorizedHandler = (error: ApiError) => void;

let unauthorizedHandler: UnauthorizedHandler | null = null;

/**
 * Registers what happens when the API answers 401 (the session is over). Returns a function that
 * removes the handler again, so it can be used as a React effect cleanup.
 */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | null): () => void {
  unauthorizedHandler = handler;
  return () => {
    if (unauthorizedHandler === handler) unauthorizedHandler = null;
  };
}

export async function apiRequest<T = unknown>(
  path: string,
  options: ApiRequestOptions<T> = {},
): Promise<T> {
  const timeoutMs = options.timeoutMs ?? API_TIMEOUT_MS;
  const timeoutController = new AbortController();
  const timer = setTimeout(() => {
    timeoutController.abort();
  }, timeoutMs);
  const signal = options.signal
    ? AbortSignal.any([timeoutController.signal, options.signal])
    : timeoutController.signal;

  try {
    const response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers: buildHeaders(options),
      body: encodeBody(options.body),
      credentials: 'same-origin',
      signal,
    });
    noteServerTime(response.headers.get('x-server-time'));
    const body = await readJsonBody(response);
    if (!response.ok) throw errorFromResponse(response.status, body);
    if (
      options.expectMessage !== undefined &&
      (!isRecord(body) || body.message !== options.expectMessage)
    ) {
      throw new ApiError({
        status: response.status,
        code: 'not_confirmed',
        message: 'The server did not confirm this operation; please try again',
      });
    }
    const schema = typeof options.schema === 'function' ? await options.schema() : options.schema;
    return unwrapEnvelope(response.status, body, schema);
  } catch (error) {
    const apiError = toApiError(error, {
      timedOut: timeoutController.signal.aborted,
      cancelled: options.signal?.aborted === true,
      timeoutMs,
    });
    if (apiError.status === 401 && !OPERATOR_REFUSAL_CODES.has(apiError.code)) {
      unauthorizedHandler?.(apiError);
    }
    throw apiError;
  } finally {
    clearTimeout(timer);
  }
}

type MethodOptions<T> = Omit<ApiRequestOptions<T>, 'method' | 'body'>;

export const api = {
  get: <T = unknown>(path: string, options?: MethodOptions<T>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T = unknown>(path: string, body?: unknown, options?: MethodOptions<T>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T = unknown>(path: string, body?: unknown, options?: MethodOptions<T>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T = unknown>(path: string, body?: unknown, options?: MethodOptions<T>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T = unknown>(path: string, options?: MethodOptions<T>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

/** Server messages are shown in banners; they start lower-case on some endpoints. */
export function capitalizeFirstLetter(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function buildUrl(path: string, query: Record<string, QueryValue> | undefined): string {
  if (!path.startsWith('/')) throw new Error(`API paths start with "/": ${path}`);
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) search.append(key, String(value));
  }
  const queryString = search.toString();
  return `${API_BASE_PATH}${path}${queryString === '' ? '' : `?${queryString}`}`;
}

function buildHeaders(options: ApiRequestOptions<unknown>): Headers {
  const headers = new Headers(options.headers);
  headers.set('Accept', 'application/json');
  headers.set(CLIENT_HEADER_NAME, CLIENT_HEADER_VALUE);
  if (options.body !== undefined && !(options.body instanceof FormData)) {
    headers.set('Content-Type', 'application/json');
  }
  return headers;
}

function encodeBody(body: unknown): BodyInit | null {
  if (body === undefined) return null;
  if (body instanceof FormData) return body;
  return JSON.stringify(body);
}

/** Marks a body that is present but not JSON (e.g. an HTML error page from a proxy). */
const NOT_JSON = Symbol('not json');

async function readJsonBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return NOT_JSON;
  }
}

function unwrapEnvelope<T>(
  status: number,
  body: unknown,
  schema: ResponseSchema<T> | undefined,
): T {
  if (body === NOT_JSON) throw invalidResponse(status);
  const data = isRecord(body) ? body.data : undefined;
  if (!schema) return data as T;
  try {
    return schema.parse(data);
  } catch (cause) {
    throw invalidResponse(status, cause);
  }
}

function errorFromResponse(status: number, body: unknown): ApiError {
  if (!isRecord(body)) {
    return new ApiError({
      status,
      code: `HTTP_${String(status)}`,
      message: `Request failed with status code ${String(status)}`,
    });
  }
  const message =
    typeof body.message === 'string' && body.message !== ''
      ? capitalizeFirstLetter(body.message)
      : `Request failed with status code ${String(status)}`;
  return new ApiError({
    status,
    code: typeof body.code === 'string' ? body.code : `HTTP_${String(status)}`,
    message,
    errors: readFieldErrors(body.errors),
  });
}

function readFieldErrors(value: unknown): ApiFieldError[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown) =>
    isRecord(item) && typeof item.message === 'string'
      ? [{ path: typeof item.path === 'string' ? item.path : '', message: item.message }]
      : [],
  );
}

function toApiError(
  error: unknown,
  context: { timedOut: boolean; cancelled: boolean; timeoutMs: number },
): ApiError {
  if (error instanceof ApiError) return error;
  if (context.timedOut) {
    return new ApiError({
      status: 0,
      code: TRANSPORT_ERROR_CODES.timeout,
      message: `timeout of ${String(context.timeoutMs)}ms exceeded`,
      cause: error,
    });
  }
  if (context.cancelled) {
    return new ApiError({
      status: 0,
      code: TRANSPORT_ERROR_CODES.aborted,
      message: 'Request aborted',
      cause: error,
    });
  }
  return new ApiError({
    status: 0,
    code: TRANSPORT_ERROR_CODES.network,
    message: 'Network Error',
    cause: error,
  });
}

function invalidResponse(status: number, cause?: unknown): ApiError {
  return new ApiError({
    status,
    code: TRANSPORT_ERROR_CODES.invalidResponse,
    message: 'Unexpected response from the server',
    cause,
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
