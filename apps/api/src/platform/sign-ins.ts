import { sql } from 'drizzle-orm';
import type { Executor } from './db.ts';

/** Where a request came from, as much as a person needs to recognise their own device. */
export interface SignInDevice {
  /** "Chrome on Android", from the user agent. */
  device: string;
  /** The IP with its last part hidden: `102.89.34.x`, `2001:db8:85a3::/48`. */
  ipMasked: string;
}

const browsers: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*Safari\//, 'Safari'],
];

const systems: [RegExp, string][] = [
  [/\bAndroid\b/, 'Android'],
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bLinux\b/, 'Linux'],
];

/** Names the browser and system of a user agent; other clients are named by what they send. */
export function deviceName(userAgent: string | undefined): string {
  const agent = (userAgent ?? '').slice(0, 512);
  if (agent.trim() === '') return 'Unknown device';
  const browser = browsers.find(([pattern]) => pattern.test(agent))?.[1];
  const system = systems.find(([pattern]) => pattern.test(agent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  if (browser ?? system) return browser ?? system ?? '';
  const product = /^([A-Za-z][\w.-]{0,30})(?:\/[\w.]{1,20})?/.exec(agent)?.[1];
  return product ? `App (${product})` : 'Unknown device';
}

/**
 * Hides the host part of an address: an IPv4's last number, an IPv6's last 80 bits. Enough to
 * tell "my network" from "somewhere else" without keeping the full address of anyone.
 */
export function maskIp(ip: string | undefined): string {
  const address = (ip ?? '').replace(/^::ffff:/i, '');
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/.exec(address);
  if (v4) return `${v4[1] ?? ''}.${v4[2] ?? ''}.${v4[3] ?? ''}.x`;
  if (address.includes(':')) {
    const groups = address.split('::')[0]?.split(':').filter(Boolean).slice(0, 3) ?? [];
    return `${groups.join(':') || '0'}::/48`;
  }
  return 'unknown';
}

export function signInDevice(request: { headers: { 'user-agent'?: string }; ip: string }) {
  return { device: deviceName(request.headers['user-agent']), ipMasked: maskIp(request.ip) };
}

/** Remembers where a new session was opened, in the transaction that opens it. */
export async function recordSessionDevice(
  executor: Executor,
  sessionId: string,
  device: SignInDevice,
) {
  await executor.execute(sql`insert into session_devices (session_id, device, ip_masked)
    values (${sessionId}, ${device.device}, ${device.ipMasked}) on conflict do nothing`);
}

/** One line of the account's sign-in history. */
export async function recordSignIn(
  executor: Executor,
  entry: { userId: string; outcome: 'success' | 'failure'; device: SignInDevice; now: Date },
) {
  await executor.execute(sql`insert into sign_in_events (user_id, outcome, device, ip_masked,
      created_at)
    values (${entry.userId}, ${entry.outcome}, ${entry.device.device}, ${entry.device.ipMasked},
            ${entry.now.toISOString()})`);
}
