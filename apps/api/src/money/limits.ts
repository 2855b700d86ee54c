import { applyBasisPoints } from '@ajo/money/arithmetic';
import { formatMoney } from '@ajo/money/format';
import { MoneyParseError, parseAmount } from '@ajo/money/parse';
import { z } from 'zod';
import { AppError } from '../platform/errors.ts';
import type { Executor } from '../platform/db.ts';
import { cachedConfiguration } from '../platform/configurations.ts';

/** Decimal naira text from the configuration, or null for "no limit". */
const amountText = z.string().regex(/^\d+(\.\d{1,2})?$/);

const limitItemSchema = z.looseObject({
  id: z.string(),
  minimum: amountText,
  tiers: z.array(
    z.object({
      tier: z.number().int(),
      per_transaction: amountText.nullable(),
      daily: amountText.nullable(),
    }),
  ),
  balance_max: z
    .array(z.object({ tier: z.number().int(), amount: amountText.nullable() }))
    .optional(),
});

const feeItemSchema = z.looseObject({
  id: z.string(),
  rate_bps: z.number().int().min(0),
  flat: amountText,
  cap: amountText.nullable(),
});

export type LimitedOperation =
  | 'deposit'
  | 'withdraw'
  | 'buy_commodity'
  | 'sell_commodity'
  | 'buy_airtime'
  | 'buy_data'
  | 'buy_electricity'
  | 'fund_betting';

export interface TierLimits {
  minimumMinor: bigint;
  /** null: no limit. */
  perTransactionMinor: bigint | null;
  dailyMinor: bigint | null;
  balanceMaxMinor: bigint | null;
}

const toMinor = (text: string | null) => (text === null ? null : parseAmount(text));

const misconfigured = (name: string) =>
  new AppError(
    'configuration_missing',
    `The ${name} configuration is missing; try again later`,
    503,
  );

/** The limits of one operation for one KYC tier, from the `transaction_limits` configuration. */
export async function limitsFor(
  executor: Executor,
  operation: LimitedOperation,
  tier: number,
): Promise<TierLimits> {
  const configuration = await cachedConfiguration(executor, 'transaction_limits');
  const item = configuration?.value.find((entry) => entry.id === operation);
  const parsed = limitItemSchema.safeParse(item);
  if (!parsed.success) throw misconfigured('transaction_limits');
  const forTier = parsed.data.tiers.find((entry) => entry.tier === tier);
  const balanceMax = parsed.data.balance_max?.find((entry) => entry.tier === tier);
  return {
    minimumMinor: parseAmount(parsed.data.minimum),
    perTransactionMinor: forTier ? toMinor(forTier.per_transaction) : 0n,
    dailyMinor: forTier ? toMinor(forTier.daily) : 0n,
    balanceMaxMinor: balanceMax ? toMinor(balanceMax.amount) : null,
  };
}

/** An item whose fee depends on how the user pays: one fee rule per payment method. */
const paymentMethodsSchema = z.looseObject({ payment_methods: z.array(z.looseObject({})) });

/**
 * The fee rule of one operation from `processing_fees`, as a function of the amount: `rate_bps`
 * of the amount rounded half up to the kobo, plus `flat`, capped at `cap`. It never falls as the
 * amount grows. With `paymentMethod`, the rule is the item's `payment_methods` entry of that id
 * (the commodity items: `buy_commodity`, `sell_commodity` paid by `wallet`).
 */
export async function feeRule(
  executor: Executor,
  operation: string,
  paymentMethod?: string,
): Promise<(amountMinor: bigint) => bigint> {
  const configuration = await cachedConfiguration(executor, 'processing_fees');
  const item = configuration?.value.find((entry) => entry.id === operation);
  const methods = paymentMethodsSchema.safeParse(item);
  const parsed = feeItemSchema.safeParse(
    paymentMethod === undefined
      ? item
      : methods.data?.payment_methods.find((entry) => entry.id === paymentMethod),
  );
  if (!parsed.success) throw misconfigured('processing_fees');
  const { rate_bps: rateBps, flat } = parsed.data;
  const cap = toMinor(parsed.data.cap);
  return (amountMinor) => {
    const fee = applyBasisPoints(amountMinor, rateBps, 'half-up') + parseAmount(flat);
    return cap !== null && fee > cap ? cap : fee;
  };
}

