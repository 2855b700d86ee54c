import { describe, expect, it } from 'vitest';
import { greetingAt } from './greeting.ts';

describe('greetingAt', () => {
  it('when it is morning, afternoon or evening in Lagos, then the greeting follows Lagos time', () => {
    // 10:59 UTC is 11:59 in Lagos; 11:00 UTC is noon there.
    expect(greetingAt(new Date('2026-11-25T10:59:00Z'))).toBe('Good morning');
    expect(greetingAt(new Date('2026-11-25T11:00:00Z'))).toBe('Good afternoon');
    expect(greetingAt(new Date('2026-11-25T16:00:00Z'))).toBe('Good evening');
    expect(greetingAt(new Date('2026-11-25T23:30:00Z'))).toBe('Good morning');
  });
});
