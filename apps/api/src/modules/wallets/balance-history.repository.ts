import { sql } from 'drizzle-orm';
import { walletAccountCode } from '../../money/ledger/account-codes.ts';
import { rows, type Executor } from '../../platform/db.ts';

export interface WalletMovements {
  /** The wallet's balance now, in kobo; 0 for a user whose wallet was never opened. */
  balanceNowMinor: bigint;
  /** What moved on each business day (Africa/Lagos) from `firstDay` on, in kobo. */
  movedByDayMinor: Map<string, bigint>;
}

/**
 * Reads only: the user's own naira wallet (found by its code, which names the owner) and the sum
 * of its postings per business day since `firstDay`. One statement, so the balance and the
 * movements come from the same snapshot.
 */
export async function findWalletMovements(
  executor: Executor,
  userId: string,
  firstDay: string,
): Promise<WalletMovements> {
  const found = await rows<{
    balance_minor: string;
    day: string | null;
    moved_minor: string | null;
  }>(
    executor,
    sql`with wallet as (
          select id, balance_minor from ledger_accounts
           where code = ${walletAccountCode(userId, 'NGN')} and owner_user_id = ${userId})
        select wallet.balance_minor::text as balance_minor, moves.day, moves.moved_minor
          from wallet
          left join lateral (
            select to_char((p.created_at at time zone 'Africa/Lagos')::date, 'YYYY-MM-DD') as day,
                   sum(p.amount_minor)::text as moved_minor
              from postings p
             where p.account_id = wallet.id
               and p.created_at >= (${firstDay}::date::timestamp at time zone 'Africa/Lagos')
             group by 1) moves on true`,
  );
  const movedByDayMinor = new Map<string, bigint>();
  for (const row of found) {
    if (row.day !== null && row.moved_minor !== null) {
      movedByDayMinor.set(row.day, BigInt(row.moved_minor));
    }
  }
  return { balanceNowMinor: BigInt(found[0]?.balance_minor ?? '0'), movedByDayMinor };
}
