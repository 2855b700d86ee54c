/**
 * The sign-in rules without zod: the texts the client shows (spec section 5), the email pattern
 * and the login form's check. `auth.ts` builds its zod schemas from the same constants, so the
 * server and the sign-in page cannot drift apart, while /login's first load stays free of zod
 * (QUALITY.md: ≤ 120 kB of JavaScript).
 */

export const MAX_EMAIL_LENGTH = 254;
export const MAX_PASSWORD_LENGTH = 128;
export const MAX_NAME_LENGTH = 60;
export const MAX_REFERRAL_CODE_LENGTH = 32;

/** Each rule has its own text: a too-long name must not read as a missing one. */
export const authMessages = {
  firstName: 'please enter your first name',
  firstNameTooLong: `First name must be at most ${String(MAX_NAME_LENGTH)} characters`,
  lastName: 'please enter your last name',
  lastNameTooLong: `Last name must be at most ${String(MAX_NAME_LENGTH)} characters`,
  phone: 'invalid phone number',
  email: 'Enter a valid email address',
  emailTooLong: `Email address must be at most ${String(MAX_EMAIL_LENGTH)} characters`,
  password: 'Password must be at least 8 characters',
  passwordRequired: 'Enter your password',
  passwordTooLong: `Password must be at most ${String(MAX_PASSWORD_LENGTH)} characters`,
  currentPasswordRequired: 'Enter your current password',
  code: 'Enter the 6-digit code we sent to your email',
  countryCode: 'Country code must look like +234',
  referralCodeTooLong: `Referral code must be at most ${String(MAX_REFERRAL_CODE_LENGTH)} characters`,
} as const;

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
  if (email.length > MAX_EMAIL_LENGTH) errors.email = authMessages.emailTooLong;
  else if (!emailPattern.test(email)) errors.email = authMessages.email;
  if (values.password.length === 0) errors.password = authMessages.passwordRequired;
  else if (values.password.length > MAX_PASSWORD_LENGTH) {
    errors.password = authMessages.passwordTooLong;
  }
  return errors;
}
