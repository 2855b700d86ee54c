import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  char,
  date,
  index,
  integer,
  jsonb,
  primaryKey,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  countryCode: text('country_code').notNull().default('+234'),
  phone: text('phone').notNull(),
  status: text('status').notNull().default('PENDING'),
  tier: integer('tier').notNull().default(0),
  referralCode: text('referral_code').notNull().unique(),
  referredBy: uuid('referred_by'),
  emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
  /**
   * Until the address is confirmed: the hash of the sign-up ticket the registering browser holds,
   * so a code of a later registration of the same address cannot confirm in that browser.
   */
  signupBindingHash: text('signup_binding_hash'),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The spec's configuration entries: a name and a list of items, each with an id. */
export const configurations = pgTable('configurations', {
  name: text('name').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A ledger account. For a user account (guarded: never below zero available), `balanceMinor` is
 * the sum of its postings, kept in step in the same transaction, and `heldMinor` the sum of its
 * pending holds. System accounts (settlement, revenue, suspense) may go negative, as the other
 * side of the users' money, and store no balance: theirs is the sum of their postings, so no
 * single row is written by every user's movement (decision 0016).
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull().unique(),
    ownerUserId: uuid('owner_user_id').references(() => users.id),
    kind: text('kind').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    balanceMinor: bigint('balance_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    heldMinor: bigint('held_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    allowNegative: boolean('allow_negative').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    index('ledger_accounts_owner_idx').on(table.ownerUserId),
    check('ledger_accounts_held_not_negative', sql`${table.heldMinor} >= 0`),
    check(
      'ledger_accounts_available_not_negative',
      sql`${table.allowNegative} or ${table.balanceMinor} - ${table.heldMinor} >= 0`,
    ),
    check(
      'ledger_accounts_system_balance_derived',
      sql`not ${table.allowNegative} or ${table.balanceMinor} = 0`,
    ),
  ],
);

export const journalEntries = pgTable(
  'journal_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    idempotencyKey: text('idempotency_key').notNull(),
    kind: text('kind').notNull(),
    description: text('description').notNull(),
    metadata: jsonb('metadata')
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('journal_entries_idempotency_key_idx').on(table.idempotencyKey)],
);

/** Append-only: the database refuses UPDATE, DELETE and TRUNCATE (see migration 0001). */
export const postings = pgTable(
  'postings',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => journalEntries.id),
    accountId: uuid('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    currency: char('currency', { length: 3 }).notNull(),
    /** Signed: positive raises the account's balance, negative lowers it. */
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('postings_entry_idx').on(table.entryId),
    index('postings_account_idx').on(table.accountId, table.id),
    check('postings_amount_not_zero', sql`${table.amountMinor} <> 0`),
  ],
);

/** Money set aside while a provider decides; resolved exactly once (posted or voided). */
export const ledgerHolds = pgTable(
  'ledger_holds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    idempotencyKey: text('idempotency_key').notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    currency: char('currency', { length: 3 }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    status: text('status').notNull().default('pending'),
    resolutionEntryId: uuid('resolution_entry_id').references(() => journalEntries.id),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('ledger_holds_idempotency_key_idx').on(table.idempotencyKey),
    index('ledger_holds_account_pending_idx')
      .on(table.accountId)
      .where(sql`${table.status} = 'pending'`),
    check('ledger_holds_amount_positive', sql`${table.amountMinor} > 0`),
    check('ledger_holds_status', sql`${table.status} in ('pending', 'posted', 'voided')`),
  ],
);

/** Stored answers of money-moving POSTs, keyed by caller and `Idempotency-Key`. */
export const idempotencyRecords = pgTable(
  'idempotency_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    status: text('status').notNull().default('in_flight'),
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('idempotency_records_scope_key_idx').on(table.scope, table.key)],
);

/** The job queue (see docs/decisions/0002-own-job-queue.md). */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Once-per-period work carries a key such as the business date; (name, key) is unique. */
    key: text('key').notNull(),
    payload: jsonb('payload')
      .notNull()
      .default(sql`'{}'::jsonb`),
    status: text('status').notNull().default('queued'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('jobs_name_key_idx').on(table.name, table.key),
    index('jobs_due_idx')
      .on(table.runAt)
      .where(sql`${table.status} in ('queued', 'running')`),
    check('jobs_status', sql`${table.status} in ('queued', 'running', 'done', 'failed')`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** sha256 of the opaque token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('sessions_token_hash_idx').on(table.tokenHash),
    index('sessions_user_idx').on(table.userId),
  ],
);

/** Emailed one-time codes, stored as keyed hashes; single use, expiring, burnt after 5 misses. */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('one_time_codes_email_idx').on(table.email, table.purpose, table.createdAt)],
);

/**
 * Wrong passwords per email as typed (whether or not an account has it), for the per-account
 * sign-in throttle (modules/auth/sign-in-throttle.ts).
 */
export const signInThrottles = pgTable(
  'sign_in_throttles',
  {
    email: text('email').primaryKey(),
    failures: integer('failures').notNull().default(0),
    lastFailedAt: timestamp('last_failed_at', { withTimezone: true }).notNull(),
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
  },
  (table) => [check('sign_in_throttles_failures', sql`${table.failures} >= 0`)],
);

/** The sandbox email provider's outbox: what would have been sent. */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    /** Orders messages written within the same instant. */
    sequence: bigserial('sequence', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('email_outbox_to_idx').on(table.toAddress, table.createdAt)],
);

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** The movement a notice is about, so the app can open its receipt from the notice. */
    transactionId: uuid('transaction_id').references(() => transactions.id),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('notifications_user_idx').on(table.userId, table.createdAt)],
);

/** Banner adverts on Home, managed as data. */
export const adverts = pgTable('adverts', {
  id: uuid('id').primaryKey().defaultRandom(),
  slug: text('slug').notNull().unique(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  ctaLabel: text('cta_label').notNull(),
  ctaPath: text('cta_path').notNull(),
  position: integer('position').notNull().default(0),
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
});

/** First-party page views (no third-party tracker); user is set when signed in. */
export const pageViews = pgTable(
  'page_views',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id').references(() => users.id),
    path: text('path').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('page_views_created_idx').on(table.createdAt)],
);

/**
 * The BVN a user verified (one BVN, one user). The number and the registry's date of birth and
 * phone are personal data: stored encrypted, found by a keyed hash (blind index).
 */
export const bvnRecords = pgTable('bvn_records', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id),
  bvnCiphertext: text('bvn_ciphertext').notNull(),
  bvnIndex: text('bvn_index').notNull().unique(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  dateOfBirthCiphertext: text('date_of_birth_ciphertext').notNull(),
  phoneCiphertext: text('phone_ciphertext').notNull(),
  verifiedAt: timestamp('verified_at', { withTimezone: true }).notNull(),
});

