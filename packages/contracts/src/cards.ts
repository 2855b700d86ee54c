import { z } from 'zod';
import { envelope, moneyInput, moneyText, pageOf } from './common.ts';
import { transactionSchema } from './wallet.ts';

/**
 * The virtual dollar card (route /dollar-cards). Amounts on a card are US dollars (moneyText in
 * dollars, "25.00"); what the naira wallet pays or receives is in naira and named so (`naira_*`).
 */

export const CARD_TRANSACTION_PAGE_SIZE = 20;

export const cardMessages = {
  noAmount: 'Enter the amount in dollars',
  notANumber: 'Enter the amount in dollars, e.g. 25 or 25.50',
  badQuote: 'That quote does not exist or has expired; ask for a new quote',
  badPurpose: 'purpose must be create, fund or withdraw',
  badCard: 'That card does not exist',
  badPassword: 'Enter your password to show the card details',
  badMerchant: 'Enter the merchant name',
  badCurrency: 'currency must be USD',
} as const;

export const cardStatuses = ['active', 'frozen', 'terminated'] as const;
export type CardStatus = (typeof cardStatuses)[number];

export const cardSchema = z
  .object({
    id: z.uuid(),
    status: z.enum(cardStatuses),
    brand: z.enum(['Visa', 'Mastercard']),
    /** Only the last four digits are ever stored or answered. */
    last4: z.string().regex(/^\d{4}$/),
    /** "•••• •••• •••• 4242" */
    masked_number: z.string(),
    expiry_month: z.string().regex(/^\d{2}$/),
    expiry_year: z.string().regex(/^\d{4}$/),
    name_on_card: z.string(),
    currency: z.literal('USD'),
    /** What the card can spend now: funded balance less authorisations still held. */
    available_balance: moneyText,
    /** The card's ledger balance, holds included. */
    balance: moneyText,
    /** The billing address merchants ask for (the issuer's, as virtual dollar cards use). */
    billing_address: z.object({
      line1: z.string(),
      city: z.string(),
      state: z.string(),
      postal_code: z.string(),
      country: z.string(),
    }),
    created_at: z.string(),
    frozen_at: z.string().nullable(),
    terminated_at: z.string().nullable(),
  })
  .meta({ id: 'Card' });
export type Card = z.infer<typeof cardSchema>;

export const cardListResponseSchema = envelope(z.object({ items: z.array(cardSchema) }));
export const cardResponseSchema = envelope(cardSchema);

/**
 * `GET /cards/terms`: what holding a card costs and allows, and whether this user may create
 * one now (tier 2 and no active card), with the reason in words when not.
 */
export const cardTermsSchema = z
  .object({
    /** Charged in dollars from the first funding when the card is created. */
    creation_fee: moneyText,
    /** The least a new card is funded with, and the least one funding may be. */
    minimum_funding: moneyText,
    /** The most a card may hold. */
    maximum_balance: moneyText,
    /** How many active (or frozen) cards one person may hold. */
    max_cards: z.number().int(),
    /** Naira per $1 today: `buy` when funding, `sell` when withdrawing to naira. */
    rate: z.object({ buy: z.string(), sell: z.string() }),
    can_create: z.boolean(),
    /** Why not, for the person ("Upgrade to tier 2 …"), or null. */
    cannot_create_reason: z.string().nullable(),
  })
  .meta({ id: 'CardTerms' });
export type CardTerms = z.infer<typeof cardTermsSchema>;
export const cardTermsResponseSchema = envelope(cardTermsSchema);

export const cardQuotePurposes = ['create', 'fund', 'withdraw'] as const;
export type CardQuotePurpose = (typeof cardQuotePurposes)[number];

/** `POST /cards/quotes`. `card_id` is required for fund and withdraw. */
export const cardQuoteBodySchema = z.strictObject({
  purpose: z.enum(cardQuotePurposes, { error: cardMessages.badPurpose }),
  /** Dollars to put on the card (create, fund) or take off it (withdraw). */
  amount: moneyInput,
  card_id: z.uuid({ error: cardMessages.badCard }).optional(),
});
export type CardQuoteBody = z.input<typeof cardQuoteBodySchema>;

/**
 * A quote honoured once until `expires_at`. create/fund: the naira wallet pays `naira_total` =
 * (amount + creation_fee) × rate rounded UP to the kobo + naira_fee. withdraw: the naira wallet
 * receives `naira_total` = amount × rate rounded DOWN − naira_fee.
 */
export const cardQuoteSchema = z
  .object({
    id: z.uuid(),
    purpose: z.enum(cardQuotePurposes),
    card_id: z.uuid().nullable(),
    /** Dollars onto (create, fund) or off (withdraw) the card. */
    amount: moneyText,
    /** Dollars: the creation fee on a create quote, else "0.00". */
    card_fee: moneyText,
    /** Naira per $1. */
    rate: z.string(),
    naira_amount: moneyText,
    naira_fee: moneyText,
    naira_total: moneyText,
    expires_at: z.string(),
  })
  .meta({ id: 'CardQuote' });
export type CardQuote = z.infer<typeof cardQuoteSchema>;
export const cardQuoteResponseSchema = envelope(cardQuoteSchema);

/** `POST /cards` (Idempotency-Key): create and fund a card from the naira wallet. */
export const createCardBodySchema = z.strictObject({
  amount: moneyInput,
  quote_id: z.uuid({ error: cardMessages.badQuote }),
});
export type CreateCardBody = z.input<typeof createCardBodySchema>;

