import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnreachable } from './database-errors.ts';
import { AppError, type FieldError } from './errors.ts';
import { validationMessage } from './validation-message.ts';

export interface ErrorBody {
  message: string;
  code: string;
  errors: FieldError[];
}

interface ErrorAnswer {
  statusCode: number;
  body: ErrorBody;
  headers?: Record<string, string>;
}

/** How long a client waits before trying again while the database is away; the pool reconnects. */
const databaseRetryAfterSeconds = 5;

/** Fastify's own 4xx errors, renamed to codes and messages a person can act on. */
const frameworkErrors: Record<string, { code: string; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    code: 'malformed_json',
    message: 'The request body is not valid JSON',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    code: 'empty_body',
    message: 'The request body is empty; send a JSON object',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    code: 'payload_too_large',
    message: 'The request body is too large',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'unsupported_media_type',
    message: 'Send the request body as application/json',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: 'invalid_content_length',
    message: 'The Content-Length header does not match the body',
  },
  // The router's own refusals, which reach us through `sendFrameworkError`.
  FST_ERR_BAD_URL: {
    code: 'malformed_url',
    message: 'The address is not valid: a % in it must start an escape such as %20',
  },
  FST_ERR_MAX_PARAM_LENGTH: {
    code: 'uri_too_long',
    message: 'A part of the address is too long; check the identifier in it',
  },
};

export function toErrorBody(error: unknown): ErrorAnswer | undefined {
  if (error instanceof AppError) {
    return {
      statusCode: error.statusCode,
      body: { message: error.message, code: error.code, errors: error.errors },
    };
  }
  if (isDatabaseUnreachable(error)) {
    return {
      statusCode: 503,
      body: {
        message: `We cannot reach our database right now. Please try again in ${String(databaseRetryAfterSeconds)} seconds`,
        code: 'service_unavailable',
        errors: [],
      },
      headers: { 'retry-after': String(databaseRetryAfterSeconds) },
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues = error.validation.map((issue) => ({
      keyword: issue.keyword,
      path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
      message: issue.message ?? 'is invalid',
      params: issue.params,
    }));
    const first = issues[0];
    const where = error.validationContext ?? 'request';
    return {
      statusCode: 400,
      body: {
        // The client shows this as it is: the rule in words, never a wire name like "new_password".
        message: first ? validationMessage(first) : `The ${where} is invalid`,
        code: 'validation_failed',
        errors: issues.map(({ path, message }) => ({ path, message })),
      },
    };
  }
  const fastifyError = error as Partial<FastifyError>;
  const known = fastifyError.code ? frameworkErrors[fastifyError.code] : undefined;
  const statusCode = fastifyError.statusCode ?? 500;
  if (known) return { statusCode, body: { ...known, errors: [] } };
  if (statusCode >= 400 && statusCode < 500) {
    return {
      statusCode,
      body: {
        message: fastifyError.message ?? 'The request could not be handled',
        code: (fastifyError.code ?? 'bad_request').toLowerCase(),
        errors: [],
      },
    };
  }
  return undefined;
}

/** Turns any error into the one shape; unknown ones are logged and answered without internals. */
function sendError(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const known = toErrorBody(error);
  if (known) {
    // A 503 is something we depend on not answering (the database, a provider): name which.
    if (known.statusCode === 503) {
      request.log.warn({ err: error, code: known.body.code }, `unavailable: ${known.body.code}`);
    } else if (known.statusCode >= 500) request.log.error({ err: error }, 'request failed');
    if (known.headers) reply.headers(known.headers);
    return reply.status(known.statusCode).send(known.body);
  }
  request.log.error({ err: error }, 'unexpected error');
  return reply.status(500).send({
    message: `Something went wrong on our side. Please try again; reference ${request.id}`,
    code: 'internal_error',
    errors: [],
  } satisfies ErrorBody);
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => sendError(error, request, reply));
}

/**
 * Fastify's `frameworkErrors` option: errors the router meets before any route (a malformed
 * %-escape, a path parameter over `maxParamLength`), which would otherwise answer in Fastify's
 * own shape.
 */
export function sendFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  void sendError(error, request, reply);
}
