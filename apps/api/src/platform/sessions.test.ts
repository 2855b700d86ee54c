import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { systemClock } from './clock.ts';
import type { Database } from './db.ts';
import { isUserSessionGuard, sessionGuard } from './sessions.ts';

describe('the session guard', () => {
  // Building guards runs no SQL: a database that refuses every use proves it.
  const database = new Proxy({} as Database, {
    get: () => {
      throw new Error('no database use expected');
    },
  });
  const guard = sessionGuard(database, systemClock, {
    idleMs: 60_000,
    absoluteMs: 3_600_000,
    secureCookie: false,
  });

  const keep = () => undefined;

  it('when a guard also reads something of the user, then it offers no check for a route to fold into its own statement', () => {
    // A route folding `check().query` into its statement would not select the read's columns,
    // and the guard's `keep` would then see them missing (a PIN read as absent).
    const reading = guard.reading({ columns: sql`1 as one`, joins: sql``, keep });
    expect('check' in guard).toBe(true);
    expect('check' in reading).toBe(false);
    expect('check' in reading.reading({ columns: sql`2 as two`, joins: sql``, keep })).toBe(false);
    expect(isUserSessionGuard(reading)).toBe(true);
  });
});
