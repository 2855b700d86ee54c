import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { addDays, businessDate, lagosMidnight, type Clock } from './clock.ts';
import { rows, type Database, type Executor } from './db.ts';

export interface JobContext {
  id: string;
  name: string;
  /** The period or subject this run is for (for example a business date). */
  key: string;
  payload: Record<string, unknown>;
  attempt: number;
  now: Date;
}

export interface JobDefinition {
  name: string;
  run(job: JobContext): Promise<void>;
  /**
   * Recurring work: one run per key; `daily` keys by the Africa/Lagos business date (run at the
   * day's first tick), `end of day` by the business date too but run in that day's last
   * `endOfDayLeadMs` (a day that ended with no worker running is run at the next tick), and
   * `everyMinutes` by the clock's time slot of that many minutes.
   */
  schedule?: 'daily' | 'end of day' | { everyMinutes: number };
  maxAttempts?: number;
  /** Empty the payload once the job is done (it carried something not worth keeping, such as a sealed email). */
  forgetPayloadWhenDone?: boolean;
}

/**
 * Work that pays out whatever fell due by the clock's business date (interest, coupons, rent),
 * run hourly: cheap when nothing is due, and a day missed while the service was down is caught up
 * the next time, because `runDue` itself pays each thing once.
 */
export function hourlyCatchUp(name: string, runDue: () => Promise<unknown>): JobDefinition {
  return {
    name,
    schedule: { everyMinutes: 60 },
    run: async () => {
      await runDue();
    },
  };
}

interface ClaimedJob {
  id: string;
  name: string;
  key: string;
  payload: Record<string, unknown>;
  attempts: number;
  max_attempts: number;
}

/** An `end of day` job is queued this long before midnight in Lagos. */
export const endOfDayLeadMs = 10 * 60_000;

/** How long a claimed job may run before another worker may take it over. */
const claimLeaseMs = 5 * 60_000;

/**
 * A small Postgres job queue (see docs/decisions/0002-own-job-queue.md). Every time comes from
 * the injected clock, so tests and the sandbox can move time and watch scheduled work happen.
 * Workers claim with FOR UPDATE SKIP LOCKED, so many API instances can share one database.
 */
export class JobQueue {
  readonly #definitions = new Map<string, JobDefinition>();
  readonly #database: Database;
  readonly #clock: Clock;
  readonly #log: FastifyBaseLogger;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<unknown> = Promise.resolve();
  #stopped = true;

  constructor(database: Database, clock: Clock, log: FastifyBaseLogger) {
    this.#database = database;
    this.#clock = clock;
    this.#log = log;
  }

  register(definition: JobDefinition): void {
    this.#definitions.set(definition.name, definition);
  }

  /**
   * Queues work once per (name, key); a second enqueue with the same key changes nothing. Given
   * a transaction as `executor`, the job exists only if that transaction commits (an outbox).
   */
  async enqueue(
    name: string,
    key: string,
    payload: Record<string, unknown> = {},
    runAt: Date = this.#clock.now(),
    executor: Executor = this.#database.db,
  ): Promise<boolean> {
    const definition = this.#definitions.get(name);
    if (!definition) throw new Error(`no job named ${name} is registered`);
    const inserted = await rows<{ id: string }>(
      executor,
      sql`insert into jobs (name, key, payload, run_at, max_attempts, created_at)
          values (${name}, ${key}, ${JSON.stringify(payload)}::jsonb, ${runAt.toISOString()},
                  ${definition.maxAttempts ?? 5}, ${this.#clock.now().toISOString()})
          on conflict (name, key) do nothing returning id`,
    );
    return inserted.length === 1;
  }

