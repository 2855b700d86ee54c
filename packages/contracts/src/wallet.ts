import { z } from 'zod';
import { envelope, idempotencyKeyHeader, moneyInput, moneyText, pageOf } from './common.ts';

export const walletSchema = z
  .object({
    id: z.uuid(),
    /** The spec's wallet type: the currency code. */
    type: z.enum(['NGN', 'USD']),
    currency: z.enum(['NGN', 'USD']),
    amount: moneyText,
    /** Amount less money reserved for payments still in flight. */
    available_amount: moneyText,
    /** Money reserved for payments in flight (a withdrawal the bank has not paid yet). */
    reserved_amount: moneyText,
    /** Deposits above the KYC tier's caps, kept aside until the account is upgraded. */
    on_hold_amount: moneyText,
  })
  .meta({ id: 'Wallet' });

export type Wallet = z.infer<typeof walletSchema>;

export const walletsResponseSchema = envelope(z.object({ items: z.array(walletSchema) }));

/** The kinds of movement, one per product (the activity feed's `kind`). */
export const transactionTypes = [
  'deposit',
  'withdrawal',
  'saving',
  'trade',
  'bill',
  'card',
  'fx',
  'interest',
  'fee',
  'adjustment',
] as const;
/** `cancelled`: a card top-up the user gave up before paying. */
export const transactionStatuses = [
  'pending',
  'successful',
  'failed',
  'reversed',
  'cancelled',
] as const;
export const transactionChannels = ['bank_transfer', 'card', 'wallet'] as const;

export const transactionSchema = z
  .object({
    id: z.uuid(),
    type: z.enum(transactionTypes),
    status: z.enum(transactionStatuses),
    direction: z.enum(['credit', 'debit']),
    channel: z.enum(transactionChannels),
    currency: z.enum(['NGN', 'USD']),
    amount: moneyText,
    fee: moneyText,
    /** Part of a credit kept on hold because it would break the tier's caps. */
    on_hold_amount: moneyText,
    /**
     * How much of that part has reached the wallet so far: all of it after an upgrade that makes
     * room; some of it when the balance cap left room for only part.
     */
    on_hold_released_amount: moneyText,
    /** When the last of that part reached the wallet; null while some of it waits, or if none. */
    on_hold_released_at: z.string().nullable(),
    /** Ours: the reference the app gave this movement (and, for a card top-up, the vendor). */
    reference: z.string(),
    /** The payment partner's reference of this payment; null when no partner was involved yet. */
    provider_reference: z.string().nullable(),
    /** The payment partner's own id of this payment, recorded from its answer once credited. */
    provider_transaction_id: z.string().nullable(),
    /**
     * A reference the user attached (`PUT /transactions/{id}/third-party-reference`), shown back
     * as given; it never replaces or stands for the partner's reference or id.
     */
    client_reference: z.string().nullable(),
    description: z.string(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Transaction' });

export type Transaction = z.infer<typeof transactionSchema>;

export const listTransactionsQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(0, 'page starts at 0').max(100_000).default(0),
  size: z.coerce
    .number()
    .int()
    .min(1, 'size must be between 1 and 100')
    .max(100, 'size must be between 1 and 100')
    .default(10),
  sort: z
    .enum(['-created_at', 'created_at'], { error: 'sort must be -created_at or created_at' })
    .default('-created_at'),
  type: z
    .enum(transactionTypes, { error: `type must be one of ${transactionTypes.join(', ')}` })
    .optional(),
  status: z
    .enum(transactionStatuses, { error: `status must be one of ${transactionStatuses.join(', ')}` })
    .optional(),
});

export type ListTransactionsQuery = z.input<typeof listTransactionsQuerySchema>;

/**
 * With a `type` or `status` filter, `total` counts at most this many transactions (a bounded
 * count keeps the page fast); without one it is the exact number of the user's transactions.
 */
export const FILTERED_COUNT_CAP = 1_000;

/** `total`: see `FILTERED_COUNT_CAP`; `has_more` says whether a next page exists. */
export const transactionsPageSchema = pageOf(transactionSchema).extend({ has_more: z.boolean() });

export const listTransactionsResponseSchema = envelope(transactionsPageSchema);

export const transactionResponseSchema = envelope(transactionSchema);

/** One movement with what its receipt shows: who was on the other side and how it went. */
export const transactionDetailSchema = transactionSchema
  .extend({
    /** Each status it took, oldest first. */
    status_history: z.array(
      z.object({ status: z.enum(transactionStatuses), at: z.string() }).meta({
        id: 'TransactionEvent',
      }),
    ),
    /** The other side: the bank account paid, or who sent a transfer; null when none. */
    counterparty: z
      .object({
        name: z.string(),
        bank_name: z.string().nullable(),
        /** Masked to its last four digits. */
        account_number: z.string().nullable(),
      })
      .nullable(),
    /** A card top-up still waiting for payment: the page to finish it on; null otherwise. */
    checkout_url: z.string().nullable(),
    /**
     * Money into or out of a savings plan: which plan, and for a maturity what it paid (the
     * principal back, gross interest, 10% withholding tax, net interest); null otherwise.
     */
    saving: z
      .object({
        saving_id: z.string(),
        order_id: z.string(),
        product: z.string(),
        event: z.enum(['created', 'topped_up', 'collected', 'matured', 'broken']),
        principal: moneyText.nullable(),
        gross_interest: moneyText.nullable(),
        withholding_tax: moneyText.nullable(),
        net_interest: moneyText.nullable(),
        /** Interest lost by breaking early or missing the target. */
        forfeited_interest: moneyText.nullable(),
      })
      .nullable(),
  })
  .meta({ id: 'TransactionDetail' });

export type TransactionDetail = z.infer<typeof transactionDetailSchema>;

export const transactionDetailResponseSchema = envelope(transactionDetailSchema);

export const transactionIdParamsSchema = z.strictObject({ id: z.uuid('Unknown transaction') });

/** The spec's body for attaching a reference; it is stored and answered as `client_reference`. */
export const thirdPartyReferenceBodySchema = z.strictObject({
  third_party_reference: z
    .string()
    .trim()
    .min(1, 'Enter the reference')
    .max(100, 'The reference is at most 100 characters'),
});

/** A fee and limits quote, shown before the user pays. */
export const depositQuoteSchema = z
  .object({
    amount: moneyText,
    fee: moneyText,
    total: moneyText,
    minimum: moneyText,
    /** Largest single deposit the user's tier allows; null when unlimited. */
    maximum: moneyText.nullable(),
  })
  .meta({ id: 'DepositQuote' });

export const depositQuoteQuerySchema = z.strictObject({ amount: moneyInput });

export const depositQuoteResponseSchema = envelope(depositQuoteSchema);

/** `POST /wallets/deposit`: card checkout. */
export const depositBodySchema = z.strictObject({ amount: moneyInput });

export const depositHeadersSchema = z.looseObject({ 'idempotency-key': idempotencyKeyHeader });

export const depositResponseSchema = envelope(
  z.object({
    reference: z.string(),
    authorization_url: z.url(),
    amount: moneyText,
    fee: moneyText,
    total: moneyText,
    transaction: transactionSchema,
  }),
);

export const paymentReferenceParamsSchema = z.strictObject({
  reference: z.string().regex(/^[A-Za-z0-9_.=-]{6,100}$/, 'Unknown payment reference'),
});
