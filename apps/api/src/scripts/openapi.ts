/**
 * Writes the API's OpenAPI document (what /v1/openapi.json serves) to the file named on the
 * command line, for `npm run openapi:lint` (Spectral) and for generating clients. Builds the app
 * on an in-memory embedded database; nothing is served and nothing is written elsewhere.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { buildApp } from '../app.ts';
import { ManualClock } from '../platform/clock.ts';
import { loadConfig } from '../platform/config.ts';
import { openDatabase } from '../platform/db.ts';

const target = process.argv[2];
if (!target) {
  process.stderr.write('usage: node apps/api/src/scripts/openapi.ts <file.json>\n');
  process.exit(1);
}
const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: 'memory://' });
const database = await openDatabase({ dataDir: 'memory://' });
const app = await buildApp({ config, database, clock: new ManualClock() });
await app.ready();
const document = app.swagger();
await mkdir(path.dirname(path.resolve(target)), { recursive: true });
await writeFile(target, `${JSON.stringify(document, null, 2)}\n`);
await app.close();
await database.close();
process.stdout.write(`OpenAPI document written to ${target}\n`);
