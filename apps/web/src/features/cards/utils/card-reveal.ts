/** The longest the card's number and CVV stay on screen, whatever `expires_at` says. */
export const REVEAL_MAX_MS = 5 * 60_000;
/** How long they show when `expires_at` cannot be trusted (unreadable, or already past here). */
export const REVEAL_FALLBACK_MS = 60_000;

/**
 * When the revealed details hide again, on this browser's clock: the vault token's `expires_at`,
 * never later than REVEAL_MAX_MS from now; when this clock already sees it past (the clocks
 * disagree), a short REVEAL_FALLBACK_MS so the person can still read them.
 */
export function revealDeadlineMs(expiresAt: string, receivedAtMs: number): number {
  const remainingMs = Date.parse(expiresAt) - receivedAtMs;
  if (Number.isNaN(remainingMs) || remainingMs <= 0) return receivedAtMs + REVEAL_FALLBACK_MS;
  return receivedAtMs + Math.min(remainingMs, REVEAL_MAX_MS);
}
