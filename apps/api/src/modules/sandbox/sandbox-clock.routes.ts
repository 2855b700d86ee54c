import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sandboxClockBodySchema, sandboxClockResponseSchema } from '@ajo/contracts/sandbox';
import { AdjustableClock, businessDate, ManualClock, type Clock } from '../../platform/clock.ts';
import { rows, type Database } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';

const minuteMs = 60_000;
const dayMs = 24 * 60 * minuteMs;

export interface SandboxClockOptions {
  database: Database;
  clock: Clock;
  /** Runs the scheduled work that fell due by the clock's time (interest, maturities). */
  runDue: () => Promise<{
    collectedInstalments: number;
    accruedPlanDays: number;
    maturedPlans: number;
  }>;
}

/** A restarted sandbox takes up the clock where it was left (it never goes back). */
export async function restoreSandboxClock(database: Database, clock: Clock) {
  if (!(clock instanceof AdjustableClock)) return;
  const [kept] = await rows<{ offset_ms: string }>(
    database.db,
    sql`select offset_ms::text from sandbox_clock where id = 1`,
  );
  if (kept) clock.restore(Number(kept.offset_ms));
}

/**
 * `POST /sandbox/clock`: moves the sandbox's clock forward and runs what fell due, so a tester
 * sees a 30-day plan mature in seconds, or a quote run out without waiting its minute. Live
 * sessions move with the clock (their last use and expiry), so nobody is signed out by the jump.
 * The offset is kept in `sandbox_clock`.
 */
export const sandboxClockRoutes: FastifyPluginAsyncZod<SandboxClockOptions> = async (
  app,
  { database, clock, runDue },
) => {
  app.post(
    '/sandbox/clock',
    {
      schema: {
        operationId: 'advanceSandboxClock',
        description:
          'Moves the sandbox’s clock forward (it never goes back): by whole days, a day at a time, running what fell due each day as the jobs would (the ended day’s interest, automatic savings instalments, a short wallet retried the next day, maturities); or by minutes, to let a quote or a sign-in code run out without waiting, then running what fell due. Sandbox only (404 in production).',
        tags: ['sandbox'],
        summary: 'Move the sandbox clock forward and run what fell due',
        body: sandboxClockBodySchema,
        response: { 200: sandboxClockResponseSchema },
      },
    },
    async (request) => {
      if (!(clock instanceof AdjustableClock || clock instanceof ManualClock)) {
        throw new AppError('clock_fixed', 'This server’s clock cannot be moved', 409);
      }
      // By days, a day at a time, as the jobs would have run: each ended day's interest, then
      // each day's instalments (and a short wallet's retry the next day) and what matured. By
      // minutes, in one step.
      const { advance_days: days, advance_minutes: minutes = 0 } = request.body;
      const steps =
        days === undefined ? [minutes * minuteMs] : Array.from({ length: days }, () => dayMs);
      const advanceMs = steps.reduce((sum, step) => sum + step, 0);
      await database.db.execute(sql`update sessions
          set last_seen_at = last_seen_at + ${`${String(advanceMs)} milliseconds`}::interval,
              expires_at = expires_at + ${`${String(advanceMs)} milliseconds`}::interval
        where revoked_at is null and expires_at > ${clock.now().toISOString()}`);
      // Operators' too; an operator's TOTP step moves on with the time as well.
      await database.db.execute(sql`update operator_sessions
          set last_seen_at = last_seen_at + ${`${String(advanceMs)} milliseconds`}::interval,
              expires_at = expires_at + ${`${String(advanceMs)} milliseconds`}::interval
        where revoked_at is null and expires_at > ${clock.now().toISOString()}`);
      if (clock instanceof AdjustableClock) {
        // Kept first: a restart in the middle of the run below resumes from the new time.
        await database.db.execute(sql`insert into sandbox_clock (id, offset_ms, updated_at)
            values (1, ${clock.offsetMs + advanceMs}, ${new Date().toISOString()})
            on conflict (id) do update set offset_ms = greatest(sandbox_clock.offset_ms,
              excluded.offset_ms), updated_at = excluded.updated_at`);
      }
      const ran = { collectedInstalments: 0, accruedPlanDays: 0, maturedPlans: 0 };
      let now = clock.now();
      for (const step of steps) {
        now = clock.advance(step);
        const due = await runDue();
        ran.collectedInstalments += due.collectedInstalments;
        ran.accruedPlanDays += due.accruedPlanDays;
        ran.maturedPlans += due.maturedPlans;
      }
      const offsetMs = now.getTime() - Date.now();
      return {
        message: 'clock moved',
        data: {
          now: now.toISOString(),
          business_date: businessDate(now),
          offset_days: Math.round(offsetMs / dayMs),
          collected_instalments: ran.collectedInstalments,
          accrued_plan_days: ran.accruedPlanDays,
          matured_plans: ran.maturedPlans,
        },
      };
    },
  );
};
