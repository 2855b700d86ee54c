import { sql } from 'drizzle-orm';
import type { AccountLevel, TierLimits } from '@ajo/contracts/accounts';
import { maskBvn } from '@ajo/contracts/verification';
import { formatMinorAsDecimal } from '@ajo/money/format';
import { rows, type Database, type Executor } from '../../platform/db.ts';
import type { FieldCrypto } from '../../platform/field-crypto.ts';
import { unauthenticated } from '../../platform/sessions.ts';
import { findBvnRecord } from '../virtual-accounts/virtual-accounts.service.ts';
import { limitsFor } from '../../money/limits.ts';

/** The highest KYC tier (DOMAIN.md): proof of address, no deposit or balance cap. */
const HIGHEST_TIER = 3;

const limitText = (amountMinor: bigint | null) =>
  amountMinor === null ? null : formatMinorAsDecimal(amountMinor);

/**
 * What one tier allows, read from the `transaction_limits` configuration the money paths enforce,
 * so the figures shown are the figures applied.
 */
async function tierLimits(executor: Executor, tier: number): Promise<TierLimits> {
  const deposit = await limitsFor(executor, 'deposit', tier);
  const withdrawal = await limitsFor(executor, 'withdraw', tier);
  return {
    tier,
    single_deposit_max: limitText(deposit.perTransactionMinor),
    balance_max: limitText(deposit.balanceMaxMinor),
    withdrawal_per_transaction_max: limitText(withdrawal.perTransactionMinor),
    withdrawal_daily_max: limitText(withdrawal.dailyMinor),
  };
}

/**
 * The signed-in user's tier, its limits and the next tier's, and the verified BVN masked as the
 * spec masks it: enough for a client to show the account level and prefill the verification form
 * without ever holding the whole BVN.
 */
export async function readAccountLevel(
  database: Database,
  crypto: FieldCrypto,
  userId: string,
): Promise<AccountLevel> {
  const [user] = await rows<{ tier: number; status: string }>(
    database.db,
    sql`select tier, status from users where id = ${userId}`,
  );
  if (!user) throw unauthenticated();
  const tier = Math.min(Math.max(user.tier, 0), HIGHEST_TIER);
  const record = await findBvnRecord(database.db, userId);
  return {
    tier,
    status: user.status,
    bvn: record ? maskBvn(crypto.decrypt(record.bvn_ciphertext).toString('utf8')) : null,
    limits: await tierLimits(database.db, tier),
    next_tier: tier < HIGHEST_TIER ? await tierLimits(database.db, tier + 1) : null,
  };
}
