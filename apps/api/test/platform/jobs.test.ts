import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/platform/clock.ts';
import { rows } from '../../src/platform/db.ts';
import { JobQueue } from '../../src/platform/jobs.ts';
import { createTestDatabase, databaseKind, type TestDatabase } from '../support/test-database.ts';

describe(`scheduled jobs on the injectable clock (${databaseKind})`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.destroy());

  const hour = 60 * 60 * 1000;

  it('when the clock moves past midnight in Lagos, then the daily job runs once per day', async () => {
    const clock = new ManualClock('2026-03-02T08:00:00+01:00');
    const queue = new JobQueue(database, clock, pino({ level: 'silent' }));
    const runs: string[] = [];
    queue.register({
      name: 'daily-statement',
      schedule: 'daily',
      run: async ({ key }) => {
        runs.push(key);
      },
    });
    await queue.tick();
    await queue.tick();
    clock.advance(10 * hour);
    await queue.tick();
    expect(runs).toEqual(['2026-03-02']);
    clock.advance(6 * hour);
    await queue.tick();
    clock.advance(24 * hour);
    await queue.tick();
    expect(runs).toEqual(['2026-03-02', '2026-03-03', '2026-03-04']);
  });

  it('when a job runs at the end of the day, then it runs in the last ten minutes before midnight in Lagos, once, and a day that ended unseen runs at the next tick', async () => {
    const clock = new ManualClock('2026-03-02T23:40:00+01:00');
    const queue = new JobQueue(database, clock, pino({ level: 'silent' }));
    const runs: string[] = [];
    queue.register({
      name: 'day-close',
      schedule: 'end of day',
      run: async ({ key }) => {
        runs.push(key);
      },
    });
    // The day before the first tick had no worker at its end: it runs at once.
    await queue.tick();
    expect(runs).toEqual(['2026-03-01']);
    clock.advance(9 * 60_000);
    await queue.tick();
    expect(runs).toEqual(['2026-03-01']);
    clock.advance(60_000);
    await queue.tick();
    await queue.tick();
    expect(runs).toEqual(['2026-03-01', '2026-03-02']);
    // After midnight the day is already closed; the next closes at its own end.
    clock.advance(30 * 60_000);
    await queue.tick();
    expect(runs).toEqual(['2026-03-01', '2026-03-02']);
    // Down across the next day's end: it is closed at the first tick after.
    clock.advance(25 * hour);
    await queue.tick();
    expect(runs).toEqual(['2026-03-01', '2026-03-02', '2026-03-03']);
  });

  it('when a job runs every five minutes, then it runs once per five-minute slot', async () => {
    const clock = new ManualClock('2026-03-02T08:01:00+01:00');
    const queue = new JobQueue(database, clock, pino({ level: 'silent' }));
    let runs = 0;
    queue.register({
      name: 'five-minutely',
      schedule: { everyMinutes: 5 },
      run: async () => {
        runs += 1;
      },
    });
    await queue.tick();
    clock.advance(60_000);
    await queue.tick();
    expect(runs).toBe(1);
    clock.advance(4 * 60_000);
    await queue.tick();
    await queue.tick();
    expect(runs).toBe(2);
  });

  it('when two workers tick at once, then each job runs once', async () => {
    const clock = new ManualClock('2026-04-01T09:00:00+01:00');
    const runs: string[] = [];
    const workers = [0, 1].map(() => {
      const queue = new JobQueue(database, clock, pino({ level: 'silent' }));
      queue.register({
        name: 'shared-daily',
        schedule: 'daily',
        run: async ({ key }) => {
          runs.push(key);
          await new Promise((resolve) => setTimeout(resolve, 10));
        },
      });
      return queue;
    });
    await Promise.all(workers.map((queue) => queue.tick()));
    expect(runs).toEqual(['2026-04-01']);
  });

  it('when a job fails, then it is retried after a backoff measured on the clock', async () => {
    const clock = new ManualClock('2026-05-01T09:00:00+01:00');
    const queue = new JobQueue(database, clock, pino({ level: 'silent' }));
    let attempts = 0;
    queue.register({
      name: 'flaky',
      maxAttempts: 3,
      run: async () => {
        attempts += 1;
        if (attempts < 3) throw new Error('provider timed out');
      },
    });
    expect(await queue.enqueue('flaky', 'payout-1')).toBe(true);
    expect(await queue.enqueue('flaky', 'payout-1')).toBe(false);
    await queue.tick();
    expect(attempts).toBe(1);
    await queue.tick();
    expect(attempts).toBe(1);
    clock.advance(2_000);
    await queue.tick();
    expect(attempts).toBe(2);
    clock.advance(4_000);
    await queue.tick();
    expect(attempts).toBe(3);
    const [job] = await rows<{ status: string }>(
      database.db,
      sql`select status from jobs where name = 'flaky' and key = 'payout-1'`,
    );
    expect(job?.status).toBe('done');
  });

  it('when a job keeps failing, then it stops after its attempts and keeps the error', async () => {
    const clock = new ManualClock('2026-06-01T09:00:00+01:00');
    const queue = new JobQueue(database, clock, pino({ level: 'silent' }));
    queue.register({
      name: 'hopeless',
      maxAttempts: 2,
      run: async () => {
        throw new Error('bank is down');
      },
    });
    await queue.enqueue('hopeless', 'one');
    for (let step = 0; step < 4; step += 1) {
      await queue.tick();
      clock.advance(60_000);
    }
    const [job] = await rows<{ status: string; attempts: number; last_error: string }>(
      database.db,
      sql`select status, attempts, last_error from jobs where name = 'hopeless'`,
    );
    expect(job).toEqual({ status: 'failed', attempts: 2, last_error: 'bank is down' });
  });
});
