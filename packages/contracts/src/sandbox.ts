import { z } from 'zod';
import { emailField } from './auth.ts';
import { envelope, moneyInput } from './common.ts';

export const mailboxQuerySchema = z.strictObject({ email: emailField });

export const mailboxResponseSchema = envelope(
  z.object({
    items: z.array(
      z.object({
        to: z.string(),
        subject: z.string(),
        text: z.string(),
        html: z.string(),
        created_at: z.string(),
      }),
    ),
  }),
);

export const sandboxTransferBodySchema = z.strictObject({
  account_number: z.string().regex(/^\d{10}$/, 'Enter the 10-digit account number'),
  amount: moneyInput,
  sender_name: z.string().trim().min(1, 'Enter the sender name').max(100),
  /** Send the same reference twice to simulate the vendor delivering one transfer twice. */
  reference: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{6,64}$/, 'A reference is 6 to 64 letters, digits, _ . or -')
    .optional(),
});

export const sandboxTransferResponseSchema = envelope(
  z.object({
    reference: z.string(),
    /** What our webhook endpoint answered the signed delivery. */
    webhook_status: z.number().int(),
  }),
);

export const sandboxBankAccountBodySchema = z.strictObject({
  account_name: z.string().trim().min(3, 'Enter the account name').max(100),
  bank_code: z
    .string()
    .regex(/^\d{3,6}$/, 'Choose a bank')
    .optional(),
});

export const sandboxBankAccountResponseSchema = envelope(
  z.object({ account_number: z.string(), bank_code: z.string(), bank_name: z.string() }),
);

export const sandboxPayoutOutcomes = ['success', 'failed', 'reversed'] as const;

export const sandboxSettlePayoutBodySchema = z.strictObject({
  outcome: z.enum(sandboxPayoutOutcomes, { error: 'outcome is success, failed or reversed' }),
});

export const sandboxPayoutSchema = z.object({
  reference: z.string(),
  amount: z.string(),
  account_number: z.string(),
  bank_code: z.string(),
  account_name: z.string(),
  status: z.string(),
  created_at: z.string(),
});

export const sandboxPayoutsResponseSchema = envelope(
  z.object({ items: z.array(sandboxPayoutSchema) }),
);

export const sandboxSettlePayoutResponseSchema = envelope(
  z.object({ reference: z.string(), status: z.string(), webhook_status: z.number().int() }),
);

/** A whole number from `min` to `max`, with one message for every way of missing it. */
const wholeNumberFrom = (min: number, max: number, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

/**
 * `POST /sandbox/clock`: move the sandbox's clock forward and run what fell due. Whole days (to
 * watch plans earn and mature) or minutes (to let a quote or a code run out without waiting).
 */
export const sandboxClockBodySchema = z
  .strictObject({
    advance_days: wholeNumberFrom(
      1,
      400,
      'advance_days is a whole number of days from 1 to 400',
    ).optional(),
    advance_minutes: wholeNumberFrom(
      1,
      1_440,
      'advance_minutes is a whole number of minutes from 1 to 1440',
    ).optional(),
  })
  .refine(
    (body) => (body.advance_days === undefined) !== (body.advance_minutes === undefined),
    'Send advance_days (whole days from 1 to 400) or advance_minutes (whole minutes from 1 to 1440), one of the two',
  );

export const sandboxClockResponseSchema = envelope(
  z.object({
    /** The sandbox's time after the move (ISO). */
    now: z.string(),
    /** Its Lagos business date. */
    business_date: z.string(),
    /** Days the clock is ahead of real time. */
    offset_days: z.number(),
    /** Automatic savings instalments collected, interest plan-days booked, plans matured. */
    collected_instalments: z.number().int(),
    accrued_plan_days: z.number().int(),
    matured_plans: z.number().int(),
  }),
);

/** `GET /sandbox/operators`: the sandbox's operators, each with a sign-in code usable now. */
export const sandboxOperatorsResponseSchema = envelope(
  z.object({
    items: z.array(
      z.object({
        email: z.string(),
        name: z.string(),
        password: z.string(),
        code: z.string().nullable(),
        wait_seconds: z.number().int(),
        totp_secret: z.string(),
      }),
    ),
  }),
);
