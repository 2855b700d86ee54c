import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../platform/db.ts';

/** What replaces a person's name, email or number in the books they leave behind. */
export const ERASED_TEXT = '[erased]';

/**
 * A PostgreSQL pattern matching any of `terms` where it stands alone (not inside a longer word or
 * number), longest first, regex characters escaped; used case-insensitively.
 */
export function erasurePattern(terms: readonly string[]): string | undefined {
  const words = [...new Set(terms.map((term) => term.trim()).filter((term) => term.length >= 2))]
    .sort((left, right) => right.length - left.length)
    .map((term) => term.replace(/[\\^$.*+?()[\]{}|-]/g, '\\$&'));
  return words.length === 0 ? undefined : `(?<![[:alnum:]_])(${words.join('|')})(?![[:alnum:]_])`;
}

const scrubText = (column: SQL, pattern: string) =>
  sql`regexp_replace(${column}, ${pattern}, ${ERASED_TEXT}, 'gi')`;
const scrubJson = (column: SQL, pattern: string) =>
  sql`regexp_replace(${column}::text, ${pattern}, ${ERASED_TEXT}, 'gi')::jsonb`;

/**
 * Pseudonymises a closed account's activity (NDPA 2023, decision 0027): the rows, amounts and
 * references stay for the legal retention period, but every mention of the person's names,
 * email, phone or BVN in their descriptions, metadata and payout destinations is replaced.
 * The ledger itself (entries, postings, accounts) names nobody, so it is not touched.
 */
export async function pseudonymiseActivity(
  executor: Executor,
  userId: string,
  terms: readonly string[],
) {
  const pattern = erasurePattern(terms);
  if (!pattern) return;
  await executor.execute(sql`update transactions
       set description = ${scrubText(sql`description`, pattern)},
           metadata = ${scrubJson(sql`metadata`, pattern)},
           client_reference = ${scrubText(sql`client_reference`, pattern)},
           review_reason = ${scrubText(sql`review_reason`, pattern)}
     where user_id = ${userId}
       and (description ~* ${pattern} or metadata::text ~* ${pattern}
            or client_reference ~* ${pattern} or review_reason ~* ${pattern})`);
  await executor.execute(sql`update provider_movements
       set destination = ${scrubJson(sql`destination`, pattern)}
     where user_id = ${userId} and destination::text ~* ${pattern}`);
}
