import { sql } from 'drizzle-orm';
import { rows, type Executor } from '../../platform/db.ts';

export interface LedgerProblem {
  kind:
    | 'balance_mismatch'
    | 'held_mismatch'
    | 'unbalanced_entry'
    | 'negative_available'
    | 'currency_mismatch';
  subject: string;
  detail: string;
}

/**
 * Recomputes every stored balance (user accounts; system accounts store none, decision 0016) from
 * the postings and every held amount from the pending holds, and checks that each entry balances
 * per currency. Answers the differences found.
 */
export async function checkLedger(executor: Executor): Promise<LedgerProblem[]> {
  const balances = await rows<{ code: string; stored: string; computed: string }>(
    executor,
    sql`select a.code, a.balance_minor::text as stored, coalesce(p.total, 0)::text as computed
          from ledger_accounts a
          left join (select account_id, sum(amount_minor) as total from postings
                      group by account_id) p on p.account_id = a.id
         where case when a.allow_negative then a.balance_minor <> 0
                    else a.balance_minor <> coalesce(p.total, 0) end`,
  );
  const held = await rows<{ code: string; stored: string; computed: string }>(
    executor,
    sql`select a.code, a.held_minor::text as stored, coalesce(h.total, 0)::text as computed
          from ledger_accounts a
          left join (select account_id, sum(amount_minor) as total from ledger_holds
                      where status = 'pending' group by account_id) h on h.account_id = a.id
         where a.held_minor <> coalesce(h.total, 0)`,
  );
  const unbalanced = await rows<{ entry_id: string; currency: string; total: string }>(
    executor,
    sql`select entry_id, currency, sum(amount_minor)::text as total from postings
         group by entry_id, currency having sum(amount_minor) <> 0`,
  );
  const negative = await rows<{ code: string; available: string }>(
    executor,
    sql`select code, (balance_minor - held_minor)::text as available from ledger_accounts
         where not allow_negative and balance_minor - held_minor < 0`,
  );
  const currency = await rows<{ id: string }>(
    executor,
    sql`select p.id::text as id from postings p join ledger_accounts a on a.id = p.account_id
         where p.currency <> a.currency`,
  );
  return [
    ...balances.map((row) => ({
      kind: 'balance_mismatch' as const,
      subject: row.code,
      detail: `stored ${row.stored}, postings sum to ${row.computed}`,
    })),
    ...held.map((row) => ({
      kind: 'held_mismatch' as const,
      subject: row.code,
      detail: `stored ${row.stored}, pending holds sum to ${row.computed}`,
    })),
    ...unbalanced.map((row) => ({
      kind: 'unbalanced_entry' as const,
      subject: row.entry_id,
      detail: `${row.currency} postings sum to ${row.total}`,
    })),
    ...negative.map((row) => ({
      kind: 'negative_available' as const,
      subject: row.code,
      detail: `available ${row.available}`,
    })),
    ...currency.map((row) => ({
      kind: 'currency_mismatch' as const,
      subject: `posting ${row.id}`,
      detail: 'posting currency differs from its account',
    })),
  ];
}