export async function feeFor(
  executor: Executor,
  operation: string,
  amountMinor: bigint,
): Promise<bigint> {
  return (await feeRule(executor, operation))(amountMinor);
}

/**
 * The largest amount whose amount + fee fits in `budgetMinor` (0 when none does): what "Withdraw
 * all" offers. A binary search over kobo, since the fee never falls as the amount grows.
 */
export function largestAmountWithin(budgetMinor: bigint, fee: (amountMinor: bigint) => bigint) {
  let low = 0n;
  let high = budgetMinor;
  while (low < high) {
    const middle = (low + high + 1n) / 2n;
    if (middle + fee(middle) <= budgetMinor) low = middle;
    else high = middle - 1n;
  }
  return low;
}

/**
 * What a refusal above a tier's maximum suggests next: the upgrade the tier can still make.
 * Tier 2 is the highest a person can reach in the app today (tier 3 needs proof of address, a
 * later step), so it is told the maximum as it is.
 */
export function raiseLimitHint(tier: number): string {
  if (tier <= 1) return ' Verify your identity to raise your limit.';
  if (tier === 2) return ' This is the highest limit for a verified account.';
  return '';
}

export const naira = (amountMinor: bigint) => formatMoney(amountMinor, 'NGN');

/** A request amount (number or decimal text) in kobo, or a 422 a person can act on. */
export function amountFromInput(input: string | number, field = 'amount'): bigint {
  try {
    return parseAmount(input, { allowZero: false });
  } catch (error) {
    // Far beyond any limit: said as such, not as a format mistake the person did not make.
    if (error instanceof MoneyParseError && error.reason === 'too_large') {
      throw new AppError(
        'invalid_amount',
        'This amount is far too large: enter a smaller amount, for example 5000',
        422,
        [{ path: field, message: 'Enter a smaller amount' }],
      );
    }
    throw new AppError(
      'invalid_amount',
      'Enter an amount in naira with at most 2 decimals, for example 5000 or 5000.50',
      422,
      [{ path: field, message: 'Enter a valid amount' }],
    );
  }
}

/** How one kind of money movement words its limit refusals. */
export interface LimitWording {
  /** Refusal while the tier allows none of it (no verified BVN yet). */
  notAllowed: { code: string; message: string };
  /** "deposit", "withdrawal": the noun of "The smallest … is ₦100.00". */
  noun: string;
  /** The refusal above the per-transaction maximum, given the maximum in naira and the tier. */
  aboveMaximum: (maximum: string, tier: number) => string;
}

/**
 * The per-transaction rules every money movement shares: the tier must allow it, and the amount
 * must lie between the minimum and the tier's maximum. Refusals are 422s naming `amount`.
 */
export function checkPerTransactionLimits(
  amountMinor: bigint,
  limits: Pick<TierLimits, 'minimumMinor' | 'perTransactionMinor'>,
  tier: number,
  wording: LimitWording,
): void {
  if (tier === 0 || limits.perTransactionMinor === 0n) {
    throw new AppError(wording.notAllowed.code, wording.notAllowed.message, 422);
  }
  if (amountMinor < limits.minimumMinor) {
    throw new AppError(
      'amount_below_minimum',
      `The smallest ${wording.noun} is ${naira(limits.minimumMinor)}`,
      422,
      [{ path: 'amount', message: `Enter at least ${naira(limits.minimumMinor)}` }],
    );
  }
  if (limits.perTransactionMinor !== null && amountMinor > limits.perTransactionMinor) {
    throw new AppError(
      'amount_above_limit',
      wording.aboveMaximum(naira(limits.perTransactionMinor), tier),
      422,
      [{ path: 'amount', message: `Enter at most ${naira(limits.perTransactionMinor)}` }],
    );
  }
}
