import { z } from 'zod';

/** One refused field as the validation error carries it (zod's issue, flattened by Fastify). */
export interface ValidationIssue {
  /** zod's issue code: invalid_type, too_small, too_big, unrecognized_keys… */
  keyword: string;
  /** Dotted path of the field, "" for the body as a whole. */
  path: string;
  message: string;
  params: Record<string, unknown>;
}

/** Field-name parts that people write in capitals. */
const acronyms = new Set(['bvn', 'ip', 'id', 'kyc', 'otp', 'url', 'nuban']);

/**
 * A field's wire name as a person reads it: "new_password" → "New password", "kyc.bvn" →
 * "KYC BVN", "documents.0.content" → "Documents content". List positions are left out.
 */
export function humanFieldName(path: string): string {
  const words = path
    .split('.')
    .filter((segment) => segment !== '' && !/^\d+$/.test(segment))
    .flatMap((segment) => segment.split(/_|(?<=[a-z])(?=[A-Z])/))
    .filter(Boolean)
    .map((word) => (acronyms.has(word.toLowerCase()) ? word.toUpperCase() : word.toLowerCase()));
  const sentence = words.join(' ');
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

const englishError = z.locales.en().localeError;

/**
 * Whether the message is zod's own English, written for developers ("Too big: expected string to
 * have <=60 characters"), rather than a contract's text. zod's text for a wrong type names the
 * value received, which the issue no longer holds, so only what comes before it is compared.
 */
function isZodDefaultMessage(issue: ValidationIssue): boolean {
  const answer = englishError({ ...issue.params, code: issue.keyword, input: undefined } as never);
  const fallback = typeof answer === 'string' ? answer : answer?.message;
  if (!fallback) return false;
  if (issue.keyword === 'invalid_type') {
    return issue.message.startsWith(fallback.slice(0, fallback.lastIndexOf('received')));
  }
  return issue.message === fallback;
}

const typeNouns: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
};

const quoted = (values: unknown) =>
  Array.isArray(values) ? values.map((value) => JSON.stringify(value)).join(', ') : '';

/** "at least 8 characters", "at most 3 items", "more than 0". */
function bound(issue: ValidationIssue, direction: 'least' | 'most'): string {
  const limit = direction === 'least' ? issue.params.minimum : issue.params.maximum;
  const count = typeof limit === 'number' || typeof limit === 'bigint' ? String(limit) : '';
  const inclusive = issue.params.inclusive !== false;
  const unit =
    issue.params.origin === 'string'
      ? count === '1'
        ? ' character'
        : ' characters'
      : issue.params.origin === 'array' || issue.params.origin === 'set'
        ? count === '1'
          ? ' item'
          : ' items'
        : '';
  const word = inclusive ? `at ${direction}` : direction === 'least' ? 'more than' : 'less than';
  return `${word} ${count}${unit}`;
}

/** zod's developer English, reworded for a person and naming the field in words. */
function plainWording(issue: ValidationIssue): string {
  const field = humanFieldName(issue.path) || 'The request';
  switch (issue.keyword) {
    case 'invalid_type': {
      if (issue.message.endsWith('received undefined')) return `${field} is required`;
      const expected = typeof issue.params.expected === 'string' ? issue.params.expected : '';
      return `${field} must be ${typeNouns[expected] ?? expected}`;
    }
    case 'too_small':
      return `${field} must be ${bound(issue, 'least')}`;
    case 'too_big':
      return `${field} must be ${bound(issue, 'most')}`;
    case 'unrecognized_keys': {
      const keys = Array.isArray(issue.params.keys) ? issue.params.keys : [];
      const names = quoted(keys);
      const where = issue.path ? ` in ${field}` : '';
      return keys.length === 1
        ? `The field ${names} is not accepted${where}`
        : `The fields ${names} are not accepted${where}`;
    }
    case 'invalid_value':
      return `${field} must be one of ${quoted(issue.params.values)}`;
    case 'invalid_format':
      return `${field} is not in the expected format`;
    default:
      return `${field} is not valid`;
  }
}

/**
 * The top-level message of a refused request, which the client shows as it is: the contract's
 * own text for the field (it names the rule in words), or zod's text reworded with the field's
 * name in words. Never a raw wire name such as "new_password:".
 */
export function validationMessage(issue: ValidationIssue): string {
  return isZodDefaultMessage(issue) ? plainWording(issue) : issue.message;
}
