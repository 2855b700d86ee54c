import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { walletAccountCode } from '../../src/money/ledger/account-codes.ts';
import { rows, type Database } from '../../src/platform/db.ts';
import { bearer } from '../support/calls.ts';

/** Asks for a statement; answers the raw response (the file or an error). */
export function getStatement(
  app: FastifyInstance,
  token: string | null,
  query: Record<string, string>,
) {
  return app.inject({
    method: 'GET',
    url: `/v1/statements?${new URLSearchParams(query).toString()}`,
    headers: token === null ? {} : bearer(token),
  });
}

/** RFC 4180: quoted cells may hold commas, doubled quotes and line breaks. */
export function parseCsv(text: string): string[][] {
  const lines: string[][] = [];
  let line: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index] ?? '';
    if (quoted) {
      if (character === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (character === '"') quoted = false;
      else cell += character;
    } else if (character === '"') quoted = true;
    else if (character === ',') {
      line.push(cell);
      cell = '';
    } else if (character === '\r' && text[index + 1] === '\n') {
      line.push(cell);
      lines.push(line);
      line = [];
      cell = '';
      index += 1;
    } else cell += character;
  }
  return lines;
}

/** "1234.50" → 123450n, "" → 0n: a CSV amount in minor units. */
export const csvMinor = (text: string | undefined) => (text ? BigInt(text.replace('.', '')) : 0n);

export interface CsvWallet {
  openingMinor: bigint;
  creditsMinor: bigint;
  debitsMinor: bigint;
  closingMinor: bigint;
  /** Each movement: its credit − debit, and the balance printed after it. */
  movements: { amountMinor: bigint; balanceMinor: bigint; reference: string }[];
}

/** The opening row, movements and closing row of one wallet in a CSV statement. */
export function csvWallet(csv: string[][], currency: 'NGN' | 'USD'): CsvWallet {
  const mine = csv.filter((line) => line[0] === currency);
  const opening = mine.find((line) => line[3] === 'Opening balance');
  const closing = mine.find((line) => line[3] === 'Closing balance');
  if (!opening || !closing) throw new Error(`no ${currency} wallet in the statement`);
  return {
    openingMinor: csvMinor(opening[7]),
    debitsMinor: csvMinor(closing[5]),
    creditsMinor: csvMinor(closing[6]),
    closingMinor: csvMinor(closing[7]),
    movements: mine
      .filter((line) => line !== opening && line !== closing)
      .map((line) => ({
        amountMinor: csvMinor(line[6]) - csvMinor(line[5]),
        balanceMinor: csvMinor(line[7]),
        reference: line[4] ?? '',
      })),
  };
}

/** The oracle: the wallet's balance at an instant, summed straight from its postings. */
export async function ledgerBalanceAt(
  database: Database,
  userId: string,
  currency: 'NGN' | 'USD',
  at: Date,
): Promise<bigint> {
  const [found] = await rows<{ balance: string }>(
    database.db,
    sql`select coalesce(sum(p.amount_minor), 0)::text as balance
          from postings p join ledger_accounts a on a.id = p.account_id
         where a.code = ${walletAccountCode(userId, currency)}
           and p.created_at < ${at.toISOString()}::timestamptz`,
  );
  return BigInt(found?.balance ?? '0');
}

/** Midnight in Lagos at the start of a business day. */
export const lagosMidnight = (date: string) => new Date(`${date}T00:00:00.000+01:00`);
