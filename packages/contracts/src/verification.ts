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
export const createVirtualAccountBodySchema = z.strictObject({
  account_name: z.string().trim().min(1, 'Enter the account name').max(120),
  customer: z.strictObject({ name: z.string().trim().min(1, 'Enter the customer name').max(120) }),
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

export const verificationStatuses = ['SUBMITTED', 'ACTIVE', 'REJECTED'] as const;

export const verificationDocumentSchema = z.strictObject({
  content: z.string().min(1, 'Take a selfie before submitting'),
  document_sub_type: z.literal('selfie', { error: 'document_sub_type must be selfie' }),
  document_type: z.literal('identity_verification', {
    error: 'document_type must be identity_verification',
  }),
  mime_type: z.literal('image/jpeg', { error: 'The selfie must be a JPEG photo' }),
});

/** `POST /accounts/verify`: the verification submission (spec section 3). */
export const accountVerificationBodySchema = z.strictObject({
  address: z.string().trim().min(1, 'Enter your home address').max(200, 'Shorten the address'),
  bvn: bvnDigits(verificationMessages.invalidBvn),
  date_of_birth: z.iso.date('Enter your date of birth'),
  phone: nigerianPhoneField(verificationMessages.invalidPhone),
  country_alpha_2_code: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .default('NG'),
  country_alpha_3_code: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .default('NGA'),
  country_dial_code: z
    .string()
    .regex(/^\+\d{1,4}$/)
    .default('+234'),
  country_of_residence: z.string().trim().min(1).max(60).default('Nigeria'),
  /** Accepted for the spec's client; the server records the address the request came from. */
  ip_address: z.string().max(64).optional(),
  documents: z
    .array(verificationDocumentSchema)
    .min(1, 'Take a selfie before submitting')
    .max(1, 'Send one selfie'),
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
