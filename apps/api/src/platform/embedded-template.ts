import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { migrationsFolder } from '../db/migrations-folder.ts';

/*
 * A new embedded database starts from a template: an empty database with every migration
 * applied, dumped once per PGlite version and set of migrations. PGlite's own initdb takes 4–5 s
 * on the 2-core machines, loading the dump about 1.5 s, which keeps the first `npm start` on a new
 * data folder inside QUALITY.md's 10 s. `npm start` makes the template before the server starts
 * (scripts/ensure-ready.mjs), like the web app's build; without one, the server runs initdb as
 * before. The template holds no rows: the seed (demo user, catalogue) still runs on first start.
 */

const repositoryRoot = path.resolve(import.meta.dirname, '../../../..');

/**
 * Where templates are kept: a build cache beside the dependencies it depends on. This module
 * loads without drizzle or PGlite, so checking for a template costs `npm start` next to nothing.
 */
export const defaultTemplateDir = path.join(repositoryRoot, 'node_modules/.cache/ajo-pglite');

async function templateKey(): Promise<string> {
  const hash = createHash('sha256');
  const pglitePackage = path.resolve(
    path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')),
    '../package.json',
  );
  const { version } = JSON.parse(await readFile(pglitePackage, 'utf8')) as { version: string };
  hash.update(`pglite ${version}\n`);
  const files = (await readdir(migrationsFolder, { recursive: true })).sort();
  for (const file of files) {
    if (!/\.(?:sql|json)$/.test(file)) continue;
    hash.update(`${file}\n`);
    hash.update(await readFile(path.join(migrationsFolder, file)));
  }
  return `pglite-${version}-${hash.digest('hex').slice(0, 16)}.tar`;
}

/** A data folder PGlite has already initialised (PostgreSQL writes PG_VERSION first). */
const initialised = (dataDir: string) => existsSync(path.join(dataDir, 'PG_VERSION'));

/**
 * The template for a data folder about to be created, or `undefined` when the folder already
 * holds a database, is in memory, or no template matches this PGlite and these migrations.
 */
export async function templateFor(
  dataDir: string,
  templateDir = defaultTemplateDir,
): Promise<Blob | undefined> {
  if (dataDir === 'memory://' || initialised(dataDir)) return undefined;
  const file = path.join(templateDir, await templateKey());
  if (!existsSync(file)) return undefined;
  return new Blob([await readFile(file)]);
}

/** Makes the template unless it exists; answers its path. Written whole or not at all. */
export async function ensureTemplate(templateDir = defaultTemplateDir): Promise<string> {
  const file = path.join(templateDir, await templateKey());
  if (existsSync(file)) return file;
  const { openDatabase } = await import('./db.ts');
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    await database.migrate();
    const dump = await database.dump?.();
    if (!dump) throw new Error('the embedded database could not be dumped');
    await mkdir(templateDir, { recursive: true });
    const partial = `${file}.${String(process.pid)}.partial`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, file);
  } finally {
    await database.close();
  }
  return file;
}
