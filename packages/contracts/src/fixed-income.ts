import { z } from 'zod';
import { envelope, moneyInput, moneyText, pageOf } from './common.ts';

/** The kinds of fixed-income product in the catalogue. */
export const fixedIncomeKinds = [
  'treasury_bill',
  'fgn_bond',
  'commercial_paper',
  'corporate_bond',
] as const;
export type FixedIncomeKind = (typeof fixedIncomeKinds)[number];

/** The words a refusal of an order uses (the web form shows the same ones). */
export const fixedIncomeMessages = {
  notANumber: 'Enter an amount in naira with at most 2 decimals, for example 50000',
  unknownProduct: 'That investment does not exist',
  unavailable: 'This investment is not open for new orders now',
} as const;

/** A page of a catalogue or of a user's orders: `page` counts from 0. */
export const investmentPageQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(0, 'page starts at 0').max(100_000).default(0),
  size: z.coerce
    .number()
    .int()
    .min(1, 'size must be between 1 and 100')
    .max(100, 'size must be between 1 and 100')
    .default(20),
});
export type InvestmentPageQuery = z.input<typeof investmentPageQuerySchema>;

export const fixedIncomeProductSchema = z
  .object({
    id: z.uuid(),
    slug: z.string(),
    name: z.string(),
    kind: z.enum(fixedIncomeKinds),
    issuer: z.string(),
    description: z.string(),
    /** How long an order runs: `tenor` in `tenor_unit`, and as people read it ("91 days"). */
    tenor: z.number().int(),
    tenor_unit: z.enum(['days', 'months']),
    tenor_label: z.string(),
    /** Percent per annum, e.g. 18.5. */
    rate: z.number(),
    rate_bps: z.number().int(),
    /** `at_maturity`: interest with the principal at the end; `semi_annual`: a coupon every 6 months. */
    coupon_schedule: z.enum(['at_maturity', 'semi_annual']),
    /** Whether 10% withholding tax is kept from its interest (government securities are exempt). */
    withholding_tax: z.boolean(),
    minimum: moneyText,
    maximum: moneyText,
    active: z.boolean(),
  })
  .meta({ id: 'FixedIncomeProduct' });
export type FixedIncomeProduct = z.infer<typeof fixedIncomeProductSchema>;

export const fixedIncomeProductsResponseSchema = envelope(pageOf(fixedIncomeProductSchema));

export const createFixedIncomeOrderBodySchema = z.strictObject({
  fixed_income_id: z.uuid({ error: fixedIncomeMessages.unknownProduct }),
  amount: moneyInput,
});
export type CreateFixedIncomeOrderBody = z.input<typeof createFixedIncomeOrderBodySchema>;

/** One payment of an order, made or to come: gross interest, tax kept, net, principal back. */
export const fixedIncomePaymentSchema = z
  .object({
    date: z.string(),
    kind: z.enum(['coupon', 'maturity']),
    principal: moneyText,
    gross_interest: moneyText,
    withholding_tax: moneyText,
    net_interest: moneyText,
    /** Principal + net interest: what reaches the wallet. */
    total: moneyText,
    paid: z.boolean(),
  })
  .meta({ id: 'FixedIncomePayment' });
export type FixedIncomePayment = z.infer<typeof fixedIncomePaymentSchema>;

export const fixedIncomeOrderSchema = z
  .object({
    id: z.uuid(),
    reference: z.string(),
    amount: moneyText,
    status: z.enum(['active', 'matured']),
    /** The rate fixed when the order was made, percent per annum. */
    rate: z.number(),
    start_date: z.string(),
    maturity_date: z.string(),
    /** The next coupon or maturity payment; null once matured. */
    next_payment: fixedIncomePaymentSchema.nullable(),
    /** Every payment of the order, in date order, paid or to come. */
    schedule: z.array(fixedIncomePaymentSchema),
    /** Interest paid so far. */
    gross_interest_paid: moneyText,
    withholding_tax_paid: moneyText,
    net_interest_paid: moneyText,
    /** What the order pays in all: principal + net interest. */
    expected_total: moneyText,
    fixed_income: fixedIncomeProductSchema,
    created_at: z.string(),
  })
  .meta({ id: 'FixedIncomeOrder' });
export type FixedIncomeOrder = z.infer<typeof fixedIncomeOrderSchema>;

export const fixedIncomeOrderResponseSchema = envelope(fixedIncomeOrderSchema);
export const fixedIncomeOrdersResponseSchema = envelope(pageOf(fixedIncomeOrderSchema));
