import { expect, type APIRequestContext } from '@playwright/test';
import { CLIENT_HEADERS } from './client-headers.ts';

/** What the sandbox clock answers after a move: the server's time and its Lagos business date. */
export interface SandboxClockMove {
  now: string;
  business_date: string;
}

/**
 * Moves the server's sandbox clock forward by whole days (a day at a time, running what fell due
 * each day) or by minutes (a quote or a sign-in code runs out without waiting). Journeys share
 * one server's clock, so a move is for good.
 */
export async function moveSandboxClock(
  request: APIRequestContext,
  by: { advance_days: number } | { advance_minutes: number },
): Promise<SandboxClockMove> {
  const response = await request.post('/v1/sandbox/clock', {
    headers: CLIENT_HEADERS,
    data: by,
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: SandboxClockMove }).data;
}

/**
 * The server's time now, from an answer's `X-Server-Time`: what the app counts "today" by, which
 * is ahead of this machine's once a journey has moved the shared sandbox clock.
 */
export async function readServerTime(request: APIRequestContext): Promise<Date> {
  const response = await request.get('/v1/configurations?name=exchange_rate');
  const header = response.headers()['x-server-time'];
  expect(header, 'the answer carries X-Server-Time').toBeDefined();
  return new Date(header ?? '');
}
