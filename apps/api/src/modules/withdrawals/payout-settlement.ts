import { sql } from 'drizzle-orm';
import { businessDate, type Clock } from '../../platform/clock.ts';
import type { Database, Tx } from '../../platform/db.ts';
import {
  openWallet,
  postEntry,
  postHold,
  systemAccount,
  transfer,
  voidHold,
} from '../../money/ledger/ledger.service.ts';
import { insertNotification } from '../auth/auth.repository.ts';
import { naira } from '../wallets/limits.ts';
import { findPayout, releaseDailyWithdrawal, type PayoutRow } from './withdrawals.repository.ts';

export type PayoutOutcome = 'success' | 'failed' | 'reversed';

/**
 * A final answer from the vendor, applied exactly once under the payout's row lock: success posts
 * the hold (fee to revenue), failed releases it, reversed releases it or, after a success, pays it
 * back. A withdrawal that failed or came back stops counting towards its day's limit.
 */
export function payoutSettlement(database: Database, clock: Clock) {
  return async function settle(reference: string, outcome: PayoutOutcome): Promise<void> {
    const now = clock.now();
    await database.unitOfWork(async (tx) => {
      const payout = await findPayout(tx, reference, true);
      if (!payout) return;
      const final =
        payout.status === 'success' || payout.status === 'failed' || payout.status === 'reversed';
      if (final && !(payout.status === 'success' && outcome === 'reversed')) return;
      // The money is back: the withdrawal stops counting towards its day's limit (the user's row
      // first, then the wallet's, as a batch of withdrawals locks them).
      if (outcome !== 'success') {
        await releaseDailyWithdrawal(tx, payout, businessDate(new Date(payout.created_at)));
      }
      let status: 'successful' | 'failed' | 'reversed';
      if (outcome === 'success') {
        await payOut(tx, payout, now);
        status = 'successful';
      } else if (payout.status === 'success') {
        await payBack(tx, payout, now);
        status = 'reversed';
      } else {
        await voidHold(tx, payout.hold_id, now);
        status = outcome === 'reversed' ? 'reversed' : 'failed';
      }
      await tx.execute(sql`update payouts set status = ${outcome}, settled_at = ${now.toISOString()},
          updated_at = ${now.toISOString()} where id = ${payout.id}`);
      await tx.execute(sql`update transactions set status = ${status},
          updated_at = ${now.toISOString()} where id = ${payout.transaction_id}`);
      await insertNotification(tx, { userId: payout.user_id, ...notice(payout, status), now });
    });
  };
}

/** The bank paid: the hold goes to provider settlement and the fee on to revenue. */
async function payOut(tx: Tx, payout: PayoutRow, now: Date) {
  const settlement = await systemAccount(tx, 'provider_settlement', 'NGN');
  await postHold(tx, {
    holdId: payout.hold_id,
    toAccountId: settlement.id,
    kind: 'withdrawal',
    description: `Withdrawal ${payout.reference}`,
    at: now,
  });
  const feeMinor = BigInt(payout.fee_minor);
  if (feeMinor > 0n) {
    const fees = await systemAccount(tx, 'fees_revenue', 'NGN');
    await transfer(tx, {
      idempotencyKey: `withdraw-fee:${payout.reference}`,
      kind: 'withdrawal_fee',
      description: `Withdrawal fee ${payout.reference}`,
      currency: 'NGN',
      fromAccountId: settlement.id,
      toAccountId: fees.id,
      amountMinor: feeMinor,
      at: now,
    });
  }
}

/**
 * The bank sent it back after paying: the amount and the fee return to the wallet. The bank
 * returns the amount (settlement); the fee was ours, so revenue gives it back.
 */
async function payBack(tx: Tx, payout: PayoutRow, now: Date) {
  const amountMinor = BigInt(payout.amount_minor);
  const feeMinor = BigInt(payout.fee_minor);
  const settlement = await systemAccount(tx, 'provider_settlement', 'NGN');
  const wallet = await openWallet(tx, payout.user_id, 'NGN');
  const fees = await systemAccount(tx, 'fees_revenue', 'NGN');
  await postEntry(tx, {
    idempotencyKey: `withdraw-reversal:${payout.reference}`,
    kind: 'withdrawal_reversal',
    description: `Withdrawal ${payout.reference} reversed`,
    currency: 'NGN',
    postings: [
      { accountId: settlement.id, amountMinor: -amountMinor },
      ...(feeMinor > 0n ? [{ accountId: fees.id, amountMinor: -feeMinor }] : []),
      { accountId: wallet.id, amountMinor: amountMinor + feeMinor },
    ],
    at: now,
  });
}

function notice(payout: PayoutRow, status: 'successful' | 'failed' | 'reversed') {
  const amount = naira(BigInt(payout.amount_minor));
  const destination = `${payout.bank_name} ${payout.account_number}`;
  if (status === 'successful') {
    return { title: 'Withdrawal successful', body: `${amount} was sent to ${destination}.` };
  }
  if (status === 'failed') {
    return {
      title: 'Withdrawal failed',
      body: `Your withdrawal of ${amount} to ${destination} failed. The money is back in your wallet.`,
    };
  }
  return {
    title: 'Withdrawal reversed',
    body: `Your withdrawal of ${amount} to ${destination} was reversed by the bank. The money is back in your wallet.`,
  };
}
