import { loadConfig } from '../platform/config.ts';
import { openDatabase } from '../platform/db.ts';
import { checkLedger } from '../money/ledger/ledger-check.ts';

/** `npm run ledger:check`: recomputes every balance from postings; exits 1 on any difference. */
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await database.migrate();
  const problems = await checkLedger(database.db);
  const where = config.databaseUrl ? 'PostgreSQL' : config.dataDir;
  if (problems.length === 0) {
    process.stdout.write(`Ledger check passed (${where}): every balance equals its postings\n`);
  } else {
    for (const problem of problems) {
      process.stderr.write(`${problem.kind}: ${problem.subject}: ${problem.detail}\n`);
    }
    process.stderr.write(`Ledger check FAILED (${where}): ${String(problems.length)} problem(s)\n`);
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
