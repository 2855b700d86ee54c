import { sql } from 'drizzle-orm';
import type { OpsOverview } from '@ajo/contracts/ops-customers';
import type { Clock } from '../../platform/clock.ts';
import { rows, type Database } from '../../platform/db.ts';
import { FLAGGED_SUBJECT } from './flagged.service.ts';
import { reversalsService } from './reversals.service.ts';
import { STUCK_AFTER_MS } from './stuck.service.ts';

/**
 * The Overview's counts, with no personal data: each a count over an index, counted as the
 * screen it links to counts (flagged transactions without a decision, as the flagged screen; payments
 * pending past the stuck screen's 15 minutes; the reversals overdue on their CBN timelines, from the reversals screen's own list).
 */
export function overviewService(deps: { database: Database; clock: Clock }) {
  const { database, clock } = deps;
  const reversals = reversalsService({ database, clock });
  return {
    async counts(): Promise<OpsOverview> {
      const now = clock.now().getTime();
      const stuckBefore = new Date(now - STUCK_AFTER_MS).toISOString();
      const [found] = await rows<Omit<OpsOverview, 'reversals_overdue'>>(
        database.db,
        sql`select
              (select count(*)::int from identity_verifications where status = 'IN_REVIEW')
                as kyc_in_review,
              (select count(*)::int from transactions t
                where t.review_reason is not null
                  and not exists (select 1 from review_decisions d
                                   where d.subject_type = ${FLAGGED_SUBJECT}
                                     and d.subject_id = t.id::text))
                as flagged_deposits,
              (select count(*)::int from provider_movements
                where status in ('held', 'submitted') and created_at < ${stuckBefore})
                as stuck_payments,
              (select count(*)::int from money_corrections where status = 'proposed')
                as corrections_waiting,
              (select count(*)::int from product_changes where status = 'scheduled')
                as product_changes_scheduled`,
      );
      return {
        kyc_in_review: found?.kyc_in_review ?? 0,
        flagged_deposits: found?.flagged_deposits ?? 0,
        stuck_payments: found?.stuck_payments ?? 0,
        corrections_waiting: found?.corrections_waiting ?? 0,
        reversals_overdue: (await reversals.list('open')).overdue_count,
        product_changes_scheduled: found?.product_changes_scheduled ?? 0,
      };
    },
  };
}
