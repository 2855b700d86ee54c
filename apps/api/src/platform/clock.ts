/** One source of time for the whole API, so tests and the sandbox can move it. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/**
 * The real time plus an offset that only ever grows. The sandbox moves it forward to let a
 * person see scheduled work (collections, accruals, maturities) happen without waiting.
 */
export class AdjustableClock implements Clock {
  #offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.#offsetMs);
  }

  get offsetMs(): number {
    return this.#offsetMs;
  }

  /** Takes up an offset kept from before a restart (never moving back). */
  restore(offsetMs: number): void {
    if (offsetMs > this.#offsetMs) this.#offsetMs = offsetMs;
  }

  advance(durationMs: number): Date {
    if (!Number.isInteger(durationMs) || durationMs < 0) {
      throw new RangeError('The clock only moves forward by a whole number of milliseconds');
    }
    this.#offsetMs += durationMs;
    return this.now();
  }
}

/** A clock that stands still until told to move (tests). */
export class ManualClock implements Clock {
  #nowMs: number;

  constructor(start: Date | string = '2026-01-05T08:00:00.000Z') {
    this.#nowMs = new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.#nowMs);
  }

  advance(durationMs: number): Date {
    this.#nowMs += durationMs;
    return this.now();
  }

  set(at: Date | string): void {
    this.#nowMs = new Date(at).getTime();
  }
}

const lagosDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Africa/Lagos',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The business date (Africa/Lagos) of an instant, as YYYY-MM-DD. */
export function businessDate(at: Date): string {
  return lagosDate.format(at);
}

/**
 * The instant a business date (YYYY-MM-DD) starts: Lagos keeps UTC+1 all year (no daylight
 * saving), so a business day starts at 23:00 UTC the day before.
 */
export function lagosMidnight(date: string): Date {
  return new Date(`${date}T00:00:00+01:00`);
}

/** A business date (YYYY-MM-DD) moved by whole calendar days. */
export function addDays(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00.000Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

const shortMonths = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
];

/** A business date as people read it in a notice: "27 Dec 2026". */
export function readableDate(date: string): string {
  const [year = '', month = '1', day = '1'] = date.split('-');
  return `${String(Number(day))} ${shortMonths[Number(month) - 1] ?? ''} ${year}`;
}
