import { z } from 'zod';
import { envelope } from './common.ts';
import { nigerianPhoneField } from './phone.ts';

/** Texts the spec fixes (sections 5 and 8). */
export const verificationMessages = {
  bvnModalInvalid: 'Please provide a valid BVN',
  bvnMismatch: 'BVN details do not match your registered name',
  invalidBvn: 'Invalid BVN',
  invalidPhone: 'Invalid phone number',
  cameraDenied: 'error: there was an issue accessing your camera',
  submitted: 'Submitted',
  birthDateInFuture: 'Your date of birth cannot be in the future',
  underEighteen: 'You must be at least 18 years old to verify your account',
  dateOfBirthRequired: 'Enter your date of birth',
  addressRequired: 'Enter your home address',
  addressTooLong: 'Home address must be at most 200 characters',
  accountNameRequired: 'Enter the account name',
  accountNameTooLong: 'Account name must be at most 120 characters',
  customerNameRequired: 'Enter the customer name',
  customerNameTooLong: 'Customer name must be at most 120 characters',
  countryAlpha2: 'Country code must be two capital letters, like NG',
  countryAlpha3: 'Country code must be three capital letters, like NGA',
  dialCode: 'Dial code must look like +234',
  countryRequired: 'Enter your country of residence',
  countryTooLong: 'Country of residence must be at most 60 characters',
  ipAddressTooLong: 'IP address must be at most 64 characters',
  selfieMissing: 'Take a selfie before submitting',
  oneSelfie: 'Send one selfie',
} as const;

/**
 * Whether a date of birth (`YYYY-MM-DD`) is of an adult on `today` (`YYYY-MM-DD`, the business
 * date): answers the message to show, or undefined. A birthday on 29 February counts from
 * 1 March in years without one. Compared as text, which orders ISO dates correctly.
 */
export function dateOfBirthProblem(dateOfBirth: string, today: string): string | undefined {
  if (dateOfBirth > today) return verificationMessages.birthDateInFuture;
  const eighteenthBirthday = `${String(Number(dateOfBirth.slice(0, 4)) + 18).padStart(4, '0')}${dateOfBirth.slice(4)}`;
  return eighteenthBirthday > today ? verificationMessages.underEighteen : undefined;
}

const bvnDigits = (message: string) => z.string({ error: message }).regex(/^\d{11}$/, message);

/** `POST /virtualaccount/verify-bvn-{provider}` */
export const verifyBvnBodySchema = z.strictObject({
  Bvn: bvnDigits(verificationMessages.bvnModalInvalid),
});

/** The BVN comes back masked: its first 4 digits then two asterisks ("1234**"). */
export const bvnVerificationSchema = z
  .object({ firstname: z.string(), lastname: z.string(), Bvn: z.string() })
  .meta({ id: 'BvnVerification' });

export const verifyBvnResponseSchema = envelope(bvnVerificationSchema);

/** `POST /virtualaccount/create-{provider}-account` */
const accountNameField = (required: string, tooLong: string) =>
  z.string(required).trim().min(1, required).max(120, tooLong);

export const createVirtualAccountBodySchema = z.strictObject({
  account_name: accountNameField(
    verificationMessages.accountNameRequired,
    verificationMessages.accountNameTooLong,
  ),
  customer: z.strictObject({
    name: accountNameField(
      verificationMessages.customerNameRequired,
      verificationMessages.customerNameTooLong,
    ),
  }),
  kyc: z.strictObject({ bvn: bvnDigits(verificationMessages.bvnModalInvalid) }),
});

export const virtualAccountSchema = z
  .object({
    id: z.uuid(),
    account_reference: z.string(),
    account_number: z.string().regex(/^\d{10}$/),
    account_name: z.string(),
    bank_name: z.string(),
    bank_code: z.string(),
    provider: z.string(),
    created_at: z.string(),
  })
  .meta({ id: 'VirtualAccount' });

export type VirtualAccount = z.infer<typeof virtualAccountSchema>;

/** The spec keeps `data` (which holds `data`) under the local-storage key `modal`. */
export const createVirtualAccountResponseSchema = envelope(
  z.object({ data: virtualAccountSchema }),
);

/** `GET /virtualaccount`: the signed-in user's funding account, or null before the BVN step. */
export const myVirtualAccountResponseSchema = envelope(virtualAccountSchema.nullable());

/**
 * IN_REVIEW: the face match could not decide and a person is checking the selfie; the user's own
 * status stays SUBMITTED meanwhile.
 */
export const verificationStatuses = ['SUBMITTED', 'IN_REVIEW', 'ACTIVE', 'REJECTED'] as const;

export const verificationDocumentSchema = z.strictObject({
  content: z.string(verificationMessages.selfieMissing).min(1, verificationMessages.selfieMissing),
  document_sub_type: z.literal('selfie', { error: 'document_sub_type must be selfie' }),
  document_type: z.literal('identity_verification', {
    error: 'document_type must be identity_verification',
  }),
  mime_type: z.literal('image/jpeg', { error: 'The selfie must be a JPEG photo' }),
});

/**
 * `POST /accounts/verify`: the verification submission (spec section 3). The BVN is the one
 * verified for the funding account: a client may leave it out (the server uses its verified
 * record, so nobody types it twice); when sent, it must be that BVN.
 */
export const accountVerificationBodySchema = z.strictObject({
  address: z
    .string(verificationMessages.addressRequired)
    .trim()
    .min(1, verificationMessages.addressRequired)
    .max(200, verificationMessages.addressTooLong),
  bvn: bvnDigits(verificationMessages.invalidBvn).optional(),
  date_of_birth: z.iso.date(verificationMessages.dateOfBirthRequired),
  phone: nigerianPhoneField(verificationMessages.invalidPhone),
  country_alpha_2_code: z
    .string(verificationMessages.countryAlpha2)
    .regex(/^[A-Z]{2}$/, verificationMessages.countryAlpha2)
    .default('NG'),
  country_alpha_3_code: z
    .string(verificationMessages.countryAlpha3)
    .regex(/^[A-Z]{3}$/, verificationMessages.countryAlpha3)
    .default('NGA'),
  country_dial_code: z
    .string(verificationMessages.dialCode)
    .regex(/^\+\d{1,4}$/, verificationMessages.dialCode)
    .default('+234'),
  country_of_residence: z
    .string(verificationMessages.countryRequired)
    .trim()
    .min(1, verificationMessages.countryRequired)
    .max(60, verificationMessages.countryTooLong)
    .default('Nigeria'),
  /** Accepted for the spec's client; the server records the address the request came from. */
  ip_address: z.string().max(64, verificationMessages.ipAddressTooLong).optional(),
  documents: z
    .array(verificationDocumentSchema, verificationMessages.selfieMissing)
    .min(1, verificationMessages.selfieMissing)
    .max(1, verificationMessages.oneSelfie),
});

export type AccountVerificationBody = z.input<typeof accountVerificationBodySchema>;

export const accountVerificationSchema = z
  .object({
    id: z.uuid(),
    status: z.enum(verificationStatuses),
    submitted_at: z.string(),
    decided_at: z.string().nullable(),
  })
  .meta({ id: 'AccountVerification' });

export const accountVerificationResponseSchema = envelope(accountVerificationSchema);

/** Masks a BVN as the spec shows it: the first 4 digits then two asterisks. */
export const maskBvn = (bvn: string) => `${bvn.slice(0, 4)}**`;
