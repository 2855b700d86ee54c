/**
 * The money core owns every money table (decision 0016): nothing outside apps/api/src/money may
 * insert into, update, delete from or truncate them, in SQL text or through drizzle's builder.
 * `npm run check:money-writes` lists the offending lines and exits 1; `npm run lint` runs it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const moneyTables = [
  'journal_entries',
  'postings',
  'ledger_accounts',
  'ledger_holds',
  'transactions',
  'transaction_events',
  'transaction_counts',
  'provider_movements',
  'daily_totals',
];

const drizzleNames = [
  'journalEntries',
  'postings',
  'ledgerAccounts',
  'ledgerHolds',
  'transactions',
  'transactionEvents',
  'transactionCounts',
  'providerMovements',
  'dailyTotals',
];

const sqlWrite = new RegExp(
  String.raw`\b(insert\s+into|update|delete\s+from|truncate(?:\s+table)?)\s+"?(${moneyTables.join('|')})"?(?![\w.])`,
  'i',
);
const builderWrite = new RegExp(
  String.raw`\.(insert|update|delete)\(\s*(${drizzleNames.join('|')})\s*\)`,
);

/** The lines of `source` that write a money table: `{ line, text }` for each. */
export function moneyWrites(source: string): { line: number; text: string }[] {
  return source
    .split('\n')
    .flatMap((text, index) =>
      sqlWrite.test(text) || builderWrite.test(text)
        ? [{ line: index + 1, text: text.trim() }]
        : [],
    );
}

const root = path.resolve(import.meta.dirname, '../../../..');
const apiSource = path.join(root, 'apps/api/src');
const core = path.join(apiSource, 'money') + path.sep;

function* sourceFiles(folder: string): Generator<string> {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'migrations') yield* sourceFiles(full);
    } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
      yield full;
    }
  }
}

/** Every write of a money table outside the core, as `file:line: text`. */
export function writesOutsideCore(): string[] {
  const found: string[] = [];
  for (const file of sourceFiles(apiSource)) {
    if (file.startsWith(core)) continue;
    for (const { line, text } of moneyWrites(readFileSync(file, 'utf8'))) {
      found.push(`${path.relative(root, file)}:${String(line)}: ${text}`);
    }
  }
  return found;
}

if (import.meta.filename === process.argv[1]) {
  const found = writesOutsideCore();
  if (found.length > 0) {
    console.error(
      `Money tables are written only by apps/api/src/money (decision 0016); move these writes into the core:\n${found.join('\n')}`,
    );
    process.exit(1);
  }
  console.log('Money tables are written only by the money core.');
}
