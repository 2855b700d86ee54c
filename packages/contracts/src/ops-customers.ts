import { z } from 'zod';
import { tierLimitsSchema } from './accounts.ts';
import { envelope, isCalendarDay, moneyText, pageOf } from './common.ts';

/**
 * The operator console's customers screens, ledger check, reconciliation report and overview
 * counts (`/v1/ops/customers`, `/v1/ops/ledger/check`, `/v1/ops/reconciliation`,
 * `/v1/ops/overview`). Personal data is masked where shown, and every read of a customer is
 * recorded in the audit log (DOMAIN.md, "Personal data").
 */

export const customerSearchMessages = {
  query: 'Type at least 2 characters: an email, a name, a phone or account number, an id',
} as const;

export const customerSearchQuerySchema = z.object({
  q: z
    .string({ error: customerSearchMessages.query })
    .trim()
    .min(2, customerSearchMessages.query)
    .max(100, 'Keep the search under 100 characters'),
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(50).default(20),
});
export type CustomerSearchQuery = z.input<typeof customerSearchQuerySchema>;

/**
 * What a search was for, as the audit log records it instead of the query text (which may be a
 * person's email, name or phone): `id` (a customer id), `email` (has an @), `number` (digits:
 * a phone or an account number) or `text` (a name or a transaction reference).
 */
export const customerSearchKind = z.enum(['id', 'email', 'number', 'text']);
export type CustomerSearchKind = z.infer<typeof customerSearchKind>;

/** A phone shown to an operator: only its last 4 digits, e.g. "••••••4567". */
export const maskPhone = (phone: string) =>
  phone.length === 0 ? '' : `${'•'.repeat(Math.max(phone.length - 4, 0))}${phone.slice(-4)}`;

/** An account number shown to an operator: only its last 4 digits. */
export const maskAccountNumber = (accountNumber: string) =>
  accountNumber.slice(-4).padStart(10, '•');

export const customerSummarySchema = z
  .object({
    id: z.uuid(),
    /** "Closed account" for a closed (erased) customer: no personal data is left. */
    name: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable().meta({ description: 'Masked: only the last 4 digits' }),
    status: z.string(),
    tier: z.number().int(),
    created_at: z.string(),
    closed: z.boolean(),
  })
  .meta({ id: 'OpsCustomerSummary' });
export type CustomerSummary = z.infer<typeof customerSummarySchema>;

export const customerSearchResponseSchema = envelope(
  pageOf(customerSummarySchema).extend({ kind: customerSearchKind }),
);
export type CustomerSearchPage = z.infer<typeof customerSearchResponseSchema>['data'];

export const customerIdParamsSchema = z.object({
  id: z.uuid('Give a customer id (a UUID)'),
});

const balanceSchema = z.object({
  currency: z.enum(['NGN', 'USD']),
  balance: moneyText,
  available: moneyText,
  held: moneyText,
  on_hold: moneyText.meta({ description: 'Deposits above the tier caps, waiting for an upgrade' }),
});

const operatorActionSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  operator: z.string().nullable(),
  action: z.string(),
  subject_type: z.string().nullable(),
  subject_id: z.string().nullable(),
  reason: z.string().nullable(),
});

export const customerDetailSchema = z
  .object({
    profile: z.object({
      id: z.uuid(),
      first_name: z.string().nullable(),
      last_name: z.string().nullable(),
      email: z.string().nullable(),
      phone: z.string().nullable().meta({ description: 'Masked: only the last 4 digits' }),
      status: z.string(),
      tier: z.number().int(),
      created_at: z.string(),
      closed: z.boolean(),
      closed_at: z.string().nullable(),
    }),
    kyc: z.object({
      bvn_verified: z.boolean(),
      bvn: z.string().nullable().meta({ description: 'Masked as the spec masks it ("1234**")' }),
      bvn_verified_at: z.string().nullable(),
      identity: z
        .object({ status: z.string(), submitted_at: z.string(), decided_at: z.string().nullable() })
        .nullable(),
    }),
    /** The tier's limits from `transaction_limits`; null when the configuration is missing. */
    limits: tierLimitsSchema.nullable(),
    usage: z.object({
      day: z.string().meta({ description: 'The Lagos business day of the usage' }),
      withdrawn_today: moneyText,
      deposited_today: moneyText,
      ngn_balance: moneyText,
    }),
    balances: z.array(balanceSchema),
    bank_accounts: z.array(
      z.object({
        id: z.uuid(),
        bank_name: z.string(),
        account_number: z.string().meta({ description: 'Masked: only the last 4 digits' }),
        created_at: z.string(),
      }),
    ),
    virtual_account: z
      .object({
        bank_name: z.string(),
        account_number: z.string().meta({ description: 'Masked: only the last 4 digits' }),
      })
      .nullable(),
    transactions: z.array(
      z.object({
        id: z.uuid(),
        reference: z.string(),
        type: z.string(),
        status: z.string(),
        direction: z.string(),
        channel: z.string(),
        currency: z.string(),
        amount: moneyText,
        fee: moneyText,
        flagged: z.boolean(),
        created_at: z.string(),
      }),
    ),
    products: z.object({
      open_savings: z.number().int(),
      open_investments: z.number().int(),
      live_cards: z.number().int(),
    }),
    operator_actions: z.array(operatorActionSchema),
  })
  .meta({ id: 'OpsCustomerDetail' });
