/**
 * The sign-in rules without zod: the texts the client shows (spec section 5), the email pattern
 * and the login form's check. `auth.ts` builds its zod schemas from the same constants, so the
 * server and the sign-in page cannot drift apart, while /login's first load stays free of zod
 * (QUALITY.md: ≤ 120 kB of JavaScript).
 */

export const authMessages = {
  firstName: 'please enter your first name',
  lastName: 'please enter your last name',
  phone: 'invalid phone number',
  email: 'Enter a valid email address',
  password: 'Password must be at least 8 characters',
  passwordRequired: 'Enter your password',
  passwordTooLong: 'Password must be at most 128 characters',
  code: 'Enter the 6-digit code we sent to your email',
} as const;

export const MAX_EMAIL_LENGTH = 254;
export const MAX_PASSWORD_LENGTH = 128;

/** An address with a dotted domain and a two-letter or longer top level (zod's default rule). */
export const emailPattern =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export interface LoginFormValues {
  email: string;
  password: string;
}

export type LoginFormErrors = Partial<Record<keyof LoginFormValues, string>>;

/** The same answer as `loginBodySchema` gives, field by field (its test proves it). */
export function checkLoginForm(values: LoginFormValues): LoginFormErrors {
  const errors: LoginFormErrors = {};
  const email = values.email.trim();
  if (email.length > MAX_EMAIL_LENGTH || !emailPattern.test(email)) {
    errors.email = authMessages.email;
  }
  if (values.password.length === 0) errors.password = authMessages.passwordRequired;
  else if (values.password.length > MAX_PASSWORD_LENGTH) {
    errors.password = authMessages.passwordTooLong;
  }
  return errors;
}
