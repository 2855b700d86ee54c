import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { humanFieldName, validationMessage, type ValidationIssue } from './validation-message.ts';

/** The first issue of a refused body, flattened as Fastify's zod validator hands it over. */
function firstIssue(schema: z.ZodType, body: unknown): ValidationIssue {
  const result = schema.safeParse(body);
  const issue = result.error?.issues[0];
  if (!issue) throw new Error('the body was accepted');
  const { code, path, message, ...params } = issue;
  return { keyword: code, path: path.join('.'), message, params };
}

const probe = z.strictObject({
  new_password: z.string().min(8),
  count: z.number().int(),
  tags: z.array(z.string()).max(2),
  kind: z.enum(['fixed', 'target']),
  day: z.iso.date(),
  first_name: z
    .string('please enter your first name')
    .max(60, 'First name must be at most 60 characters'),
});

const valid = {
  new_password: 'long-enough',
  count: 1,
  tags: [],
  kind: 'fixed',
  day: '2026-01-31',
  first_name: 'Ada',
};

describe('humanFieldName', () => {
  it.each([
    ['new_password', 'New password'],
    ['kyc.bvn', 'KYC BVN'],
    ['Bvn', 'BVN'],
    ['documents.0.content', 'Documents content'],
    ['customer.name', 'Customer name'],
    ['', ''],
  ])('when the path is "%s", then it reads "%s"', (path, words) => {
    expect(humanFieldName(path)).toBe(words);
  });
});

describe('validationMessage', () => {
  it('when the contract gives the field a message, then that message is the whole answer', () => {
    const issue = firstIssue(probe, { ...valid, first_name: 'x'.repeat(61) });
    expect(validationMessage(issue)).toBe('First name must be at most 60 characters');
    const missing = firstIssue(probe, { ...valid, first_name: undefined });
    expect(validationMessage(missing)).toBe('please enter your first name');
  });

  it.each([
    [{ new_password: 'short' }, 'New password must be at least 8 characters'],
    [{ count: 'three' }, 'Count must be a number'],
    [{ count: undefined }, 'Count is required'],
    [{ tags: ['a', 'b', 'c'] }, 'Tags must be at most 2 items'],
    [{ kind: 'weekly' }, 'Kind must be one of "fixed", "target"'],
    [{ day: '31/01/2026' }, 'Day is not in the expected format'],
    [{ role: 'admin' }, 'The field "role" is not accepted'],
  ])('when zod words the refusal of %o, then it reads "%s"', (change, message) => {
    const text = validationMessage(firstIssue(probe, { ...valid, ...change }));
    expect(text).toBe(message);
    expect(text).not.toMatch(/^[a-z_.]+: /);
  });
});
