import { z } from 'zod';
import { envelope, moneyInput, moneyText, pageOf } from './common.ts';
import { nigerianPhoneField } from './phone.ts';
import { transactionStatuses } from './wallet.ts';

/** The spec's bill catalogue types (section 3): 1 airtime, 2 data bundle, 4 electricity, 5 betting. */
export const billTypes = [1, 2, 4, 5] as const;
export type BillType = (typeof billTypes)[number];

export const billTypeNames: Record<BillType, string> = {
  1: 'airtime',
  2: 'data bundle',
  4: 'electricity',
  5: 'betting',
};

/** The spec's bill catalogue page size (section 9). */
export const BILL_PAGE_SIZE = 50;

const billTypeMessage = 'type must be 1 (airtime), 2 (data bundle), 4 (electricity) or 5 (betting)';

/** A bill type in a query string or a body: the number, or its digits as text. */
export const billTypeField = z.coerce
  .number({ error: billTypeMessage })
  .refine((value): value is BillType => (billTypes as readonly number[]).includes(value), {
    message: billTypeMessage,
  });

export const meterTypes = ['prepaid', 'postpaid'] as const;
export type MeterType = (typeof meterTypes)[number];

const meterTypeField = z.enum(meterTypes, { error: 'meter_type must be prepaid or postpaid' });

const billerIdField = z
  .string({ error: 'Choose a provider' })
  .min(1, 'Choose a provider')
  .max(64, 'Choose a provider')
  .regex(/^[a-z0-9-]+$/, 'Choose a provider');

/** A meter number: 11 or 13 digits on Nigerian meters; 6 to 20 digits are accepted. */
const meterNumberField = z
  .string({ error: 'Enter the meter number' })
  .trim()
  .regex(/^\d{6,20}$/, 'Enter the meter number: 6 to 20 digits');

/** A betting account id: letters and digits as the betting company shows it. */
const bettingCustomerField = z
  .string({ error: 'Enter your betting account ID' })
  .trim()
  .regex(/^[A-Za-z0-9]{4,20}$/, 'Enter your betting account ID: 4 to 20 letters or digits');

const phoneField = nigerianPhoneField('Enter a valid Nigerian phone number, e.g. 0803 123 4567');

export const billerSchema = z
  .object({
    id: z.string(),
    type: z.number().int(),
    name: z.string(),
    short_name: z.string(),
    /** The brand colour, for a tile or a chip (hex). */
    colour: z.string(),
    /** Mobile networks: the number prefixes of the network (`0803`); empty for other billers. */
    prefixes: z.array(z.string()),
    /** What the customer is called on this biller's form (phone number, meter number, …). */
    customer_label: z.string(),
    /** Data billers sell plans at fixed prices (`GET /bill_payments/billers/{id}/plans`). */
    has_plans: z.boolean(),
    /** Electricity and betting: the customer must be verified before paying. */
    needs_verification: z.boolean(),
  })
  .meta({ id: 'Biller' });

export type Biller = z.infer<typeof billerSchema>;

export const listBillersQuerySchema = z.strictObject({
  type: billTypeField,
  page: z.coerce.number().int().min(0, 'page starts at 0').max(1_000).default(0),
  size: z.coerce
    .number()
    .int()
    .min(1, 'size must be between 1 and 50')
    .max(BILL_PAGE_SIZE, 'size must be between 1 and 50')
    .default(BILL_PAGE_SIZE),
});

export const billersResponseSchema = envelope(pageOf(billerSchema));

export const billerIdParamsSchema = z.strictObject({ id: billerIdField });

export const dataPlanSchema = z
  .object({
    code: z.string(),
    name: z.string(),
    amount: moneyText,
    /** How long the bundle lasts, in words ("30 days"). */
    validity: z.string(),
  })
  .meta({ id: 'DataPlan' });

export type DataPlan = z.infer<typeof dataPlanSchema>;

export const dataPlansResponseSchema = envelope(
  z.object({ biller_id: z.string(), items: z.array(dataPlanSchema) }),
);

/** `POST /bill_payments/verify`: a power meter (type 4) or a betting account (type 5). */
export const verifyBillCustomerBodySchema = z
  .strictObject({
    type: billTypeField,
    biller_id: billerIdField,
    customer_id: z
      .string({ error: 'Enter the meter number or account ID' })
      .trim()
      .min(1, 'Enter the meter number or account ID')
      .max(20, 'Enter the meter number or account ID: at most 20 characters'),
    meter_type: meterTypeField.optional(),
  })
  .superRefine((body, context) => {
    if (body.type === 4 && body.meter_type === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['meter_type'],
        message: 'Choose prepaid or postpaid',
      });
    }
    if (body.type === 1 || body.type === 2) {
      context.addIssue({
        code: 'custom',
        path: ['type'],
        message: 'Only meters (4) and betting accounts (5) are verified',
      });
    }
  });

export type VerifyBillCustomerBody = z.input<typeof verifyBillCustomerBodySchema>;

export const verifiedBillCustomerSchema = z
  .object({
    type: z.number().int(),
    biller_id: z.string(),
    customer_id: z.string(),
    meter_type: z.enum(meterTypes).nullable(),
    customer_name: z.string(),
    /** The address on the meter; null for betting accounts. */
    address: z.string().nullable(),
    verified_at: z.string(),
  })
  .meta({ id: 'VerifiedBillCustomer' });

