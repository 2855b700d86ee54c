import { sql, type SQL } from 'drizzle-orm';
import type {
  LedgerCheckReport,
  ReconciliationLine,
  ReconciliationMismatch,
  ReconciliationReport,
} from '@ajo/contracts/ops-customers';
import { formatMinorAsDecimal } from '@ajo/money/format';
import type { Providers } from '../../app-context.ts';
import { checkLedger } from '../../money/ledger/ledger-check.ts';
import { addDays, businessDate, lagosMidnight, type Clock } from '../../platform/clock.ts';
import { rows, type Database, type Executor } from '../../platform/db.ts';
import { isoTimestamp } from '../../platform/timestamps.ts';
import { billRequestId } from '../../providers/bills/bills.port.ts';
import { recordAudit } from './audit.ts';

interface Actor {
  operatorId: string;
  ipAddress: string;
}

/** One movement on one side of a reconciliation, by the reference both sides know it by. */
interface Side {
  amountMinor: bigint;
  status: string;
  /** Whether this side counts it as done (settled successfully). */
  done: boolean;
}

const money = (minor: bigint) => formatMinorAsDecimal(minor);

const sum = (sides: Iterable<Side>) => {
  let total = 0n;
  let count = 0;
  for (const side of sides) {
    total += side.amountMinor;
    count += 1;
  }
  return { count, total: money(total) };
};