export type CustomerDetail = z.infer<typeof customerDetailSchema>;
export const customerDetailResponseSchema = envelope(customerDetailSchema);

// ------------------------------------------------------------------------------------------
// The ledger check
// ------------------------------------------------------------------------------------------

export const ledgerCheckSchema = z
  .object({
    ok: z.boolean(),
    checked_at: z.string(),
    counts: z.object({
      accounts: z.number().int(),
      entries: z.number().int(),
      postings: z.number().int(),
      pending_holds: z.number().int(),
    }),
    problems: z.array(z.object({ kind: z.string(), subject: z.string(), detail: z.string() })),
  })
  .meta({ id: 'OpsLedgerCheck' });
export type LedgerCheckReport = z.infer<typeof ledgerCheckSchema>;
export const ledgerCheckResponseSchema = envelope(ledgerCheckSchema);

// ------------------------------------------------------------------------------------------
// Reconciliation
// ------------------------------------------------------------------------------------------

export const reconciliationQuerySchema = z.object({
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Give the date as YYYY-MM-DD')
    .refine((text) => isCalendarDay(text) && text >= '2000', 'Give a real date from 2000 on')
    .optional()
    .meta({ description: 'A Lagos business day; today when left out', example: '2026-01-31' }),
});

export const reconciliationMismatchSchema = z.object({
  reference: z.string(),
  kind: z.enum(['ours_only', 'theirs_only', 'amount_differs', 'status_differs']),
  ours: z.object({ amount: moneyText, status: z.string() }).nullable(),
  theirs: z.object({ amount: moneyText, status: z.string() }).nullable(),
});
export type ReconciliationMismatch = z.infer<typeof reconciliationMismatchSchema>;

export const reconciliationLineSchema = z.object({
  key: z.string(),
  label: z.string(),
  direction: z.enum(['in', 'out']),
  provider: z.string(),
  currency: z.string(),
  ours: z.object({ count: z.number().int(), total: moneyText }),
  /** The provider's own record of the day; null when we hold no report of theirs. */
  theirs: z.object({ count: z.number().int(), total: moneyText }).nullable(),
  report_available: z.boolean(),
  note: z.string().nullable(),
  matched: z.boolean(),
  mismatches: z.array(reconciliationMismatchSchema),
  pending: z.number().int(),
  flagged: z.number().int(),
});
export type ReconciliationLine = z.infer<typeof reconciliationLineSchema>;

export const reconciliationSchema = z
  .object({
    date: z.string(),
    from: z.string(),
    to: z.string(),
    ok: z.boolean(),
    lines: z.array(reconciliationLineSchema),
  })
  .meta({ id: 'OpsReconciliation' });
export type ReconciliationReport = z.infer<typeof reconciliationSchema>;
export const reconciliationResponseSchema = envelope(reconciliationSchema);

// ------------------------------------------------------------------------------------------
// The overview
// ------------------------------------------------------------------------------------------

export const opsOverviewSchema = z
  .object({
    kyc_in_review: z.number().int(),
    /** Flagged transactions (deposits above all) waiting for an operator's decision. */
    flagged_deposits: z.number().int(),
    stuck_payments: z.number().int(),
    corrections_waiting: z.number().int(),
    /** Failed or pending money out not given back within its CBN timeline (24, 48 or 72 h). */
    reversals_overdue: z.number().int(),
    product_changes_scheduled: z.number().int(),
  })
  .meta({ id: 'OpsOverview' });
export type OpsOverview = z.infer<typeof opsOverviewSchema>;
export const opsOverviewResponseSchema = envelope(opsOverviewSchema);