export const verifyBillCustomerResponseSchema = envelope(verifiedBillCustomerSchema);

/**
 * The person says the number moved to the chosen network (mobile number portability): it keeps
 * its old prefix, so the prefix check is skipped. A prefix no network carries is still refused.
 */
const portedNumberField = z
  .boolean({ error: 'ported_number must be true or false' })
  .optional()
  .meta({
    description:
      'True when the number was moved to the chosen network and keeps another network’s prefix; the prefix check is then skipped.',
  });

/** `POST /bill_payments/airtime` (needs an Idempotency-Key header). */
export const airtimeBodySchema = z.strictObject({
  biller_id: billerIdField,
  phone: phoneField,
  amount: moneyInput,
  ported_number: portedNumberField,
});

/** `POST /bill_payments/data-bundle`: the plan's price is paid. */
export const dataBundleBodySchema = z.strictObject({
  biller_id: billerIdField,
  phone: phoneField,
  ported_number: portedNumberField,
  plan_code: z
    .string({ error: 'Choose a data plan' })
    .min(1, 'Choose a data plan')
    .max(64, 'Choose a data plan'),
});

/** `POST /bill_payments/electricity`: the meter must have been verified first. */
export const electricityBodySchema = z.strictObject({
  biller_id: billerIdField,
  meter_number: meterNumberField,
  meter_type: meterTypeField,
  amount: moneyInput,
  /** Where the biller may text the token; defaults to the profile's phone. */
  phone: phoneField.optional(),
});

/** `POST /bill_payments/betting`: the account must have been verified first. */
export const bettingBodySchema = z.strictObject({
  biller_id: billerIdField,
  customer_id: bettingCustomerField,
  amount: moneyInput,
});

export type AirtimeBody = z.input<typeof airtimeBodySchema>;
export type DataBundleBody = z.input<typeof dataBundleBodySchema>;
export type ElectricityBody = z.input<typeof electricityBodySchema>;
export type BettingBody = z.input<typeof bettingBodySchema>;

export const billQuoteQuerySchema = z.strictObject({
  type: billTypeField,
  amount: moneyInput.optional(),
});

/** What a bill costs before confirming: the fee (`buy_electricity` for electricity) and limits. */
export const billQuoteSchema = z
  .object({
    type: z.number().int(),
    amount: moneyText,
    fee: moneyText,
    /** What leaves the wallet: amount plus fee. */
    total: moneyText,
    minimum: moneyText,
    /** Largest single payment for the user's tier; null when unlimited. */
    maximum: moneyText.nullable(),
    /** What is left of today's limit for this bill type; null when unlimited. */
    daily_remaining: moneyText.nullable(),
  })
  .meta({ id: 'BillQuote' });

export const billQuoteResponseSchema = envelope(billQuoteSchema);

export const billPaymentSchema = z
  .object({
    /** The transaction's id (the same row in `GET /transactions`). */
    id: z.uuid(),
    reference: z.string(),
    type: z.number().int(),
    biller_id: z.string(),
    biller_name: z.string(),
    /** The phone number, meter number or betting account paid for. */
    customer_id: z.string(),
    /** The verified name on the meter or betting account; null for phones. */
    customer_name: z.string().nullable(),
    address: z.string().nullable(),
    meter_type: z.enum(meterTypes).nullable(),
    plan: z.object({ code: z.string(), name: z.string() }).nullable(),
    amount: moneyText,
    fee: moneyText,
    total: moneyText,
    status: z.enum(transactionStatuses),
    /** Prepaid electricity: the token to key into the meter, once the biller delivered it. */
    token: z.string().nullable(),
    /** Prepaid electricity: the units bought ("14.6 kWh"). */
    units: z.string().nullable(),
    description: z.string(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'BillPayment' });

export type BillPayment = z.infer<typeof billPaymentSchema>;

export const billPaymentResponseSchema = envelope(billPaymentSchema);

export const listBillPaymentsQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(0, 'page starts at 0').max(100_000).default(0),
  size: z.coerce
    .number()
    .int()
    .min(1, 'size must be between 1 and 50')
    .max(BILL_PAGE_SIZE, 'size must be between 1 and 50')
    .default(BILL_PAGE_SIZE),
  type: billTypeField.optional(),
});

export const billPaymentsResponseSchema = envelope(
  pageOf(billPaymentSchema).extend({ has_more: z.boolean() }),
);

export const billPaymentIdParamsSchema = z.strictObject({
  id: z.uuid('We could not find this payment'),
});

/** Someone paid for before, for repeat purchases: the newest payment to each. */
export const billRecipientSchema = z
  .object({
    type: z.number().int(),
    biller_id: z.string(),
    biller_name: z.string(),
    customer_id: z.string(),
    customer_name: z.string().nullable(),
    meter_type: z.enum(meterTypes).nullable(),
    last_paid_at: z.string(),
  })
  .meta({ id: 'BillRecipient' });

export const listBillRecipientsQuerySchema = z.strictObject({ type: billTypeField.optional() });

export const billRecipientsResponseSchema = envelope(
  z.object({ items: z.array(billRecipientSchema) }),
);