const inList = (values: readonly string[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

/**
 * Compares the day's successful movements on our side and the provider's, by reference. A
 * movement one side settled on a neighbouring day is looked up on the other side (`lookupOurs`,
 * `lookupTheirs`), so a payment around midnight is no mismatch; one the other side never had,
 * or had with another amount or outcome, is.
 */
async function compare(
  ours: Map<string, Side>,
  theirs: Map<string, Side>,
  lookupOurs: (references: string[]) => Promise<Map<string, Side>>,
  lookupTheirs: (references: string[]) => Promise<Map<string, Side>>,
): Promise<ReconciliationMismatch[]> {
  // Each side's rows the other has in the window and it has outside it (a day boundary).
  const lookup = (
    references: string[],
    find: (references: string[]) => Promise<Map<string, Side>>,
  ) => (references.length === 0 ? new Map<string, Side>() : find(references));
  const ourExtra = await lookup(
    [...theirs.keys()].filter((reference) => !ours.has(reference)),
    lookupOurs,
  );
  const theirExtra = await lookup(
    [...ours.keys()].filter((reference) => !theirs.has(reference)),
    lookupTheirs,
  );
  const view = (side: Side | undefined) =>
    side ? { amount: money(side.amountMinor), status: side.status } : null;
  const mismatches: ReconciliationMismatch[] = [];
  const references = new Set([...ours.keys(), ...theirs.keys()]);
  for (const reference of [...references].sort()) {
    const our = ours.get(reference) ?? ourExtra.get(reference);
    const their = theirs.get(reference) ?? theirExtra.get(reference);
    let kind: ReconciliationMismatch['kind'] | undefined;
    if (!their) kind = 'ours_only';
    else if (!our) kind = 'theirs_only';
    else if (our.done !== their.done) kind = 'status_differs';
    else if (our.amountMinor !== their.amountMinor) kind = 'amount_differs';
    if (kind) mismatches.push({ reference, kind, ours: view(our), theirs: view(their) });
  }
  return mismatches;
}

const sides = (
  found: { reference: string; amount_minor: string; status: string }[],
  done: string,
) =>
  new Map(
    found.map((row) => [
      row.reference,
      { amountMinor: BigInt(row.amount_minor), status: row.status, done: row.status === done },
    ]),
  );

/** A line's figures before the provider's side: what it is and what we hold. */
type LineHead = Omit<
  ReconciliationLine,
  'theirs' | 'report_available' | 'note' | 'matched' | 'mismatches'
>;

/** A line whose provider's report is not imported: our side only, nothing to compare. */
const ourSideOnly = (line: LineHead, report: string): ReconciliationLine => ({
  ...line,
  theirs: null,
  report_available: false,
  note: `Provider report not available: ${report} is not imported, so only our side is shown.`,
  matched: true,
  mismatches: [],
});

/** A line compared with the provider's books: matched when no reference differs. */
const comparedLine = (
  line: LineHead,
  theirs: Map<string, Side>,
  mismatches: ReconciliationMismatch[],
  note: string,
): ReconciliationLine => ({
  ...line,
  theirs: sum(theirs.values()),
  report_available: true,
  note,
  matched: mismatches.length === 0,
  mismatches,
});

export interface LedgerReportsService {
  check(actor: Actor): Promise<LedgerCheckReport>;
  reconcile(date: string | undefined, actor: Actor): Promise<ReconciliationReport>;
}

/** The ledger check and the daily reconciliation against the providers' own records. */
export function ledgerReportsService(deps: {
  database: Database;
  clock: Clock;
  providers: Providers;
}): LedgerReportsService {
  const { database, clock, providers } = deps;

  /** Our count of pending and flagged movements of one kind placed that day. */
  async function waiting(
    executor: Executor,
    kind: SQL,
    window: { from: Date; to: Date },
  ): Promise<{ pending: number; flagged: number }> {
    const [found] = await rows<{ pending: number; flagged: number }>(
      executor,
      sql`select count(*) filter (where status = 'pending')::int as pending,
                 count(*) filter (where review_reason is not null)::int as flagged
            from transactions
           where ${kind} and created_at >= ${window.from.toISOString()}
             and created_at < ${window.to.toISOString()}`,
    );
    return { pending: found?.pending ?? 0, flagged: found?.flagged ?? 0 };
  }

  async function deposits(
    executor: Executor,
    window: { from: Date; to: Date },
  ): Promise<ReconciliationLine> {
    const slug = providers.payments.slug;
    const ourRows = (filter: SQL) =>
      rows<{ reference: string; amount_minor: string; status: string }>(
        executor,
        sql`select provider_reference as reference,
                   (amount_minor + fee_minor)::text as amount_minor, status
              from transactions
             where type = 'deposit' and provider = ${slug} and currency = 'NGN'
               and provider_reference is not null and ${filter}`,
      );
    const ours = sides(
      await ourRows(
        sql`status = 'successful' and created_at >= ${window.from.toISOString()}
              and created_at < ${window.to.toISOString()}`,
      ),
      'successful',
    );
    const line = {
      key: 'deposits',
      label: 'Money in: deposits and bank transfers',
      direction: 'in' as const,
      provider: slug,
      currency: 'NGN',
      ours: sum(ours.values()),
      ...(await waiting(executor, sql`type = 'deposit' and provider = ${slug}`, window)),
    };
    if (!providers.sandboxPayments) {
      return ourSideOnly(line, `${slug}'s settlement report`);
    }
    const theirRows = (filter: SQL) =>
      rows<{ reference: string; amount_minor: string; status: string }>(
        executor,
        sql`select reference, amount_minor::text, status from sandbox_payments
             where currency = 'NGN' and ${filter}`,
      );
    const theirs = sides(
      await theirRows(
        sql`status = 'success' and paid_at >= ${window.from.toISOString()}
              and paid_at < ${window.to.toISOString()}`,
      ),
      'success',
    );
    const mismatches = await compare(
      ours,
      theirs,
      async (references) =>
        sides(await ourRows(sql`provider_reference in (${inList(references)})`), 'successful'),
      async (references) =>
        sides(await theirRows(sql`reference in (${inList(references)})`), 'success'),
    );
    return comparedLine(
      line,
      theirs,
      mismatches,
      "The sandbox payments provider's own books stand for its settlement report.",
    );
  }

  /** Money handed to a provider through provider movements (payouts, bills). */
  async function movementRows(executor: Executor, products: SQL, provider: string, filter: SQL) {
    return rows<{
      reference: string;
      amount_minor: string;
      status: string;
      created_at: Date | string;
    }>(
      executor,
      sql`select reference, amount_minor::text, status, created_at from provider_movements
           where ${products} and provider = ${provider} and ${filter}`,
    );
  }

  async function movementsWaiting(
    executor: Executor,
    products: SQL,
    window: { from: Date; to: Date },
  ) {
    const [found] = await rows<{ pending: number; flagged: number }>(
      executor,
      sql`select count(*) filter (where m.status in ('held', 'submitted'))::int as pending,
                 count(*) filter (where t.review_reason is not null)::int as flagged
            from provider_movements m join transactions t on t.id = m.transaction_id
           where ${products} and m.created_at >= ${window.from.toISOString()}
             and m.created_at < ${window.to.toISOString()}`,
    );
    return { pending: found?.pending ?? 0, flagged: found?.flagged ?? 0 };
  }

  const settledIn = (window: { from: Date; to: Date }) =>
    sql`status = 'success' and settled_at >= ${window.from.toISOString()}
          and settled_at < ${window.to.toISOString()}`;

  async function payouts(
    executor: Executor,
    window: { from: Date; to: Date },
  ): Promise<ReconciliationLine> {
    const slug = providers.payouts.slug;
    const products = sql`product = 'withdrawal'`;
    const ours = sides(await movementRows(executor, products, slug, settledIn(window)), 'success');
    const line = {
      key: 'payouts',
      label: 'Money out: withdrawals to banks',
      direction: 'out' as const,
      provider: slug,
      currency: 'NGN',
      ours: sum(ours.values()),
      ...(await movementsWaiting(executor, sql`m.product = 'withdrawal'`, window)),
    };
    if (!providers.sandboxPayouts) {
      return ourSideOnly(line, `${slug}'s transfer report`);
    }
    const theirRows = (filter: SQL) =>
      rows<{ reference: string; amount_minor: string; status: string }>(
        executor,
        sql`select reference, amount_minor::text, status from sandbox_payouts where ${filter}`,
      );
    const theirs = sides(await theirRows(settledIn(window)), 'success');
    const mismatches = await compare(
      ours,
      theirs,
      async (references) =>
        sides(
          await movementRows(executor, products, slug, sql`reference in (${inList(references)})`),
          'success',
        ),
      async (references) =>
        sides(await theirRows(sql`reference in (${inList(references)})`), 'success'),
    );
    return comparedLine(
      line,
      theirs,
      mismatches,
      "The sandbox bank's own books stand for its transfer report.",
    );
  }

  async function bills(
    executor: Executor,
    window: { from: Date; to: Date },
  ): Promise<ReconciliationLine> {
    const slug = providers.bills.slug;
    const products = sql`product like 'bill\\_%'`;
    // The biller knows a purchase by its request id, derived from our reference and the time
    // the movement was placed; both sides are keyed by that id here.
    const byRequestId = (
      found: {
        reference: string;
        amount_minor: string;
        status: string;
        created_at: Date | string;
      }[],
    ) =>
      sides(
        found.map((row) => ({
          ...row,
          reference: billRequestId(row.reference, new Date(row.created_at)),
        })),
        'success',
      );
    const ours = byRequestId(await movementRows(executor, products, slug, settledIn(window)));
    const line = {
      key: 'bills',
      label: 'Money out: bill payments',
      direction: 'out' as const,
      provider: slug,
      currency: 'NGN',
      ours: sum(ours.values()),
      ...(await movementsWaiting(executor, sql`m.product like 'bill\\_%'`, window)),
    };
    if (slug !== 'sandbox') {
      return ourSideOnly(line, `${slug}'s purchase report`);
    }
    const theirRows = (filter: SQL) =>
      rows<{ reference: string; amount_minor: string; status: string }>(
        executor,
        sql`select request_id as reference, amount_minor::text, status
              from sandbox_bill_payments where ${filter}`,
      );
    const theirs = sides(
      await theirRows(
        sql`status = 'delivered' and updated_at >= ${window.from.toISOString()}
              and updated_at < ${window.to.toISOString()}`,
      ),
      'delivered',
    );
    // Request ids start with the Lagos minute the movement was placed: ours around the day.
    const around = sql`created_at >= ${new Date(window.from.getTime() - 2 * 86_400_000).toISOString()}
          and created_at < ${new Date(window.to.getTime() + 86_400_000).toISOString()}`;
    const mismatches = await compare(
      ours,
      theirs,
      async (references) => {
        const nearby = byRequestId(await movementRows(executor, products, slug, around));
        return new Map([...nearby].filter(([reference]) => references.includes(reference)));
      },
      async (references) =>
        sides(await theirRows(sql`request_id in (${inList(references)})`), 'delivered'),
    );
    return comparedLine(
      line,
      theirs,
      mismatches,
      "The sandbox biller's own books stand for its purchase report.",
    );
  }

  async function cardLoads(
    executor: Executor,
    window: { from: Date; to: Date },
  ): Promise<ReconciliationLine> {
    const [found] = await rows<{ count: number; total: string }>(
      executor,
      sql`select count(*)::int as count, coalesce(sum(amount_minor), 0)::text as total
            from transactions
           where type = 'card' and direction = 'debit' and currency = 'NGN'
             and status = 'successful' and created_at >= ${window.from.toISOString()}
             and created_at < ${window.to.toISOString()}`,
    );
    return ourSideOnly(
      {
        key: 'card_loads',
        label: 'Money out: dollar card loads',
        direction: 'out',
        provider: providers.cards.slug,
        currency: 'NGN',
        ours: { count: found?.count ?? 0, total: money(BigInt(found?.total ?? 0)) },
        ...(await waiting(executor, sql`type = 'card' and direction = 'debit'`, window)),
      },
      "the card issuer's funding report",
    );
  }

  return {
    async check(actor) {
      return database.unitOfWork(async (tx) => {
        const problems = await checkLedger(tx);
        const [counts] = await rows<{
          accounts: number;
          entries: number;
          postings: number;
          pending_holds: number;
        }>(
          tx,
          sql`select (select count(*)::int from ledger_accounts) as accounts,
                     (select count(*)::int from journal_entries) as entries,
                     (select count(*)::int from postings) as postings,
                     (select count(*)::int from ledger_holds where status = 'pending')
                       as pending_holds`,
        );
        const now = clock.now();
        await recordAudit(tx, {
          operatorId: actor.operatorId,
          action: 'ledger.checked',
          subjectType: 'ledger',
          after: {
            ok: problems.length === 0,
            problems: problems.length,
            kinds: [...new Set(problems.map((problem) => problem.kind))],
          },
          ipAddress: actor.ipAddress,
          now,
        });
        return {
          ok: problems.length === 0,
          checked_at: now.toISOString(),
          counts: {
            accounts: counts?.accounts ?? 0,
            entries: counts?.entries ?? 0,
            postings: counts?.postings ?? 0,
            pending_holds: counts?.pending_holds ?? 0,
          },
          problems: problems.map((problem) => ({ ...problem })),
        };
      });
    },

    async reconcile(date, actor) {
      const day = date ?? businessDate(clock.now());
      const window = { from: lagosMidnight(day), to: lagosMidnight(addDays(day, 1)) };
      return database.unitOfWork(async (tx) => {
        const lines = [
          await deposits(tx, window),
          await payouts(tx, window),
          await bills(tx, window),
          await cardLoads(tx, window),
        ];
        const ok = lines.every((line) => line.matched);
        await recordAudit(tx, {
          operatorId: actor.operatorId,
          action: 'reconciliation.viewed',
          subjectType: 'reconciliation',
          subjectId: day,
          after: {
            ok,
            mismatches: lines.reduce((total, line) => total + line.mismatches.length, 0),
          },
          ipAddress: actor.ipAddress,
          now: clock.now(),
        });
        return {
          date: day,
          from: isoTimestamp(window.from),
          to: isoTimestamp(window.to),
          ok,
          lines,
        };
      });
    },
  };
}
