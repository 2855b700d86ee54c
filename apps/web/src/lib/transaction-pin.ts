import { queryOptions, useQuery } from '@tanstack/react-query';
import { pinMessages, pinStatusResponseSchema, TRANSACTION_PIN_HEADER } from '@ajo/contracts/pin';
import { api } from './api-client.ts';
import { formatLagosDateTime, lagosToday } from './dates.ts';
import { serverNow } from './server-clock.ts';

/*
 * The transaction PIN on the web side. Every money-out request carries the PIN in one header
 * (`pinHeader`); the PIN itself lives only in the confirm step's React state while it is on
 * screen: never in storage, a query key, a URL or a mutation's cached variables beyond the
 * request.
 */

/** Only whether a PIN is set and whether it is locked: the PIN never appears in a key. */
export const pinStatusQueryKey = ['transaction-pin'] as const;

export const pinStatusQueryOptions = queryOptions({
  queryKey: pinStatusQueryKey,
  queryFn: ({ signal }) => api.get('/pin', { schema: pinStatusResponseSchema.shape.data, signal }),
});

export function usePinStatus() {
  return useQuery(pinStatusQueryOptions);
}

/** The header a money-out request sends its PIN in. */
export function pinHeader(pin: string): Record<string, string> {
  return { [TRANSACTION_PIN_HEADER]: pin };
}

/** When `lockedUntil` is still ahead of `now`, "14:05" today or "28 Nov 2026, 14:05" later. */
export function formatLockEnd(lockedUntil: string | null, now: Date = serverNow()): string | null {
  if (lockedUntil === null) return null;
  const end = new Date(lockedUntil);
  if (Number.isNaN(end.getTime()) || end.getTime() <= now.getTime()) return null;
  const full = formatLagosDateTime(end);
  return lagosToday(end) === lagosToday(now) ? (full.split(', ')[1] ?? full) : full;
}

/**
 * What the API refuses in a new PIN (not four digits; four of the same digit or a run up or down
 * such as 1234 or 9876), said before a round trip; undefined when the PIN will do.
 */
export function pinProblem(pin: string): string | undefined {
  if (!/^\d{4}$/.test(pin)) return pinMessages.badPin;
  const digits = Array.from(pin, Number);
  const steps = digits.slice(1).map((digit, index) => digit - (digits[index] ?? 0));
  const weak = [0, 1, -1].some((step) => steps.every((difference) => difference === step));
  return weak ? pinMessages.weakPin : undefined;
}