/** A user's dedicated funding account at the payments provider. */
export const virtualAccounts = pgTable('virtual_accounts', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .unique()
    .references(() => users.id),
  provider: text('provider').notNull(),
  /** Our reference for the account, shown to the client as `account_reference`. */
  accountReference: text('account_reference').notNull().unique(),
  providerReference: text('provider_reference').notNull(),
  accountNumber: text('account_number').notNull().unique(),
  accountName: text('account_name').notNull(),
  bankName: text('bank_name').notNull(),
  bankCode: text('bank_code').notNull(),
  createdAt: createdAt(),
  /** When the provider confirmed the account closed (the user closed theirs, decision 0027). */
  deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
});

/** Identity verification submissions (address, selfie); the selfie is stored encrypted. */
export const identityVerifications = pgTable(
  'identity_verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /**
     * IN_REVIEW: the face match could not decide (inconclusive); an operator approves or rejects
     * it from the KYC queue (modules/ops), and the user is told either way.
     */
    status: text('status').notNull(),
    addressCiphertext: text('address_ciphertext').notNull(),
    dateOfBirthCiphertext: text('date_of_birth_ciphertext').notNull(),
    phoneCiphertext: text('phone_ciphertext').notNull(),
    countryAlpha2Code: text('country_alpha_2_code').notNull(),
    countryAlpha3Code: text('country_alpha_3_code').notNull(),
    countryDialCode: text('country_dial_code').notNull(),
    countryOfResidence: text('country_of_residence').notNull(),
    ipAddress: text('ip_address').notNull(),
    selfieCiphertext: text('selfie_ciphertext').notNull(),
    faceConfidence: integer('face_confidence'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (table) => [
    index('identity_verifications_user_idx').on(table.userId, table.submittedAt),
    check(
      'identity_verifications_status',
      sql`${table.status} in ('SUBMITTED', 'IN_REVIEW', 'ACTIVE', 'REJECTED')`,
    ),
  ],
);

/**
 * What the user sees as their history: one row per money movement, with the ledger entry behind
 * it in the journal. A vendor's reference names one payment at that vendor, whatever its kind
 * (card checkout, bank transfer, any later one): `(provider, provider_reference)` is unique, and a
 * credit from a provider must name its reference, so every provider credit happens at most once.
 */
export const transactions = pgTable(
  'transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    type: text('type').notNull(),
    status: text('status').notNull(),
    direction: text('direction').notNull(),
    channel: text('channel').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    feeMinor: bigint('fee_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** Part of a credit kept in the on-hold account because it would break the tier's caps. */
    onHoldMinor: bigint('on_hold_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /**
     * How much of that part has reached the wallet so far. A release may move part of a credit's
     * held money (the balance cap leaves room for some of it), never more than the tier's single
     * deposit cap lets that one credit bring in.
     */
    onHoldReleasedMinor: bigint('on_hold_released_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** When the last of that part reached the wallet. */
    onHoldReleasedAt: timestamp('on_hold_released_at', { withTimezone: true }),
    reference: text('reference').notNull().unique(),
    provider: text('provider'),
    /** The vendor's reference of the payment; for a card checkout, the reference we gave it. */
    providerReference: text('provider_reference'),
    /** The vendor's own id of the payment, taken from its verify answer when it is credited. */
    providerTransactionId: text('provider_transaction_id'),
    /**
     * A reference the user attached (`PUT /transactions/{id}/third-party-reference`): shown back
     * to them, never used to find, deduplicate or verify anything.
     */
    clientReference: text('client_reference'),
    description: text('description').notNull(),
    /** Set when a provider's answer contradicts ours; such rows wait for a person, not a job. */
    reviewReason: text('review_reason'),
    metadata: jsonb('metadata')
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Ascending indexes: a backward scan serves `-created_at` (a DESC index would be built NULLS
  // LAST, which plain `order by created_at desc` cannot use).
  (table) => [
    index('transactions_user_created_idx').on(table.userId, table.createdAt, table.id),
    index('transactions_user_type_created_idx').on(
      table.userId,
      table.type,
      table.createdAt,
      table.id,
    ),
    index('transactions_user_status_created_idx').on(
      table.userId,
      table.status,
      table.createdAt,
      table.id,
    ),
    uniqueIndex('transactions_provider_reference_idx')
      .on(table.provider, table.providerReference)
      .where(sql`${table.providerReference} is not null`),
    index('transactions_pending_idx')
      .on(table.createdAt)
      .where(sql`${table.status} = 'pending'`),
    // The credits whose held part has not all reached the wallet yet, oldest first per user.
    index('transactions_on_hold_idx')
      .on(table.userId, table.createdAt, table.id)
      .where(sql`${table.onHoldReleasedMinor} < ${table.onHoldMinor}`),
    check(
      'transactions_on_hold_released_within',
      sql`${table.onHoldReleasedMinor} >= 0 and ${table.onHoldReleasedMinor} <= ${table.onHoldMinor}`,
    ),
    check(
      'transactions_status',
      sql`${table.status} in ('pending', 'successful', 'failed', 'reversed', 'cancelled')`,
    ),
    check('transactions_direction', sql`${table.direction} in ('credit', 'debit')`),
    check(
      'transactions_type',
      sql`${table.type} in ('deposit', 'withdrawal', 'saving', 'trade', 'bill', 'card', 'fx', 'interest', 'fee', 'adjustment')`,
    ),
    check(
      'transactions_provider_credit_referenced',
      sql`${table.direction} <> 'credit' or ${table.provider} is null or ${table.providerReference} is not null`,
    ),
    check('transactions_amount_positive', sql`${table.amountMinor} > 0`),
  ],
);

/** Every signed provider webhook as received, once per (provider, reference). */
/**
 * How many transactions each user has, kept by a statement trigger on `transactions` (migration
 * 0006): the history's `total` reads it instead of counting rows on every page.
 */
export const transactionCounts = pgTable(
  'transaction_counts',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id),
    total: bigint('total', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
  },
  (table) => [check('transaction_counts_total', sql`${table.total} >= 0`)],
);

export const providerEvents = pgTable(
  'provider_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    provider: text('provider').notNull(),
    eventKey: text('event_key').notNull(),
    eventType: text('event_type').notNull(),
    payload: jsonb('payload').notNull(),
    outcome: text('outcome').notNull().default('received'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex('provider_events_key_idx').on(table.provider, table.eventKey)],
);

/** The sandbox payments vendor's own books: accounts it issued and checkouts it hosts. */
export const sandboxNubanSerial = pgSequence('sandbox_nuban_serial', { startWith: 1 });

export const sandboxVirtualAccounts = pgTable('sandbox_virtual_accounts', {
  accountNumber: text('account_number').primaryKey(),
  customerReference: text('customer_reference').notNull().unique(),
  accountName: text('account_name').notNull(),
  createdAt: createdAt(),
  /** Closed at our request: transfers to it are refused, as a bank refuses a closed account. */
  deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
});

export const sandboxPayments = pgTable('sandbox_payments', {
  reference: text('reference').primaryKey(),
  kind: text('kind').notNull(),
  status: text('status').notNull(),
  amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
  currency: char('currency', { length: 3 }).notNull(),
  email: text('email'),
  callbackUrl: text('callback_url'),
  accountNumber: text('account_number'),
  senderName: text('sender_name'),
  transactionId: text('transaction_id').notNull(),
  createdAt: createdAt(),
  paidAt: timestamp('paid_at', { withTimezone: true }),
});

/** Bank accounts a user may withdraw to: only their own, by name enquiry against the BVN name. */
export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    bankCode: text('bank_code').notNull(),
    bankName: text('bank_name').notNull(),
    accountNumber: text('account_number').notNull(),
    accountName: text('account_name').notNull(),
    createdAt: createdAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('bank_accounts_user_account_idx')
      .on(table.userId, table.bankCode, table.accountNumber)
      .where(sql`${table.deletedAt} is null`),
  ],
);

/**
 * A withdrawal's way out: `held` (money set aside, vendor not called yet), `submitted` (vendor
 * accepted, outcome pending), then `success`, `failed` or `reversed`, each reached once.
 */
/**
 * Money handed to an outside party after a hold (a bank for a withdrawal; later a biller, a card
 * issuer): held, then submitted, then settled exactly once (money/provider-movements). Where it
 * goes is the product's `destination` (a withdrawal's bank account).
 */
export const providerMovements = pgTable(
  'provider_movements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    product: text('product').notNull(),
    reference: text('reference').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id),
    holdId: uuid('hold_id')
      .notNull()
      .references(() => ledgerHolds.id),
    currency: char('currency', { length: 3 }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    feeMinor: bigint('fee_minor', { mode: 'bigint' }).notNull(),
    destination: jsonb('destination').notNull(),
    status: text('status').notNull(),
    provider: text('provider').notNull(),
    providerReference: text('provider_reference'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [
    index('provider_movements_open_idx')
      .on(table.updatedAt)
      .where(sql`${table.status} in ('held', 'submitted')`),
    check(
      'provider_movements_status',
      sql`${table.status} in ('held', 'submitted', 'success', 'failed', 'reversed')`,
    ),
  ],
);

/**
 * What a user moved today per limited product (Africa/Lagos business date), without fees: a
 * daily limit is reserved here with one guarded upsert and given back when the money returns.
 */
export const dailyTotals = pgTable(
  'daily_totals',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    product: text('product').notNull(),
    day: date('day').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.product, table.day] }),
    check('daily_totals_amount_not_negative', sql`${table.amountMinor} >= 0`),
  ],
);

