import { afterEach, describe, expect, it } from 'vitest';
import { lagosToday } from './dates.ts';
import { noteServerTime, serverNow } from './server-clock.ts';

const DAY_MS = 86_400_000;

afterEach(() => {
  noteServerTime(new Date().toISOString());
});

describe('the server clock', () => {
  it('when the server is days ahead (a sandbox clock moved on), then "today" is the server’s day', () => {
    const receivedAt = Date.now();
    noteServerTime(new Date(receivedAt + 3 * DAY_MS).toISOString(), receivedAt);
    expect(lagosToday()).toBe(lagosToday(new Date(receivedAt + 3 * DAY_MS)));
    expect(Math.abs(serverNow().getTime() - (Date.now() + 3 * DAY_MS))).toBeLessThan(1_000);
  });

  it('when the two clocks differ by a network delay only, then the device’s clock is kept', () => {
    const receivedAt = Date.now();
    noteServerTime(new Date(receivedAt + 3 * DAY_MS).toISOString(), receivedAt);
    noteServerTime(new Date(receivedAt - 2_000).toISOString(), receivedAt);
    expect(Math.abs(serverNow().getTime() - Date.now())).toBeLessThan(1_000);
  });

  it('when the header is missing or unreadable, then what was last heard stands', () => {
    const receivedAt = Date.now();
    noteServerTime(new Date(receivedAt - 2 * DAY_MS).toISOString(), receivedAt);
    noteServerTime(null);
    noteServerTime('not a time');
    expect(lagosToday()).toBe(lagosToday(new Date(receivedAt - 2 * DAY_MS)));
  });
});
