import { z } from 'zod';
import {
  authMessages,
  emailPattern,
  MAX_EMAIL_LENGTH,
  MAX_NAME_LENGTH,
  MAX_PASSWORD_LENGTH,
  MAX_REFERRAL_CODE_LENGTH,
} from './auth-rules.ts';
import { envelope } from './common.ts';
import { nigerianPhoneField } from './phone.ts';

export { authMessages } from './auth-rules.ts';

export const emailField = z
  .string()
  .trim()
  .max(MAX_EMAIL_LENGTH, authMessages.emailTooLong)
  .pipe(z.email({ pattern: emailPattern, error: authMessages.email }))
  .transform((email) => email.toLowerCase());

export const passwordField = z
  .string(authMessages.password)
  .min(8, authMessages.password)
  .max(MAX_PASSWORD_LENGTH, authMessages.passwordTooLong);

/** A required name of at most 60 characters; each rule says what is wrong. */
const nameField = (required: string, tooLong: string) =>
  z.string(required).trim().min(1, required).max(MAX_NAME_LENGTH, tooLong);

export const firstNameField = nameField(authMessages.firstName, authMessages.firstNameTooLong);
export const lastNameField = nameField(authMessages.lastName, authMessages.lastNameTooLong);

export const codeField = z.string(authMessages.code).regex(/^\d{6}$/, authMessages.code);

export const registerBodySchema = z.strictObject({
  email: emailField,
  password: passwordField,
  first_name: firstNameField,
  last_name: lastNameField,
  country_code: z
    .string(authMessages.countryCode)
    .regex(/^\+\d{1,4}$/, authMessages.countryCode)
    .default('+234'),
  phone: nigerianPhoneField(authMessages.phone),
  referred_by: z
    .string()
    .trim()
    .max(MAX_REFERRAL_CODE_LENGTH, authMessages.referralCodeTooLong)
    .optional(),
});

export const emailBodySchema = z.strictObject({ email: emailField });

export const confirmAccountBodySchema = z.strictObject({ email: emailField, token: codeField });

export const loginBodySchema = z.strictObject({
  email: emailField,
  password: z
    .string()
    .min(1, authMessages.passwordRequired)
    .max(MAX_PASSWORD_LENGTH, authMessages.passwordTooLong),
});

export const resetConfirmBodySchema = confirmAccountBodySchema;

export const resetChangeBodySchema = z.strictObject({
  email: emailField,
  token: codeField,
  new_password: passwordField,
});

export const userSchema = z
  .object({
    id: z.uuid(),
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    country_code: z.string(),
    phone: z.string(),
    status: z.string(),
    tier: z.number().int(),
    referral_code: z.string(),
    virtual_account: z.object({ id: z.string(), account_reference: z.string() }),
    created_at: z.string(),
  })
  .meta({ id: 'User' });

export type User = z.infer<typeof userSchema>;

/** Non-browser clients get the session token in the answer; browsers only get the cookie. */
export const sessionUserResponseSchema = envelope(
  userSchema.extend({ token: z.string().optional() }),
);

export const registerResponseSchema = envelope(z.object({ email: z.string() }));

export const messageResponseSchema = z.object({ message: z.string(), data: z.null() });

export const changePasswordBodySchema = z.strictObject({
  current_password: z
    .string(authMessages.currentPasswordRequired)
    .min(1, authMessages.currentPasswordRequired)
    .max(MAX_PASSWORD_LENGTH, authMessages.passwordTooLong),
  new_password: passwordField,
});