/** Each status a transaction took, with when: the history its receipt shows. Append-only. */
export const transactionEvents = pgTable(
  'transaction_events',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id),
    status: text('status').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (table) => [index('transaction_events_transaction_idx').on(table.transactionId, table.id)],
);

/** The sandbox banking world: accounts people open with the Sandbox page, and payouts sent. */
export const sandboxBankAccounts = pgTable(
  'sandbox_bank_accounts',
  {
    bankCode: text('bank_code').notNull(),
    accountNumber: text('account_number').notNull(),
    accountName: text('account_name').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('sandbox_bank_accounts_idx').on(table.bankCode, table.accountNumber)],
);

export const sandboxPayouts = pgTable('sandbox_payouts', {
  reference: text('reference').primaryKey(),
  transferCode: text('transfer_code').notNull(),
  amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
  bankCode: text('bank_code').notNull(),
  accountNumber: text('account_number').notNull(),
  accountName: text('account_name').notNull(),
  status: text('status').notNull(),
  failureReason: text('failure_reason'),
  createdAt: createdAt(),
  settledAt: timestamp('settled_at', { withTimezone: true }),
});

/**
 * The bill catalogue (spec section 3: types 1 airtime, 2 data bundle, 4 electricity, 5 betting),
 * seeded from `db/bill-catalogue.ts`. `service_id` is the bills vendor's name of the service;
 * `prefixes` are a mobile network's number prefixes (a number must match its network).
 */
export const billBillers = pgTable(
  'bill_billers',
  {
    id: text('id').primaryKey(),
    type: integer('type').notNull(),
    name: text('name').notNull(),
    shortName: text('short_name').notNull(),
    serviceId: text('service_id').notNull(),
    prefixes: jsonb('prefixes')
      .notNull()
      .default(sql`'[]'::jsonb`),
    colour: text('colour').notNull(),
    position: integer('position').notNull().default(0),
    active: boolean('active').notNull().default(true),
  },
  (table) => [
    index('bill_billers_type_idx').on(table.type, table.position, table.id),
    check('bill_billers_type', sql`${table.type} in (1, 2, 4, 5)`),
  ],
);

/** Data plans a data biller sells at a fixed price (the vendor's variation codes). */
export const billPlans = pgTable(
  'bill_plans',
  {
    billerId: text('biller_id')
      .notNull()
      .references(() => billBillers.id),
    code: text('code').notNull(),
    name: text('name').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    validity: text('validity').notNull(),
    position: integer('position').notNull().default(0),
    active: boolean('active').notNull().default(true),
  },
  (table) => [
    primaryKey({ columns: [table.billerId, table.code] }),
    check('bill_plans_amount_positive', sql`${table.amountMinor} > 0`),
  ],
);

/**
 * A meter or betting account the user verified with the biller (`POST /bill_payments/verify`);
 * paying one needs a recent row here. `meter_type` is '' for betting accounts.
 */
export const billVerifications = pgTable(
  'bill_verifications',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    billerId: text('biller_id')
      .notNull()
      .references(() => billBillers.id),
    customerId: text('customer_id').notNull(),
    meterType: text('meter_type').notNull().default(''),
    customerName: text('customer_name').notNull(),
    address: text('address'),
    verifiedAt: timestamp('verified_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.billerId, table.customerId, table.meterType] }),
  ],
);

