import { sql } from 'drizzle-orm';
import { rows, type Executor } from '../../platform/db.ts';

export interface LedgerProblem {
  kind:
    | 'balance_mismatch'
    | 'held_mismatch'
    | 'unbalanced_entry'
    | 'negative_available'
    | 'currency_mismatch'
    | 'subledger_mismatch';
  subject: string;
  detail: string;
}

/**
 * Recomputes every stored balance (user accounts; system accounts store none, decision 0016) from
 * the postings and every held amount from the pending holds, and checks that each entry balances
 * per currency, and that the savings plans agree with the ledger (interest booked per plan against
 * the accrued-interest account, each plan's account against its balance), and that each on-hold
 * account holds what its user's credits still have on hold. Answers the differences.
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
  // Savings: accrued interest owed equals what the active plans have booked, and each plan's
  // account holds its balance while it runs and nothing once paid.
  const accrued = await rows<{ currency: string; ledger: string; plans: string }>(
    executor,
    sql`select c.currency, coalesce(l.total, 0)::text as ledger, coalesce(p.total, 0)::text as plans
          from (values ('NGN'), ('USD')) c(currency)
          left join (select a.currency, sum(po.amount_minor) as total from postings po
                       join ledger_accounts a on a.id = po.account_id
                      where a.code like 'system:accrued_interest:%' group by a.currency) l
                 on l.currency = c.currency
          left join (select currency, sum(accrued_minor) as total from savings_plans
                      where status = 'active' group by currency) p on p.currency = c.currency
         where coalesce(l.total, 0) <> coalesce(p.total, 0)`,
  );
  const plans = await rows<{ reference: string; balance: string; expected: string }>(
    executor,
    sql`select p.reference, a.balance_minor::text as balance,
               (case when p.status = 'active' then p.balance_minor else 0 end)::text as expected
          from savings_plans p join ledger_accounts a on a.id = p.ledger_account_id
         where a.balance_minor <> case when p.status = 'active' then p.balance_minor else 0 end`,
  );
  // Money on hold: each user's on-hold account holds what their credits say is still held.
  const onHold = await rows<{ code: string; balance: string; credits: string }>(
    executor,
    sql`select coalesce(a.code, 'user:' || c.user_id || ':on_hold:' || c.currency) as code,
               coalesce(a.balance_minor, 0)::text as balance, coalesce(c.total, 0)::text as credits
          from (select * from ledger_accounts where kind = 'user_on_hold') a
          full join (select user_id, currency, sum(on_hold_minor - on_hold_released_minor) as total
                       from transactions where on_hold_released_minor < on_hold_minor
                      group by user_id, currency) c
            on c.user_id = a.owner_user_id and c.currency = a.currency
         where coalesce(a.balance_minor, 0) <> coalesce(c.total, 0)`,
  );
  return [
    ...onHold.map((row) => ({
      kind: 'subledger_mismatch' as const,
      subject: row.code,
      detail: `account holds ${row.balance}, the credits say ${row.credits} is still on hold`,
    })),
    ...accrued.map((row) => ({
      kind: 'subledger_mismatch' as const,
      subject: `accrued interest ${row.currency}`,
      detail: `ledger ${row.ledger}, active plans have booked ${row.plans}`,
    })),
    ...plans.map((row) => ({
      kind: 'subledger_mismatch' as const,
      subject: `savings plan ${row.reference}`,
      detail: `account holds ${row.balance}, the plan says ${row.expected}`,
    })),
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
