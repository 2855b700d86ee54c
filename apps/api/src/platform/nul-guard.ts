import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';
import { humanFieldName } from './validation-message.ts';

/** Deeper than any request body of ours; deeper input is searched no further. */
const maxDepth = 16;

/**
 * The dotted path of the first string holding U+0000 in a parsed body, query or params, or
 * undefined. Buffers (a webhook's raw body) are not text and are left to their route.
 */
export function findNulCharacter(value: unknown, path = '', depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (value === null || typeof value !== 'object' || depth > maxDepth) return undefined;
  if (Buffer.isBuffer(value)) return undefined;
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    if (key.includes('\u0000')) return path ? `${path}.${key}` : key;
    const found = findNulCharacter(item, path ? `${path}.${key}` : key, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

const nulRefused = (path: string) => {
  const message = 'Remove the hidden NUL character (\\u0000) from this text';
  const named = path
    ? `${humanFieldName(path)}: remove the hidden NUL character (\\u0000) from this text`
    : message;
  return new AppError('validation_failed', named, 400, [{ path, message }]);
};

/**
 * PostgreSQL text cannot hold U+0000, and no person means to type it: every request naming one
 * in its body, query or path is refused with a 400 naming the field, before validation and
 * before any handler has written anything.
 */
export function registerNulGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    for (const part of [request.params, request.query, request.body]) {
      const path = findNulCharacter(part);
      if (path !== undefined) throw nulRefused(path);
    }
  });
}
