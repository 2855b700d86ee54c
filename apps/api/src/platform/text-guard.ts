import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';
import { humanFieldName } from './validation-message.ts';

/** Deeper than any request body of ours; deeper input is searched no further. */
const maxDepth = 16;

/**
 * Text PostgreSQL cannot store as sent: U+0000, which its text type refuses, and an unpaired
 * UTF-16 surrogate (`\ud800` alone), which has no UTF-8 form at all. No person types either.
 */
export interface UnstorableText {
  path: string;
  problem: 'nul' | 'unpaired_surrogate';
}

const problemIn = (text: string): UnstorableText['problem'] | undefined => {
  if (text.includes('\u0000')) return 'nul';
  if (!text.isWellFormed()) return 'unpaired_surrogate';
  return undefined;
};

/**
 * The dotted path of the first string (value or key) in a parsed body, query or params that
 * cannot be stored, and why; undefined when all can. Buffers (a webhook's raw body) are not
 * text and are left to their route.
 */
export function findUnstorableText(
  value: unknown,
  path = '',
  depth = 0,
): UnstorableText | undefined {
  if (typeof value === 'string') {
    const problem = problemIn(value);
    return problem ? { path, problem } : undefined;
  }
  if (value === null || typeof value !== 'object' || depth > maxDepth) return undefined;
  if (Buffer.isBuffer(value)) return undefined;
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    const keyPath = path ? `${path}.${key}` : key;
    const keyProblem = problemIn(key);
    if (keyProblem) return { path: keyPath, problem: keyProblem };
    const found = findUnstorableText(item, keyPath, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

const wording: Record<UnstorableText['problem'], string> = {
  nul: 'remove the hidden NUL character (\\u0000) from this text',
  unpaired_surrogate:
    'remove the broken character (half of an emoji or symbol, an unpaired surrogate) from this text',
};

const refused = ({ path, problem }: UnstorableText) => {
  const sentence = wording[problem];
  const message = sentence.charAt(0).toUpperCase() + sentence.slice(1);
  const named = path ? `${humanFieldName(path)}: ${sentence}` : message;
  return new AppError('validation_failed', named, 400, [{ path, message }]);
};

/**
 * Every request naming unstorable text in its body, query or path is refused with a 400 naming
 * the field, before validation and before any handler has written anything, so no route can
 * reach the database with it (and fail there with a 500).
 */
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    for (const part of [request.params, request.query, request.body]) {
      const found = findUnstorableText(part);
      if (found !== undefined) throw refused(found);
    }
  });
}
