import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { openWallet, systemAccount, transfer } from '../../src/money/ledger/ledger.service.ts';
import { rows, type Database } from '../../src/platform/db.ts';

/** A user with an NGN wallet funded from the sandbox funding account. */
export async function createFundedWallet(database: Database, amountMinor: bigint, at: Date) {
  return database.unitOfWork(async (tx) => {
    const suffix = randomUUID().slice(0, 8);
    const [user] = await rows<{ id: string }>(
      tx,
      sql`insert into users (email, password_hash, first_name, last_name, phone, referral_code)
          values (${`saver-${suffix}@ajo.test`}, 'not-a-real-hash', 'Test', 'Saver',
                  '8030000000', ${`REF${suffix}`}) returning id`,
    );
    if (!user) throw new Error('user not created');
    const wallet = await openWallet(tx, user.id, 'NGN');
    const funding = await systemAccount(tx, 'sandbox_funding', 'NGN');
    const settlement = await systemAccount(tx, 'provider_settlement', 'NGN');
    if (amountMinor > 0n) {
      await transfer(tx, {
        idempotencyKey: `fixture:fund:${wallet.id}`,
        kind: 'sandbox_funding',
        description: 'Test funding',
        currency: 'NGN',
        fromAccountId: funding.id,
        toAccountId: wallet.id,
        amountMinor,
        at,
      });
    }
    return {
      userId: user.id,
      walletId: wallet.id,
      settlementId: settlement.id,
      fundingId: funding.id,
    };
  });
}