/** The sandbox bills vendor's own books: purchases by request id (VTpass's idempotency key). */
export const sandboxBillPayments = pgTable('sandbox_bill_payments', {
  requestId: text('request_id').primaryKey(),
  transactionId: text('transaction_id').notNull(),
  serviceId: text('service_id').notNull(),
  customerId: text('customer_id').notNull(),
  variationCode: text('variation_code'),
  phone: text('phone').notNull(),
  amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
  status: text('status').notNull(),
  token: text('token'),
  units: text('units'),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The savings catalogue (issue 17): one row per product (Fixed, Target Savings, Dollar
 * Investment), its rate chart and options in `meta` as the spec's entities show them. A plan
 * copies the terms it was made on, so a later change here never changes an existing plan.
 */
export const savingsProducts = pgTable('savings_products', {
  id: uuid('id').primaryKey().defaultRandom(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  currency: char('currency', { length: 3 }).notNull(),
  minimumMinor: bigint('minimum_minor', { mode: 'bigint' }).notNull(),
  position: integer('position').notNull().default(0),
  active: boolean('active').notNull().default(true),
  meta: jsonb('meta').notNull(),
});

/**
 * A user's plan (the spec's saving order; `saving_id` is the saving record that holds it). Its
 * terms are fixed when it is made. `balance_minor` is what earns interest (the principal of a
 * fixed plan); its money sits in the plan's own ledger account. Interest accrues day by day
 * (`accrued_through`, the last Lagos business date booked; `accrual_carry`, the exact remainder
 * not yet booked, see money/ledger/interest.ts), each day once (`savings_accruals`).
 */
export const savingsPlans = pgTable(
  'savings_plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    savingId: uuid('saving_id').notNull().unique().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    productId: uuid('product_id')
      .notNull()
      .references(() => savingsProducts.id),
    reference: text('reference').notNull().unique(),
    reason: text('reason').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    principalMinor: bigint('principal_minor', { mode: 'bigint' }).notNull(),
    balanceMinor: bigint('balance_minor', { mode: 'bigint' }).notNull(),
    durationId: text('duration_id').notNull(),
    durationLabel: text('duration_label').notNull(),
    durationDays: integer('duration_days').notNull(),
    rateBps: integer('rate_bps').notNull(),
    dayCountBasis: integer('day_count_basis').notNull().default(365),
    startOn: date('start_on', { mode: 'string' }).notNull(),
    maturityOn: date('maturity_on', { mode: 'string' }).notNull(),
    maturityInstruction: text('maturity_instruction').notNull().default('wallet'),
    status: text('status').notNull().default('active'),
    ledgerAccountId: uuid('ledger_account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    accruedMinor: bigint('accrued_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    accrualCarry: bigint('accrual_carry', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    accruedThrough: date('accrued_through', { mode: 'string' }).notNull(),
    withholdingTaxMinor: bigint('withholding_tax_minor', { mode: 'bigint' }),
    payoutMinor: bigint('payout_minor', { mode: 'bigint' }),
    maturedAt: timestamp('matured_at', { withTimezone: true }),
    /** Target plans: the goal, its category and how money is collected (issue 18). */
    targetMinor: bigint('target_minor', { mode: 'bigint' }),
    categoryId: text('category_id'),
    frequency: text('frequency'),
    collectionMethod: text('collection_method'),
    collectionMinor: bigint('collection_minor', { mode: 'bigint' }),
    /** The next instalment's due date (automatic collection); null when none is left. */
    nextCollectionOn: date('next_collection_on', { mode: 'string' }),
    /** Tries of that instalment so far, and the day of the last one (a short wallet waits a day). */
    collectionAttempts: integer('collection_attempts').notNull().default(0),
    collectionTriedOn: date('collection_tried_on', { mode: 'string' }),
    /** The group target (challenge) this plan belongs to. */
    predefinedTargetId: uuid('predefined_target_id'),
    /** What a break kept (the 1% charge) and what a break or a missed target forfeited. */
    breakChargeMinor: bigint('break_charge_minor', { mode: 'bigint' }),
    forfeitedMinor: bigint('forfeited_minor', { mode: 'bigint' }),
    /** A dollar plan: the naira it cost, at the quote it was bought on. */
    fundingQuoteId: uuid('funding_quote_id'),
    createdAt: createdAt(),
  },
  (table) => [
    index('savings_plans_user_idx').on(table.userId, table.createdAt),
    index('savings_plans_maturity_idx')
      .on(table.maturityOn)
      .where(sql`${table.status} = 'active'`),
    index('savings_plans_collection_idx')
      .on(table.nextCollectionOn)
      .where(sql`${table.status} = 'active' and ${table.collectionMethod} = 'automatic'`),
    index('savings_plans_predefined_idx')
      .on(table.predefinedTargetId)
      .where(sql`${table.predefinedTargetId} is not null`),
    check('savings_plans_status', sql`${table.status} in ('active', 'matured', 'broken')`),
    check('savings_plans_principal_positive', sql`${table.principalMinor} >= 0`),
    check('savings_plans_rate', sql`${table.rateBps} between 0 and 10000`),
    check('savings_plans_term', sql`${table.maturityOn} > ${table.startOn}`),
  ],
);

/** Each day's interest of each plan, booked once: the per-plan side of `accrued_interest`. */
export const savingsAccruals = pgTable(
  'savings_accruals',
  {
    planId: uuid('plan_id')
      .notNull()
      .references(() => savingsPlans.id),
    accruedOn: date('accrued_on', { mode: 'string' }).notNull(),
    interestMinor: bigint('interest_minor', { mode: 'bigint' }).notNull(),
    totalMinor: bigint('total_minor', { mode: 'bigint' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.planId, table.accruedOn] })],
);

/** How far the sandbox's clock is ahead of real time, so a restart keeps it (one row). */
export const sandboxClock = pgTable(
  'sandbox_clock',
  {
    id: integer('id').primaryKey().default(1),
    offsetMs: bigint('offset_ms', { mode: 'number' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [check('sandbox_clock_one_row', sql`${table.id} = 1`)],
);

/**
 * Each instalment of an automatic target plan, one row per (plan, due date): collected once, or
 * retried on the following days up to a limit and then recorded as missed.
 */
export const savingsCollections = pgTable(
  'savings_collections',
  {
    planId: uuid('plan_id')
      .notNull()
      .references(() => savingsPlans.id),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    status: text('status').notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastAttemptOn: date('last_attempt_on', { mode: 'string' }),
    collectedAt: timestamp('collected_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.planId, table.dueOn] }),
    check(
      'savings_collections_status',
      sql`${table.status} in ('collected', 'retrying', 'missed')`,
    ),
  ],
);

/** Group targets of a challenge product (the spec's predefined savings). */
export const savingsPredefinedTargets = pgTable('savings_predefined_targets', {
  id: uuid('id').primaryKey().defaultRandom(),
  productId: uuid('product_id')
    .notNull()
    .references(() => savingsProducts.id),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
  startOn: date('start_on', { mode: 'string' }).notNull(),
  endOn: date('end_on', { mode: 'string' }).notNull(),
  meta: jsonb('meta').notNull(),
  position: integer('position').notNull().default(0),
});

/** A challenge member's medal for meeting a week's goal, once per week. */
export const savingsMedals = pgTable(
  'savings_medals',
  {
    planId: uuid('plan_id')
      .notNull()
      .references(() => savingsPlans.id),
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    earnedAt: timestamp('earned_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.planId, table.weekStart] })],
);

/**
 * A price for converting between naira and dollars, given to one user for a short time:
 * honoured only before `expires_at`, and once.
 */
export const fxQuotes = pgTable(
  'fx_quotes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** `buy`: naira for dollars; `sell`: dollars for naira. */
    side: text('side').notNull(),
    purpose: text('purpose').notNull(),
    usdMinor: bigint('usd_minor', { mode: 'bigint' }).notNull(),
    ngnMinor: bigint('ngn_minor', { mode: 'bigint' }).notNull(),
    feeMinor: bigint('fee_minor', { mode: 'bigint' }).notNull(),
    rate: text('rate').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('fx_quotes_user_idx').on(table.userId, table.createdAt),
    check('fx_quotes_side', sql`${table.side} in ('buy', 'sell')`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Commodities (decision 0022): the catalogue, its daily prices, quotes, holdings and trades.
// Units are scaled integers with 4 decimals (`units_scaled` 15000 = 1.5 units); prices and
// amounts are kobo.
// ---------------------------------------------------------------------------------------------

/** A group of commodities shown together (grains, cash crops, precious metals). */
export const commodityCategories = pgTable('commodity_categories', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** The market-data source's stable code, e.g. `grains`. */
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  position: integer('position').notNull(),
  createdAt: createdAt(),
});

/** A commodity a user can buy and sell in units (a 100 kg bag, a tonne, a gram). */
export const commodities = pgTable(
  'commodities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull().unique(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => commodityCategories.id),
    name: text('name').notNull(),
    description: text('description').notNull(),
    /** What one unit is, as people read it: "bag of 100 kg". */
    unit: text('unit').notNull(),
    position: integer('position').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('commodities_category_idx').on(table.categoryId, table.position)],
);

/** One price per commodity and business date (Africa/Lagos): what charts and quotes read. */
export const commodityPrices = pgTable(
  'commodity_prices',
  {
    commodityId: uuid('commodity_id')
      .notNull()
      .references(() => commodities.id),
    day: date('day').notNull(),
    /** Kobo per whole unit the user pays. */
    buyPriceMinor: bigint('buy_price_minor', { mode: 'bigint' }).notNull(),
    /** Kobo per whole unit the user receives; below the buy price (the spread). */
    sellPriceMinor: bigint('sell_price_minor', { mode: 'bigint' }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.commodityId, table.day] }),
    check(
      'commodity_prices_spread',
      sql`${table.sellPriceMinor} > 0 and ${table.buyPriceMinor} >= ${table.sellPriceMinor}`,
    ),
  ],
);

/** A price given to one user for a trade, honoured only before `expires_at`, and once. */
export const commodityQuotes = pgTable(
  'commodity_quotes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    commodityId: uuid('commodity_id')
      .notNull()
      .references(() => commodities.id),
    side: text('side').notNull(),
    /** The naira amount the user asked for; null when they asked for units. */
    requestedAmountMinor: bigint('requested_amount_minor', { mode: 'bigint' }),
    unitsScaled: bigint('units_scaled', { mode: 'bigint' }).notNull(),
    priceMinor: bigint('price_minor', { mode: 'bigint' }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    feeMinor: bigint('fee_minor', { mode: 'bigint' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('commodity_quotes_user_idx').on(table.userId, table.createdAt),
    check('commodity_quotes_side', sql`${table.side} in ('buy', 'sell')`),
    check('commodity_quotes_units', sql`${table.unitsScaled} > 0`),
  ],
);

/** What a user holds of one commodity: units and what they cost (average cost). */
export const commodityHoldings = pgTable(
  'commodity_holdings',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    commodityId: uuid('commodity_id')
      .notNull()
      .references(() => commodities.id),
    unitsScaled: bigint('units_scaled', { mode: 'bigint' }).notNull(),
    costMinor: bigint('cost_minor', { mode: 'bigint' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.commodityId] }),
    check(
      'commodity_holdings_not_negative',
      sql`${table.unitsScaled} >= 0 and ${table.costMinor} >= 0`,
    ),
  ],
);

/** Every trade, append-only: the units and naira that moved, at the quote's price. */
export const commodityTrades = pgTable(
  'commodity_trades',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Derived from the user and the Idempotency-Key: one trade per key. */
    reference: text('reference').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    commodityId: uuid('commodity_id')
      .notNull()
      .references(() => commodities.id),
    quoteId: uuid('quote_id')
      .notNull()
      .references(() => commodityQuotes.id),
    side: text('side').notNull(),
    unitsScaled: bigint('units_scaled', { mode: 'bigint' }).notNull(),
    priceMinor: bigint('price_minor', { mode: 'bigint' }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    feeMinor: bigint('fee_minor', { mode: 'bigint' }).notNull(),
    /** The activity row (`transactions`) the user sees for this trade. */
    transactionId: uuid('transaction_id').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('commodity_trades_user_idx').on(table.userId, table.createdAt),
    check('commodity_trades_side', sql`${table.side} in ('buy', 'sell')`),
    check('commodity_trades_units', sql`${table.unitsScaled} > 0`),
  ],
);

/* Portfolio (issue 19) */

/**
 * Each user's portfolio value at the end of a Lagos business day, written once per (user, day)
 * by the daily snapshot job (modules/portfolio): the total in kobo and the naira value of each
 * asset class (`{"wallet": "12500", ...}`, kobo as digits). The primary key serves every read
 * (one user's latest, or a range of days) without touching another user's rows.
 */
export const portfolioSnapshots = pgTable(
  'portfolio_snapshots',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    onDate: date('on_date', { mode: 'string' }).notNull(),
    totalMinor: bigint('total_minor', { mode: 'bigint' }).notNull(),
    breakdown: jsonb('breakdown').notNull(),
    takenAt: timestamp('taken_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.onDate] })],
);

// ---------------------------------------------------------------------------------------------
// Fixed income and real estate (issue 19, decision 0023)
// ---------------------------------------------------------------------------------------------

/**
 * The fixed-income catalogue: treasury bills, FGN bonds and commercial paper. A tenor is days
 * (discount instruments, paid at maturity) or months (coupon bonds); `coupon_months` is the
 * coupon period (6: semi-annual) or null when everything is paid at maturity. An order copies
 * these terms when it is made.
 */
export const fixedIncomeProducts = pgTable(
  'fixed_income_products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    issuer: text('issuer').notNull(),
    description: text('description').notNull(),
    tenor: integer('tenor').notNull(),
    tenorUnit: text('tenor_unit').notNull(),
    rateBps: integer('rate_bps').notNull(),
    couponMonths: integer('coupon_months'),
    withholdingTax: boolean('withholding_tax').notNull(),
    minimumMinor: bigint('minimum_minor', { mode: 'bigint' }).notNull(),
    maximumMinor: bigint('maximum_minor', { mode: 'bigint' }).notNull(),
    position: integer('position').notNull().default(0),
    active: boolean('active').notNull().default(true),
  },
  (table) => [
    check(
      'fixed_income_products_kind',
      sql`${table.kind} in ('treasury_bill', 'fgn_bond', 'commercial_paper', 'corporate_bond')`,
    ),
    check('fixed_income_products_tenor_unit', sql`${table.tenorUnit} in ('days', 'months')`),
    check('fixed_income_products_tenor', sql`${table.tenor} > 0`),
    check('fixed_income_products_rate', sql`${table.rateBps} between 0 and 10000`),
    check(
      'fixed_income_products_coupon',
      sql`${table.couponMonths} is null or (${table.tenorUnit} = 'months' and ${table.couponMonths} > 0 and ${table.tenor} % ${table.couponMonths} = 0)`,
    ),
    check(
      'fixed_income_products_limits',
      sql`${table.minimumMinor} > 0 and ${table.maximumMinor} >= ${table.minimumMinor}`,
    ),
  ],
);

/**
 * A user's fixed-income order: its principal sits in the order's own ledger account until
 * maturity. `next_payment_on` is the next coupon or maturity date (null once matured);
 * `payments_made` counts coupons paid so far.
 */
export const fixedIncomeOrders = pgTable(
  'fixed_income_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    productId: uuid('product_id')
      .notNull()
      .references(() => fixedIncomeProducts.id),
    reference: text('reference').notNull().unique(),
    principalMinor: bigint('principal_minor', { mode: 'bigint' }).notNull(),
    rateBps: integer('rate_bps').notNull(),
    couponMonths: integer('coupon_months'),
    withholdingTax: boolean('withholding_tax').notNull(),
    startOn: date('start_on', { mode: 'string' }).notNull(),
    maturityOn: date('maturity_on', { mode: 'string' }).notNull(),
    nextPaymentOn: date('next_payment_on', { mode: 'string' }),
    paymentsMade: integer('payments_made').notNull().default(0),
    status: text('status').notNull().default('active'),
    ledgerAccountId: uuid('ledger_account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    grossPaidMinor: bigint('gross_paid_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    taxPaidMinor: bigint('tax_paid_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    maturedAt: timestamp('matured_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('fixed_income_orders_user_idx').on(table.userId, table.createdAt),
    index('fixed_income_orders_due_idx')
      .on(table.nextPaymentOn)
      .where(sql`${table.status} = 'active'`),
    check('fixed_income_orders_status', sql`${table.status} in ('active', 'matured')`),
    check('fixed_income_orders_principal', sql`${table.principalMinor} > 0`),
    check('fixed_income_orders_term', sql`${table.maturityOn} > ${table.startOn}`),
  ],
);

/** Each coupon or maturity of each order, paid once: the primary key makes a second one impossible. */
export const fixedIncomePayments = pgTable(
  'fixed_income_payments',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => fixedIncomeOrders.id),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    kind: text('kind').notNull(),
    principalMinor: bigint('principal_minor', { mode: 'bigint' }).notNull(),
    grossMinor: bigint('gross_minor', { mode: 'bigint' }).notNull(),
    taxMinor: bigint('tax_minor', { mode: 'bigint' }).notNull(),
    netMinor: bigint('net_minor', { mode: 'bigint' }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.orderId, table.dueOn] }),
    check('fixed_income_payments_kind', sql`${table.kind} in ('coupon', 'maturity')`),
  ],
);

/**
 * Real-estate properties sold in whole fractional units. `units_available` only falls, through
 * a guarded update (`units_available >= n`), so no more units are sold than exist. Rent is
 * distributed monthly, from the month of the first purchase. `art` describes
 * the drawn picture the app shows (no external images).
 */
export const realEstateProperties = pgTable(
  'real_estate_properties',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    location: text('location').notNull(),
    description: text('description').notNull(),
    pricePerUnitMinor: bigint('price_per_unit_minor', { mode: 'bigint' }).notNull(),
    unitsTotal: integer('units_total').notNull(),
    unitsAvailable: integer('units_available').notNull(),
    /** Expected annual rental yield on the unit price, basis points. */
    rentalYieldBps: integer('rental_yield_bps').notNull(),
    /** The last month-end whose rent was distributed; null before the first. */
    rentPaidThrough: date('rent_paid_through', { mode: 'string' }),
    art: jsonb('art').notNull(),
    position: integer('position').notNull().default(0),
    active: boolean('active').notNull().default(true),
  },
  (table) => [
    check(
      'real_estate_properties_units',
      sql`${table.unitsAvailable} >= 0 and ${table.unitsAvailable} <= ${table.unitsTotal}`,
    ),
    check('real_estate_properties_price', sql`${table.pricePerUnitMinor} > 0`),
    check('real_estate_properties_yield', sql`${table.rentalYieldBps} between 0 and 10000`),
  ],
);

/** A user's units of one property (one row per user and property), in its own ledger account. */
export const realEstateHoldings = pgTable(
  'real_estate_holdings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => realEstateProperties.id),
    units: integer('units').notNull(),
    costMinor: bigint('cost_minor', { mode: 'bigint' }).notNull(),
    rentGrossMinor: bigint('rent_gross_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    rentTaxMinor: bigint('rent_tax_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    ledgerAccountId: uuid('ledger_account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('real_estate_holdings_owner_idx').on(table.userId, table.propertyId),
    index('real_estate_holdings_property_idx').on(table.propertyId),
    check('real_estate_holdings_units', sql`${table.units} >= 0`),
  ],
);

/** Each purchase of units (the record date of rent counts the units bought on or before it). */
export const realEstateOrders = pgTable(
  'real_estate_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reference: text('reference').notNull().unique(),
    holdingId: uuid('holding_id')
      .notNull()
      .references(() => realEstateHoldings.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => realEstateProperties.id),
    units: integer('units').notNull(),
    pricePerUnitMinor: bigint('price_per_unit_minor', { mode: 'bigint' }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    boughtOn: date('bought_on', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('real_estate_orders_property_idx').on(table.propertyId, table.boughtOn),
    check('real_estate_orders_units', sql`${table.units} > 0`),
  ],
);

/** One month's rent of one property, distributed once (the primary key). */
export const realEstateDistributions = pgTable(
  'real_estate_distributions',
  {
    propertyId: uuid('property_id')
      .notNull()
      .references(() => realEstateProperties.id),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    unitsHeld: integer('units_held').notNull(),
    poolMinor: bigint('pool_minor', { mode: 'bigint' }).notNull(),
    holders: integer('holders').notNull(),
    distributedAt: timestamp('distributed_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.propertyId, table.periodEnd] })],
);

/** Each holder's share of one month's rent (gross, 10% withholding tax, net), once. */
export const realEstateRentPayments = pgTable(
  'real_estate_rent_payments',
  {
    propertyId: uuid('property_id')
      .notNull()
      .references(() => realEstateProperties.id),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    holdingId: uuid('holding_id')
      .notNull()
      .references(() => realEstateHoldings.id),
    units: integer('units').notNull(),
    grossMinor: bigint('gross_minor', { mode: 'bigint' }).notNull(),
    taxMinor: bigint('tax_minor', { mode: 'bigint' }).notNull(),
    netMinor: bigint('net_minor', { mode: 'bigint' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.propertyId, table.periodEnd, table.holdingId] })],
);

// The user's own data (NDPA 2023): devices and sign-ins, exports, closed accounts (decision 0027).

/** Where a session was opened: the browser and system named from its user agent, the IP masked. */
export const sessionDevices = pgTable('session_devices', {
  sessionId: uuid('session_id')
    .primaryKey()
    .references(() => sessions.id),
  device: text('device').notNull(),
  ipMasked: text('ip_masked').notNull(),
});

/** Each sign-in to an account, successful or not (wrong password for an existing address). */
export const signInEvents = pgTable(
  'sign_in_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    outcome: text('outcome').notNull(),
    device: text('device').notNull(),
    ipMasked: text('ip_masked').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('sign_in_events_user_idx').on(table.userId, table.createdAt),
    check('sign_in_events_outcome', sql`${table.outcome} in ('success', 'failure')`),
  ],
);

/** A copy of everything held about a user, prepared by a job; the archive is sealed at rest. */
export const privacyExports = pgTable(
  'privacy_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status').notNull().default('preparing'),
    archiveSealed: text('archive_sealed'),
    sizeBytes: integer('size_bytes'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (table) => [
    index('privacy_exports_user_idx').on(table.userId, table.requestedAt),
    check(
      'privacy_exports_status',
      sql`${table.status} in ('preparing', 'ready', 'expired', 'failed')`,
    ),
  ],
);

/**
 * A closed account: the identity the anti-money-laundering rules make us keep, sealed with the
 * field key and readable by no screen, until `purge_after` (decision 0027).
 */
export const closedAccounts = pgTable('closed_accounts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id),
  identitySealed: text('identity_sealed'),
  closedAt: timestamp('closed_at', { withTimezone: true }).notNull(),
  purgeAfter: timestamp('purge_after', { withTimezone: true }).notNull(),
});

/**
 * Every statement issued: who, which period, the SHA-256 of the exact bytes sent and when, under a
 * random code printed on it. Anyone holding the code or the file can check it is genuine; the
 * statement's contents are not kept (decision 0026).
 */
export const statements = pgTable(
  'statements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    toDate: date('to_date', { mode: 'string' }).notNull(),
    format: text('format').notNull(),
    /** The holder as the public check shows them: first name and the last name's initial. */
    holderMasked: text('holder_masked').notNull(),
    sha256: char('sha256', { length: 64 }).notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('statements_sha256_idx').on(table.sha256),
    index('statements_user_idx').on(table.userId, table.issuedAt),
    check('statements_format', sql`${table.format} in ('pdf', 'csv')`),
    check('statements_period', sql`${table.fromDate} <= ${table.toDate}`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Virtual dollar cards (decision 0025): the card (only its last four digits and the issuer's
// ids), its quotes, its own transactions (fundings, purchases and their holds) and the log of
// every reveal of its details. The card's money is a USD ledger account per card.
// ---------------------------------------------------------------------------------------------

export const cards = pgTable(
  'cards',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** Derived from the user and the Idempotency-Key of the request that created it. */
    reference: text('reference').notNull().unique(),
    status: text('status').notNull(),
    issuer: text('issuer').notNull(),
    issuerCardId: text('issuer_card_id').notNull(),
    issuerCardholderId: text('issuer_cardholder_id').notNull(),
    brand: text('brand').notNull(),
    last4: char('last4', { length: 4 }).notNull(),
    expiryMonth: char('expiry_month', { length: 2 }).notNull(),
    expiryYear: char('expiry_year', { length: 4 }).notNull(),
    nameOnCard: text('name_on_card').notNull(),
    billingAddress: jsonb('billing_address').notNull(),
    ledgerAccountId: uuid('ledger_account_id').notNull(),
    createdAt: createdAt(),
    frozenAt: timestamp('frozen_at', { withTimezone: true }),
    terminatedAt: timestamp('terminated_at', { withTimezone: true }),
  },
  (table) => [
    index('cards_user_idx').on(table.userId, table.createdAt),
    uniqueIndex('cards_issuer_card_idx').on(table.issuer, table.issuerCardId),
    check('cards_status', sql`${table.status} in ('active', 'frozen', 'terminated')`),
  ],
);

/** A rate for a card movement, honoured once until it expires. */
export const cardQuotes = pgTable(
  'card_quotes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    purpose: text('purpose').notNull(),
    cardId: uuid('card_id').references(() => cards.id),
    usdMinor: bigint('usd_minor', { mode: 'bigint' }).notNull(),
    cardFeeMinor: bigint('card_fee_minor', { mode: 'bigint' }).notNull(),
    ngnMinor: bigint('ngn_minor', { mode: 'bigint' }).notNull(),
    feeMinor: bigint('fee_minor', { mode: 'bigint' }).notNull(),
    rate: text('rate').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('card_quotes_user_idx').on(table.userId, table.createdAt),
    check('card_quotes_purpose', sql`${table.purpose} in ('create', 'fund', 'withdraw')`),
  ],
);

/** What happened on a card, as its holder sees it; purchases keep their ledger hold. */
export const cardTransactions = pgTable(
  'card_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cardId: uuid('card_id')
      .notNull()
      .references(() => cards.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    type: text('type').notNull(),
    status: text('status').notNull(),
    /** Cents, signed: positive into the card. */
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    authorizedMinor: bigint('authorized_minor', { mode: 'bigint' }),
    /** Settled above what the card could pay: the part the house advanced (decision 0025). */
    shortfallMinor: bigint('shortfall_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    merchantName: text('merchant_name'),
    merchantCity: text('merchant_city'),
    merchantCountry: text('merchant_country'),
    declineCode: text('decline_code'),
    reference: text('reference').notNull().unique(),
    /** The issuer's authorisation id: one row per authorisation, whatever is replayed. */
    issuerReference: text('issuer_reference'),
    holdId: uuid('hold_id'),
    createdAt: createdAt(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [
    index('card_transactions_card_idx').on(table.cardId, table.createdAt),
    uniqueIndex('card_transactions_issuer_reference_idx').on(table.issuerReference),
    index('card_transactions_pending_idx')
      .on(table.createdAt)
      .where(sql`${table.status} = 'pending'`),
  ],
);

/** Each request to show a card's details: who, when, whether the password was right. */
export const cardReveals = pgTable(
  'card_reveals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    cardId: uuid('card_id')
      .notNull()
      .references(() => cards.id),
    granted: boolean('granted').notNull(),
    ipAddress: text('ip_address'),
    createdAt: createdAt(),
  },
  (table) => [index('card_reveals_user_idx').on(table.userId, table.createdAt)],
);

/**
 * Each user's transaction PIN (modules/pins): an argon2id hash like passwords, never the digits.
 * Wrong tries in a row count up atomically; at the limit every PIN is refused until `locked_until`.
 */
export const transactionPins = pgTable('transaction_pins', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id),
  pinHash: text('pin_hash').notNull(),
  failedAttempts: integer('failed_attempts').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  setAt: timestamp('set_at', { withTimezone: true }).notNull(),
  changedAt: timestamp('changed_at', { withTimezone: true }),
});

// ---------------------------------------------------------------------------------------------
// The operator console (modules/ops, decision 0029): the people who run Ajo, apart from customers.
// ---------------------------------------------------------------------------------------------

/**
 * An operator: signs in at /ops with an email, a password (argon2id, at least 12 characters) and
 * a TOTP code from an authenticator app; the TOTP secret is stored encrypted like other secrets.
 */
export const operators = pgTable('operators', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  passwordHash: text('password_hash').notNull(),
  totpSecretCiphertext: text('totp_secret_ciphertext').notNull(),
  /** The last TOTP time step accepted: a code is accepted once (no replay within its window). */
  lastTotpStep: bigint('last_totp_step', { mode: 'number' }),
  failedAttempts: integer('failed_attempts').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** An operator's signed-in session: like a customer's (only the token's hash), but shorter. */
export const operatorSessions = pgTable(
  'operator_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    operatorId: uuid('operator_id')
      .notNull()
      .references(() => operators.id),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('operator_sessions_operator_idx').on(table.operatorId)],
);

/**
 * Every operator action, append-only (a trigger refuses update and delete, migration 0016): who,
 * what, on which subject, before and after. Subjects are named by id, never by a customer's
 * personal data, so erasing a customer leaves this log as it is.
 */
export const operatorAuditLog = pgTable(
  'operator_audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Null for a failed sign-in of an address that is no operator. */
    operatorId: uuid('operator_id').references(() => operators.id),
    action: text('action').notNull(),
    subjectType: text('subject_type'),
    subjectId: text('subject_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason'),
    ipAddress: text('ip_address'),
    createdAt: createdAt(),
  },
  (table) => [
    index('operator_audit_log_created_idx').on(table.createdAt),
    index('operator_audit_log_subject_idx').on(table.subjectType, table.subjectId),
  ],
);

/**
 * A correction of a customer's balance: proposed by one operator (maker), approved or rejected by
 * another (checker); on approval it posts through the ledger against `suspense:<currency>`.
 */
export const moneyCorrections = pgTable(
  'money_corrections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    currency: char('currency', { length: 3 }).notNull(),
    direction: text('direction').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    reason: text('reason').notNull(),
    /** What it corrects, when it corrects one: a transaction's reference. */
    relatedReference: text('related_reference'),
    status: text('status').notNull().default('proposed'),
    proposedBy: uuid('proposed_by')
      .notNull()
      .references(() => operators.id),
    proposedAt: timestamp('proposed_at', { withTimezone: true }).notNull(),
    decidedBy: uuid('decided_by').references(() => operators.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionNote: text('decision_note'),
    /** The activity row the approved correction posted. */
    transactionReference: text('transaction_reference'),
  },
  (table) => [
    index('money_corrections_status_idx').on(table.status, table.proposedAt),
    check('money_corrections_status', sql`${table.status} in ('proposed', 'approved', 'rejected')`),
    check('money_corrections_direction', sql`${table.direction} in ('credit', 'debit')`),
    check('money_corrections_amount_positive', sql`${table.amountMinor} > 0`),
    // Maker-checker: whoever proposed it can never be the one who decides it.
    check(
      'money_corrections_two_people',
      sql`${table.decidedBy} is null or ${table.decidedBy} <> ${table.proposedBy}`,
    ),
  ],
);

/**
 * What an operator decided about a row that waits for a person: a deposit flagged for review, a
 * payout or bill payment stuck pending, an identity verification the face match could not decide.
 */
export const reviewDecisions = pgTable(
  'review_decisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id').notNull(),
    outcome: text('outcome').notNull(),
    note: text('note').notNull(),
    operatorId: uuid('operator_id')
      .notNull()
      .references(() => operators.id),
    /** A money correction the decision proposed, when it needs one. */
    correctionId: uuid('correction_id').references(() => moneyCorrections.id),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('review_decisions_subject_idx').on(table.subjectType, table.subjectId)],
);

/**
 * A product change scheduled by an operator (a savings rate, a fee, a listing…): it applies from
 * `effective_from`, which is never in the past, and never changes terms already agreed.
 */
export const productChanges = pgTable(
  'product_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    targetId: text('target_id').notNull(),
    /** The fields and values the change sets. */
    changes: jsonb('changes').notNull(),
    /** The same fields as they were when it applied. */
    previous: jsonb('previous'),
    effectiveFrom: timestamp('effective_from', { withTimezone: true }).notNull(),
    status: text('status').notNull().default('scheduled'),
    proposedBy: uuid('proposed_by')
      .notNull()
      .references(() => operators.id),
    createdAt: createdAt(),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (table) => [
    index('product_changes_due_idx')
      .on(table.effectiveFrom)
      .where(sql`${table.status} = 'scheduled'`),
    check('product_changes_status', sql`${table.status} in ('scheduled', 'applied', 'cancelled')`),
  ],
);
