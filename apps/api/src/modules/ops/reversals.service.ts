import { sql } from 'drizzle-orm';
import type { Reversal } from '@ajo/contracts/ops-money';
import type { Currency } from '@ajo/money/currency';
import { formatMinorAsDecimal } from '@ajo/money/format';
import type { Clock } from '../../platform/clock.ts';
import { rows, type Database } from '../../platform/db.ts';
import { isoTimestamp } from '../../platform/timestamps.ts';

/**
 * CBN's timelines for putting the money of a failed electronic transaction back (DOMAIN.md):
 * 24 hours on the institution's own channel, 48 hours for web, 72 hours for POS and disputes.
 * How Ajo's money-out maps onto them:
 *
 * - `withdrawal` (a bank payout we send) and `bill_*` (a biller paid from the wallet): our own
 *   channel, 24 hours.
 * - card purchases (the virtual dollar card, used online): web, 48 hours.
 * - POS and disputes: 72 hours. Ajo has no POS terminal and no dispute flow yet; the rule is kept
 *   so a product that adds one only names it here.
 *
 * The clock starts when the customer's money left (the movement was placed). Money is back when
 * the hold was released (a failure before the provider paid), when the reversal entry was posted
 * (the provider sent it back after paying) or when a reversed card payment's hold was released.
 * A movement still pending has not given it back yet: past its deadline, it is overdue.
 */
export const reversalDeadlines = { own_channel: 24, web: 48, pos: 72 } as const;
export type ReversalRule = keyof typeof reversalDeadlines;

export function reversalRuleOf(product: string): ReversalRule {
  if (product === 'withdrawal' || product.startsWith('bill_')) return 'own_channel';
  if (product === 'card') return 'web';
  return 'pos';
}

/** Settled movements stay on the screen this long after they started (the rest are history). */
const SHOWN_FOR_MS = 7 * 24 * 60 * 60_000;

interface ReversalRow {
  product: string;
  reference: string;
  user_id: string;
  currency: Currency;
  amount_minor: string;
  status: 'pending' | 'failed' | 'reversed';
  started_at: string | Date;
  money_back_at: string | Date | null;
}

export function reversalsService(deps: { database: Database; clock: Clock }) {
  const { database, clock } = deps;

  async function list(show: 'open' | 'all') {
    const now = clock.now();
    const since = new Date(now.getTime() - SHOWN_FOR_MS).toISOString();
    const found = await rows<ReversalRow>(
      database.db,
      sql`select * from (
            select m.product, m.reference, m.user_id, m.currency,
                   (m.amount_minor + m.fee_minor)::text as amount_minor,
                   case when m.status in ('held', 'submitted') then 'pending' else m.status end
                     as status,
                   m.created_at as started_at,
                   case when m.status in ('failed', 'reversed') and h.status = 'voided'
                          then h.resolved_at
                        when m.status = 'reversed' then r.created_at end as money_back_at
              from provider_movements m
              join ledger_holds h on h.id = m.hold_id
              left join journal_entries r
                     on r.idempotency_key = m.product || '-reversal:' || m.reference
             where m.status in ('held', 'submitted')
                or (m.status in ('failed', 'reversed') and m.created_at >= ${since})
            union all
            select 'card', c.reference, c.user_id, 'USD', abs(c.amount_minor)::text, 'reversed',
                   c.created_at, case when h.status = 'voided' then h.resolved_at end
              from card_transactions c
              left join ledger_holds h on h.id = c.hold_id
             where c.type = 'purchase' and c.status = 'reversed' and c.created_at >= ${since}
          ) movements
          order by started_at limit 500`,
    );
    const items: Reversal[] = found.flatMap((row) => {
      const moneyBack = row.money_back_at !== null;
      if (show === 'open' && moneyBack) return [];
      const rule = reversalRuleOf(row.product);
      const hours = reversalDeadlines[rule];
      const started = new Date(row.started_at);
      const deadline = new Date(started.getTime() + hours * 60 * 60_000);
      const minutesLeft = Math.floor((deadline.getTime() - now.getTime()) / 60_000);
      return [
        {
          product: row.product,
          reference: row.reference,
          user_id: row.user_id,
          currency: row.currency,
          amount: formatMinorAsDecimal(BigInt(row.amount_minor)),
          status: row.status,
          rule,
          deadline_hours: hours,
          started_at: isoTimestamp(row.started_at),
          deadline_at: deadline.toISOString(),
          minutes_left: minutesLeft,
          overdue: !moneyBack && deadline.getTime() < now.getTime(),
          money_back: moneyBack,
          money_back_at: row.money_back_at === null ? null : isoTimestamp(row.money_back_at),
        },
      ];
    });
    items.sort(
      (a, b) =>
        Number(b.overdue) - Number(a.overdue) ||
        Number(a.money_back) - Number(b.money_back) ||
        a.deadline_at.localeCompare(b.deadline_at),
    );
    return { items, overdue_count: items.filter((item) => item.overdue).length };
  }

  return { list };
}
