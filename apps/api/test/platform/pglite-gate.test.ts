import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../src/platform/db.ts';
import { createTestDatabase, databaseKind, type TestDatabase } from '../support/test-database.ts';

describe(`units of work (${databaseKind})`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.execute(sql`create table gate_probe (unit int not null, step int not null)`);
  });
  afterAll(() => database.destroy());

  it('when many units of work run at once, then none sees another half-done', async () => {
    const events: string[] = [];
    const units = Array.from({ length: 8 }, (_, unit) =>
      database.unitOfWork(async (tx) => {
        events.push(`start ${String(unit)}`);
        await tx.execute(sql`insert into gate_probe (unit, step) values (${unit}, 1)`);
        await new Promise((resolve) => setTimeout(resolve, 15));
        const seen = await rows<{ units: number }>(
          tx,
          sql`select count(distinct unit)::int as units from gate_probe where step = 1 and unit = ${unit}`,
        );
        await tx.execute(sql`insert into gate_probe (unit, step) values (${unit}, 2)`);
        events.push(`end ${String(unit)}`);
        return seen[0]?.units;
      }),
    );
    expect(await Promise.all(units)).toEqual(Array.from({ length: 8 }, () => 1));
    if (database.kind === 'pglite') {
      // One connection: each unit must finish before the next starts.
      for (let index = 0; index < events.length; index += 2) {
        const unit = events[index]?.split(' ')[1];
        expect(events[index + 1]).toBe(`end ${unit ?? ''}`);
      }
    }
  });

  it('when a unit of work fails, then none of its writes remain and the next one runs', async () => {
    await expect(
      database.unitOfWork(async (tx) => {
        await tx.execute(sql`insert into gate_probe (unit, step) values (99, 1)`);
        throw new Error('half-way failure');
      }),
    ).rejects.toThrow('half-way failure');
    const left = await rows<{ count: number }>(
      database.db,
      sql`select count(*)::int as count from gate_probe where unit = 99`,
    );
    expect(left[0]?.count).toBe(0);
    await database.unitOfWork((tx) => tx.execute(sql`insert into gate_probe values (100, 1)`));
  });

  it('when a plain query arrives during a unit of work, then it waits for the commit', async () => {
    if (database.kind !== 'pglite') return;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const unit = database.unitOfWork(async (tx) => {
      await tx.execute(sql`insert into gate_probe (unit, step) values (200, 1)`);
      await held;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const reading = rows<{ count: number }>(
      database.db,
      sql`select count(*)::int as count from gate_probe where unit = 200`,
    );
    release();
    await unit;
    expect((await reading)[0]?.count).toBe(1);
  });
});
