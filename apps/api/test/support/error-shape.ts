import { expect } from 'vitest';

export interface ErrorBody {
  message: string;
  code: string;
  errors: { path: string; message: string }[];
}

/** Every failure answers exactly `{ message, code, errors }` (inject responses and replies alike). */
export function expectErrorShape(response: { body: string }): ErrorBody {
  const error = JSON.parse(response.body) as Record<string, unknown>;
  expect(Object.keys(error).sort(), response.body).toEqual(['code', 'errors', 'message']);
  expect(typeof error.message).toBe('string');
  expect(typeof error.code).toBe('string');
  expect(Array.isArray(error.errors)).toBe(true);
  return error as unknown as ErrorBody;
}
