import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, rows } from '../../src/platform/db.ts';
import { ensureTemplate, templateFor } from '../../src/platform/embedded-template.ts';
import { databaseKind } from '../support/test-database.ts';

// The embedded database only; the PostgreSQL run has nothing to add.
describe.skipIf(databaseKind !== 'pglite')('the embedded database template', () => {
  let folder: string;
  let templateDir: string;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'ajo-template-'));
    templateDir = path.join(folder, 'templates');
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  it('when there is no template, then a new data folder has none to start from', async () => {
    expect(await templateFor(path.join(folder, 'new'), templateDir)).toBeUndefined();
    expect(await templateFor('memory://', templateDir)).toBeUndefined();
  });

  it('when a new data folder starts from the template, then every migration is applied and it reopens', async () => {
    const file = await ensureTemplate(templateDir);
    const written = await stat(file);
    // Made once per PGlite version and set of migrations: asking again leaves it as it is.
    expect(await ensureTemplate(templateDir)).toBe(file);
    expect((await stat(file)).mtimeMs).toBe(written.mtimeMs);
    expect((await readdir(templateDir)).filter((name) => name.endsWith('.partial'))).toEqual([]);

    const dataDir = path.join(folder, 'data');
    const template = await templateFor(dataDir, templateDir);
    expect(template).toBeInstanceOf(Blob);
    const database = await openDatabase({ dataDir, loadDataDir: template });
    try {
      expect(await database.pendingMigrations()).toBe(0);
      const [users] = await rows<{ count: number }>(
        database.db,
        sql`select count(*)::int as count from users`,
      );
      expect(users?.count).toBe(0);
    } finally {
      await database.close();
    }

    // The folder now holds a database: it is opened as it is, never overwritten by the template.
    expect(await templateFor(dataDir, templateDir)).toBeUndefined();
    const reopened = await openDatabase({ dataDir });
    try {
      expect(await reopened.pendingMigrations()).toBe(0);
    } finally {
      await reopened.close();
    }
  });
});