  /** Queues recurring work for the current period, then runs everything due. */
  async tick(): Promise<number> {
    const now = this.#clock.now();
    for (const definition of this.#definitions.values()) {
      if (definition.schedule === 'daily') await this.enqueue(definition.name, businessDate(now));
      else if (definition.schedule === 'end of day') {
        const today = businessDate(now);
        // Yesterday's, when no worker ran at its end (a no-op once it has been queued).
        await this.enqueue(definition.name, addDays(today, -1));
        const dayEnds = lagosMidnight(addDays(today, 1)).getTime();
        if (now.getTime() >= dayEnds - endOfDayLeadMs) await this.enqueue(definition.name, today);
      } else if (definition.schedule) {
        const slotMs = definition.schedule.everyMinutes * 60_000;
        await this.enqueue(definition.name, `slot:${String(Math.floor(now.getTime() / slotMs))}`);
      }
    }
    return this.#runDue([...this.#definitions.keys()]);
  }

  /**
   * Runs what is due of one job now, without scheduling anything else: for work a request has
   * just queued and that should not wait for the worker's next poll (the poll still retries it).
   */
  async runDue(name: string): Promise<number> {
    return this.#runDue([name]);
  }

  async #runDue(names: string[]): Promise<number> {
    let ran = 0;
    for (;;) {
      const claimed = await this.#claim(names, 10);
      if (claimed.length === 0) return ran;
      for (const job of claimed) await this.#execute(job);
      ran += claimed.length;
    }
  }

  start(intervalMs: number): void {
    this.#stopped = false;
    const loop = () => {
      if (this.#stopped) return;
      this.#running = this.tick()
        .catch((error: unknown) => {
          this.#log.error({ err: error }, 'job tick failed');
        })
        .finally(() => {
          if (!this.#stopped) this.#timer = setTimeout(loop, intervalMs);
        });
    };
    this.#timer = setTimeout(loop, intervalMs);
  }

  /** Stops polling and waits for the work in hand to finish. */
  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
    await this.#running;
  }

  async #claim(names: string[], limit: number): Promise<ClaimedJob[]> {
    const now = this.#clock.now();
    if (names.length === 0) return [];
    const leaseEnd = new Date(now.getTime() + claimLeaseMs).toISOString();
    return this.#database.unitOfWork((tx) =>
      rows<ClaimedJob>(
        tx,
        sql`update jobs set status = 'running', attempts = attempts + 1, locked_until = ${leaseEnd}
             where id in (
               select id from jobs
                where name in (${sql.join(
                  names.map((name) => sql`${name}`),
                  sql`, `,
                )})
                  and ((status = 'queued' and run_at <= ${now.toISOString()})
                    or (status = 'running' and locked_until < ${now.toISOString()}))
                order by run_at
                limit ${limit}
                for update skip locked)
         returning id, name, key, payload, attempts, max_attempts`,
      ),
    );
  }

  async #execute(job: ClaimedJob): Promise<void> {
    const definition = this.#definitions.get(job.name);
    const now = this.#clock.now();
    try {
      if (!definition) throw new Error(`no job named ${job.name} is registered`);
      await definition.run({
        id: job.id,
        name: job.name,
        key: job.key,
        payload: job.payload,
        attempt: job.attempts,
        now,
      });
      await this.#database.db.execute(
        sql`update jobs set status = 'done', finished_at = ${this.#clock.now().toISOString()},
                   locked_until = null, last_error = null
                   ${definition.forgetPayloadWhenDone ? sql`, payload = '{}'::jsonb` : sql``}
             where id = ${job.id}`,
      );
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const exhausted = job.attempts >= job.max_attempts;
      // Exponential backoff: 2 s, 4 s, 8 s … from the clock's now.
      const retryAt = new Date(now.getTime() + 1000 * 2 ** job.attempts).toISOString();
      this.#log.warn(
        { job: job.name, key: job.key, attempt: job.attempts, err: error },
        'job failed',
      );
      await this.#database.db.execute(
        sql`update jobs set status = ${exhausted ? 'failed' : 'queued'}, run_at = ${retryAt},
                   locked_until = null, last_error = ${message} where id = ${job.id}`,
      );
    }
  }
}
