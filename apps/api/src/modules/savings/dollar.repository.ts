import { sql } from 'drizzle-orm';
import { rows, type Executor } from '../../platform/db.ts';

export type FxSide = 'buy' | 'sell';

/** What a quote is for: the side and purpose must match where it is spent. */
export type FxPurpose = 'dollar_investment' | 'usd_withdrawal';

export interface QuoteRow {
  id: string;
  user_id: string;
  side: FxSide;
  purpose: FxPurpose;
  usd_minor: string;
  ngn_minor: string;
  fee_minor: string;
  rate: string;
  expires_at: string | Date;
  used_at: string | Date | null;
}

const quoteColumns = sql`id, user_id, side, purpose, usd_minor::text, ngn_minor::text,
  fee_minor::text, rate, expires_at, used_at`;

export interface NewQuote {
  userId: string;
  side: FxSide;
  purpose: FxPurpose;
  usdMinor: bigint;
  ngnMinor: bigint;
  feeMinor: bigint;
  rate: string;
  expiresAt: Date;
  at: Date;
}

export async function insertQuote(executor: Executor, quote: NewQuote): Promise<QuoteRow> {
  const [inserted] = await rows<QuoteRow>(
    executor,
    sql`insert into fx_quotes (user_id, side, purpose, usd_minor, ngn_minor, fee_minor, rate,
          expires_at, created_at)
        values (${quote.userId}, ${quote.side}, ${quote.purpose}, ${quote.usdMinor.toString()},
          ${quote.ngnMinor.toString()}, ${quote.feeMinor.toString()}, ${quote.rate},
          ${quote.expiresAt.toISOString()}, ${quote.at.toISOString()})
        returning ${quoteColumns}`,
  );
  if (!inserted) throw new Error('the quote just stored could not be read');
  return inserted;
}

/**
 * The quote a request names (or, without an id, the user's newest unused quote for this side,
 * purpose and amount), locked until the transaction ends so two requests cannot spend it twice.
 * Only the user's own quotes are found.
 */
export async function lockQuote(
  executor: Executor,
  lookup: {
    userId: string;
    quoteId: string | undefined;
    side: FxSide;
    purpose: FxPurpose;
    usdMinor: bigint;
  },
): Promise<QuoteRow | undefined> {
  const [quote] = await rows<QuoteRow>(
    executor,
    lookup.quoteId
      ? sql`select ${quoteColumns} from fx_quotes
             where id = ${lookup.quoteId} and user_id = ${lookup.userId}
             for update`
      : sql`select ${quoteColumns} from fx_quotes
             where user_id = ${lookup.userId} and side = ${lookup.side}
               and purpose = ${lookup.purpose} and usd_minor = ${lookup.usdMinor.toString()}
               and used_at is null
             order by created_at desc, id desc limit 1
             for update`,
  );
  return quote;
}

export async function markQuoteUsed(executor: Executor, quoteId: string, at: Date) {
  await executor.execute(
    sql`update fx_quotes set used_at = ${at.toISOString()} where id = ${quoteId}`,
  );
}

/** A quote by id, for answering a replayed request. */
export async function quoteById(
  executor: Executor,
  quoteId: string,
): Promise<QuoteRow | undefined> {
  const [quote] = await rows<QuoteRow>(
    executor,
    sql`select ${quoteColumns} from fx_quotes where id = ${quoteId}`,
  );
  return quote;
}

/**
 * Quotes nobody spent and that expired before `expiredBefore`. A spent quote stays: it is the
 * rate its conversion was made at.
 */
export async function deleteUnspentQuotes(executor: Executor, expiredBefore: Date) {
  await executor.execute(sql`delete from fx_quotes
      where used_at is null and expires_at < ${expiredBefore.toISOString()}`);
}
