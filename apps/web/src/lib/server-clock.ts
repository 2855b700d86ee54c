/*
 * The server's clock as the app reads it. Days left, "today" and a quote's remaining seconds are
 * counted by the business clock, which answers in the `X-Server-Time` header of every API
 * answer: a phone whose clock is wrong, or a sandbox whose clock was moved on, would otherwise
 * show a different day from the one the server checks against.
 */

/** Differences smaller than this are the network's delay, not a clock apart. */
const IGNORED_SKEW_MS = 5_000;

let offsetMs = 0;

/** Takes the server's time from an answer's `X-Server-Time`, received at `receivedAt`. */
export function noteServerTime(header: string | null, receivedAt: number = Date.now()): void {
  if (header === null) return;
  const serverMs = Date.parse(header);
  if (Number.isNaN(serverMs)) return;
  const difference = serverMs - receivedAt;
  offsetMs = Math.abs(difference) < IGNORED_SKEW_MS ? 0 : difference;
}

/** Now, by the server's clock as last heard (this device's until an answer came). */
export function serverNow(): Date {
  return new Date(Date.now() + offsetMs);
}