/** `POST /cards/{id}/fund` and `/withdraw` (Idempotency-Key). */
export const cardMoneyBodySchema = z.strictObject({
  amount: moneyInput,
  quote_id: z.uuid({ error: cardMessages.badQuote }),
});
export type CardMoneyBody = z.input<typeof cardMoneyBodySchema>;

/** A card and the naira-wallet activity row the movement wrote (create, fund, withdraw). */
export const cardMovementSchema = z
  .object({ card: cardSchema, transaction: transactionSchema })
  .meta({ id: 'CardMovement' });
export const cardMovementResponseSchema = envelope(cardMovementSchema);

/** `DELETE /cards/{id}`: terminated; its balance went to the USD wallet (`transaction`, or null when it was empty). */
export const terminatedCardSchema = z
  .object({ card: cardSchema, transaction: transactionSchema.nullable() })
  .meta({ id: 'TerminatedCard' });
export const terminatedCardResponseSchema = envelope(terminatedCardSchema);

/** `POST /cards/{id}/reveal`: a fresh password check, answered with a short-lived vault token. */
export const revealCardBodySchema = z.strictObject({
  password: z.string({ error: cardMessages.badPassword }).min(1, cardMessages.badPassword),
});
/**
 * The full number and CVV never pass through our API: the client fetches them from the issuer's
 * vault with `token` (`GET number_url` → `{data: {number}}`, `GET cvv_url` → `{data: {cvv2}}`,
 * header `Authorization: Bearer <token>`) and hides them again by `expires_at`.
 */
export const cardRevealSchema = z
  .object({
    token: z.string(),
    number_url: z.string(),
    cvv_url: z.string(),
    expires_at: z.string(),
  })
  .meta({ id: 'CardReveal' });
export const cardRevealResponseSchema = envelope(cardRevealSchema);

export const cardTransactionTypes = [
  'funding',
  'withdrawal',
  'creation_fee',
  'purchase',
  'refund',
  'termination',
] as const;
export const cardTransactionStatuses = [
  /** An authorisation approved and held, not yet settled by the merchant. */
  'pending',
  'settled',
  'declined',
  'reversed',
  'completed',
] as const;

export const cardTransactionSchema = z
  .object({
    id: z.uuid(),
    type: z.enum(cardTransactionTypes),
    status: z.enum(cardTransactionStatuses),
    /** Dollars; positive into the card, negative out of it. */
    amount: moneyText,
    /** Purchases and refunds: what the merchant asked for (a settlement may differ). */
    authorized_amount: moneyText.nullable(),
    merchant_name: z.string().nullable(),
    merchant_city: z.string().nullable(),
    merchant_country: z.string().nullable(),
    /** Declined purchases: why, in words for the card holder ("Your card is frozen"). */
    decline_reason: z.string().nullable(),
    reference: z.string(),
    created_at: z.string(),
    settled_at: z.string().nullable(),
  })
  .meta({ id: 'CardTransaction' });
export type CardTransaction = z.infer<typeof cardTransactionSchema>;

export const cardTransactionsQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(0, 'page starts at 0').max(10_000).default(0),
  size: z.coerce
    .number()
    .int()
    .min(1, 'size is 1 to 50')
    .max(50, 'size is 1 to 50')
    .default(CARD_TRANSACTION_PAGE_SIZE),
});
export const cardTransactionPageResponseSchema = envelope(pageOf(cardTransactionSchema));

/** `POST /sandbox/cards/{id}/authorizations`: a merchant charges the card. */
export const sandboxAuthorizationBodySchema = z.strictObject({
  amount: moneyInput,
  currency: z.literal('USD', { error: cardMessages.badCurrency }).default('USD'),
  merchant: z
    .string({ error: cardMessages.badMerchant })
    .trim()
    .min(1, cardMessages.badMerchant)
    .max(80, 'Merchant names are at most 80 characters'),
});
export type SandboxAuthorizationBody = z.input<typeof sandboxAuthorizationBodySchema>;

/** The decision we made on the simulated authorisation, and the card transaction it wrote. */
export const sandboxAuthorizationSchema = z
  .object({
    approved: z.boolean(),
    transaction: cardTransactionSchema,
  })
  .meta({ id: 'SandboxAuthorization' });
export const sandboxAuthorizationResponseSchema = envelope(sandboxAuthorizationSchema);

/**
 * `POST /sandbox/cards/authorizations/{transactionId}/settle {amount?}` (the merchant settles
 * what it charged, or a different amount) and `/reverse` (the merchant cancels): both answer
 * the card transaction.
 */
export const sandboxSettleBodySchema = z.strictObject({ amount: moneyInput.optional() });
export const cardTransactionResponseSchema = envelope(cardTransactionSchema);

/** Path parameters: a card's id, a card transaction's id (a malformed one answers 404 words). */
export const cardIdParamsSchema = z.object({ id: z.uuid({ error: cardMessages.badCard }) });
export const cardTransactionIdParamsSchema = z.object({
  transactionId: z.uuid({ error: 'That card payment does not exist' }),
});

/**
 * The sandbox issuer's vault (`number_url`, `cvv_url` of a reveal): what the issuer's secure
 * proxy answers the client directly. Sandbox only; in production these are the issuer's URLs.
 */
export const cardVaultNumberResponseSchema = z
  .object({ data: z.object({ number: z.string() }) })
  .meta({ id: 'CardVaultNumber' });
export const cardVaultCvvResponseSchema = z
  .object({ data: z.object({ cvv2: z.string() }) })
  .meta({ id: 'CardVaultCvv' });
export const cardVaultParamsSchema = z.object({ issuerCardId: z.string().min(1).max(100) });
