import { z } from 'zod';
import { envelope, idempotencyKeyHeader, moneyInput, moneyText } from './common.ts';
import { transactionSchema } from './wallet.ts';

export const bankSchema = z
  .object({ name: z.string(), code: z.string(), slug: z.string() })
  .meta({ id: 'Bank' });

export type Bank = z.infer<typeof bankSchema>;

export const banksResponseSchema = envelope(z.object({ items: z.array(bankSchema) }));

const accountNumberField = z.string().regex(/^\d{10}$/, 'Enter the 10-digit account number');
const bankCodeField = z.string().regex(/^\d{3,6}$/, 'Choose your bank');

/** `POST /banks/verify` and `POST /bank_accounts`: name enquiry on an account. */
export const bankAccountBodySchema = z.strictObject({
  account_number: accountNumberField,
  bank_code: bankCodeField,
});

export const verifiedBankAccountSchema = z
  .object({
    account_number: z.string(),
    account_name: z.string(),
    bank_code: z.string(),
    bank_name: z.string(),
    /**
     * Why linking this account would be refused, in the words `POST /bank_accounts` would use (no
     * verified BVN yet, or a name that is not the BVN's); null when it can be linked, so the
     * person learns it before pressing Link.
     */
    link_refusal: z.string().nullable(),
  })
  .meta({ id: 'VerifiedBankAccount' });

export const verifyBankResponseSchema = envelope(verifiedBankAccountSchema);

export const bankAccountSchema = z
  .object({
    id: z.uuid(),
    account_number: z.string(),
    account_name: z.string(),
    bank_code: z.string(),
    bank_name: z.string(),
    created_at: z.string(),
  })
  .meta({ id: 'BankAccount' });

export type BankAccount = z.infer<typeof bankAccountSchema>;

export const bankAccountsResponseSchema = envelope(z.object({ items: z.array(bankAccountSchema) }));

export const bankAccountResponseSchema = envelope(bankAccountSchema);

export const bankAccountIdParamsSchema = z.strictObject({
  id: z.uuid('We could not find this bank account'),
});

/** `POST /wallets/withdraw` (needs an Idempotency-Key header). */
export const withdrawBodySchema = z.strictObject({
  amount: moneyInput,
  bank_account_id: z.uuid('Choose one of your bank accounts'),
});

export const withdrawHeadersSchema = z.looseObject({ 'idempotency-key': idempotencyKeyHeader });

export const withdrawQuoteQuerySchema = z.strictObject({ amount: moneyInput.optional() });

export const withdrawQuoteSchema = z
  .object({
    amount: moneyText,
    fee: moneyText,
    /** What leaves the wallet: amount plus fee. */
    total: moneyText,
    minimum: moneyText,
    /** Largest single withdrawal for the user's tier; null when unlimited. */
    maximum: moneyText.nullable(),
    /** What is left of today's limit (Africa/Lagos day); null when unlimited. */
    daily_remaining: moneyText.nullable(),
    /** The wallet's available balance now. */
    available: moneyText,
    /**
     * The most that can be withdrawn now, its fee included in what leaves the wallet: the lowest
     * of what the balance, the tier's maximum and today's limit allow ("Withdraw all").
     */
    withdrawable: moneyText,
  })
  .meta({ id: 'WithdrawQuote' });

export const withdrawQuoteResponseSchema = envelope(withdrawQuoteSchema);

export const withdrawResponseSchema = envelope(
  z.object({
    amount: moneyText,
    fee: moneyText,
    total: moneyText,
    transaction: transactionSchema,
  }),
);
