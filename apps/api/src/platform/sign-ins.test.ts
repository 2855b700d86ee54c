import { describe, expect, it } from 'vitest';
import { deviceName, maskIp } from './sign-ins.ts';

describe('naming a device and hiding an IP', () => {
  it.each([
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      'Chrome on Android',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Safari on iOS',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'Edge on Windows',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0', 'Firefox on Linux'],
    ['okhttp/4.12.0', 'App (okhttp)'],
    ['', 'Unknown device'],
    [undefined, 'Unknown device'],
  ])('when the user agent is %j, then the device is %j', (agent, name) => {
    expect(deviceName(agent)).toBe(name);
  });

  it.each([
    ['102.89.34.7', '102.89.34.x'],
    ['::ffff:41.58.1.200', '41.58.1.x'],
    ['2001:db8:85a3:8d3:1319:8a2e:370:7348', '2001:db8:85a3::/48'],
    ['::1', '0::/48'],
    ['not an address', 'unknown'],
    [undefined, 'unknown'],
  ])('when the IP is %j, then it is kept as %j', (ip, masked) => {
    expect(maskIp(ip)).toBe(masked);
  });
});
