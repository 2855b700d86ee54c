import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchInput, rows } from '../../src/platform/db.ts';
import { createTestDatabase, databaseKind, type TestDatabase } from '../support/test-database.ts';

// Decision 0010: on a server every parameterised statement is prepared once per connection and
// keeps one generic plan. PGlite has no pool and no wire protocol, so there is nothing to test.
describe.skipIf(databaseKind !== 'postgres')('prepared statements (postgres)', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({ poolSize: 2 });
  });
  afterAll(() => database.destroy());

  const preparedLike = (
    tx: Parameters<Parameters<TestDatabase['unitOfWork']>[0]>[0],
    probe: string,
  ) =>
    rows<{ generic_plans: number; custom_plans: number }>(
      tx,
      sql`select generic_plans::int, custom_plans::int from pg_prepared_statements
           where statement like ${`%${probe}%`} and statement not like ${'%pg_prepared%'}`,
    );

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
      return { mode: mode?.plan_cache_mode, prepared: await preparedLike(tx, 'prepared-probe') };
    });
    expect(found.mode).toBe('force_generic_plan');
    expect(found.prepared).toHaveLength(1);
    expect(found.prepared[0]?.custom_plans).toBe(0);
  });

  it('when a batch input carries awkward text, then every value comes back exactly', async () => {
    const awkward = [`O'Brien`, 'say "hi"', 'back\\slash', '$1 and $2', '{a,b}', 'Ọ̀ṣun ₦', null];
    const found = await database.unitOfWork(async (tx) => {
      const input = batchInput('input', {
        ord: ['int', awkward.map((_, ord) => ord)],
        text: ['text', awkward],
        amount: ['bigint', awkward.map((_, ord) => 9_007_199_254_740_993n + BigInt(ord))],
      });
      const echoed = await rows<{ ord: number; text: string | null; amount: string }>(
        tx,
        sql`select ord, text, amount::text as amount, ${'$3'}::text as marker
              /* batch-probe */ from ${input} order by ord`,
      );
      return { echoed, prepared: await preparedLike(tx, 'batch-probe') };
    });
    expect(found.echoed.map((row) => row.text)).toEqual(awkward);
    expect(found.echoed.map((row) => row.amount)).toEqual(
      awkward.map((_, ord) => (9_007_199_254_740_993n + BigInt(ord)).toString()),
    );
    expect(found.prepared).toHaveLength(1);
  });
});
