import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../src/platform/db.ts';
import { createTestDatabase, databaseKind, type TestDatabase } from '../support/test-database.ts';

// Decision 0010: on a server every parameterised statement is prepared once per connection and
// keeps one generic plan. PGlite has no pool and no wire protocol, so there is nothing to test.
describe.skipIf(databaseKind !== 'postgres')('prepared statements (postgres)', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({ poolSize: 2 });
  });
  afterAll(() => database.destroy());

  it('when a statement runs again on a connection, then it is prepared once with one generic plan', async () => {
    const found = await database.unitOfWork(async (tx) => {
      for (const value of [1, 2, 3]) {
        const [row] = await rows<{ doubled: number }>(
          tx,
          sql`select ${value}::int * 2 as doubled /* prepared-probe */`,
        );
        expect(row?.doubled).toBe(value * 2);
      }
      const [mode] = await rows<{ plan_cache_mode: string }>(tx, sql`show plan_cache_mode`);
      const prepared = await rows<{ name: string; generic_plans: number; custom_plans: number }>(
        tx,
        sql`select name, generic_plans::int, custom_plans::int from pg_prepared_statements
             where statement like ${'%prepared-probe%'} and statement not like ${'%pg_prepared%'}`,
      );
      return { mode: mode?.plan_cache_mode, prepared };
    });
    expect(found.mode).toBe('force_generic_plan');
    expect(found.prepared).toHaveLength(1);
    expect(found.prepared[0]?.name).toMatch(/^ajo_/);
    expect(found.prepared[0]?.custom_plans).toBe(0);
  });
});
