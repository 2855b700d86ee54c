import { describe, expect, it } from 'vitest';
import { REVEAL_FALLBACK_MS, REVEAL_MAX_MS, revealDeadlineMs } from './card-reveal.ts';

describe('how long revealed card details stay on screen', () => {
  const now = Date.parse('2026-11-27T10:00:00.000Z');

  it('when the vault token expires soon, then the details hide at its expiry', () => {
    expect(revealDeadlineMs('2026-11-27T10:01:30.000Z', now)).toBe(now + 90_000);
  });

  it('when the expiry is far away, then they still hide after five minutes at most', () => {
    expect(revealDeadlineMs('2026-11-27T12:00:00.000Z', now)).toBe(now + REVEAL_MAX_MS);
  });

  it('when this clock already sees the expiry past or cannot read it, then they show briefly', () => {
    expect(revealDeadlineMs('2026-11-27T09:59:00.000Z', now)).toBe(now + REVEAL_FALLBACK_MS);
    expect(revealDeadlineMs('soon', now)).toBe(now + REVEAL_FALLBACK_MS);
  });
});
