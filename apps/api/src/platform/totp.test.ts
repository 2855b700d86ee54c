import { describe, expect, it } from 'vitest';
import { fromBase32, matchTotp, toBase32, totpCode, totpStep } from './totp.ts';

// RFC 6238 appendix B: the SHA-1 secret is the ASCII "12345678901234567890"; 8-digit codes there,
// whose last six digits are the 6-digit codes.
const rfcSecret = toBase32(Buffer.from('12345678901234567890'));

describe('TOTP', () => {
  it('matches the RFC 6238 test vectors', () => {
    const vectors: [number, string][] = [
      [59, '287082'],
      [1111111109, '081804'],
      [1111111111, '050471'],
      [1234567890, '005924'],
      [2000000000, '279037'],
    ];
    for (const [seconds, code] of vectors) {
      expect(totpCode(rfcSecret, totpStep(new Date(seconds * 1000)))).toBe(code);
    }
  });

  it('round-trips base32', () => {
    const bytes = Buffer.from([0, 1, 2, 250, 255, 17, 99]);
    expect(fromBase32(toBase32(bytes))).toEqual(bytes);
  });

  it('accepts the neighbouring steps only, and only six digits', () => {
    const at = new Date(1_700_000_000_000);
    const step = totpStep(at);
    expect(matchTotp(rfcSecret, totpCode(rfcSecret, step), at)).toBe(step);
    expect(matchTotp(rfcSecret, totpCode(rfcSecret, step - 1), at)).toBe(step - 1);
    expect(matchTotp(rfcSecret, totpCode(rfcSecret, step + 1), at)).toBe(step + 1);
    expect(matchTotp(rfcSecret, totpCode(rfcSecret, step - 3), at)).toBeNull();
    expect(matchTotp(rfcSecret, '12345', at)).toBeNull();
    expect(matchTotp(rfcSecret, 'abcdef', at)).toBeNull();
  });
});
