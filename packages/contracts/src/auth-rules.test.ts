import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { authMessages, checkLoginForm, type LoginFormErrors } from './auth-rules.ts';
import { loginBodySchema } from './auth.ts';

/** What the server's schema says of each field, in the form `checkLoginForm` answers. */
function schemaErrors(values: { email: string; password: string }): LoginFormErrors {
  const result = loginBodySchema.safeParse(values);
  if (result.success) return {};
  const errors: LoginFormErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if ((field === 'email' || field === 'password') && errors[field] === undefined) {
      errors[field] = issue.message;
    }
  }
  return errors;
}

const emailLike = fc.oneof(
  fc.emailAddress(),
  fc.emailAddress().map((email) => ` ${email.toUpperCase()} `),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('', 'ada@', '@example.com', 'ada@example', 'ada..b@example.com', 'a@b.c'),
  fc.string({ minLength: 250, maxLength: 260 }).map((tail) => `ada@${tail}.com`),
);
const passwordLike = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.string({ minLength: 120, maxLength: 140 }),
);

describe('checkLoginForm', () => {
  it('answers what loginBodySchema answers, field by field', () => {
    fc.assert(
      fc.property(emailLike, passwordLike, (email, password) => {
        expect(checkLoginForm({ email, password })).toEqual(schemaErrors({ email, password }));
      }),
      { numRuns: 2_000 },
    );
  });

  it('names each problem in the texts the sign-in page shows', () => {
    expect(checkLoginForm({ email: 'not-an-email', password: '' })).toEqual({
      email: authMessages.email,
      password: authMessages.passwordRequired,
    });
    expect(checkLoginForm({ email: ' Ada@Example.com ', password: 'x'.repeat(129) })).toEqual({
      password: authMessages.passwordTooLong,
    });
    expect(checkLoginForm({ email: 'ada@example.com', password: 'secret' })).toEqual({});
  });
});
