import { describe, expect, it } from 'vitest';
import { fieldCrypto } from './field-crypto.ts';

const secret = 'a-test-secret-that-is-long-enough-0123456789';

describe('field encryption and blind index', () => {
  it('when a BVN is encrypted, then it decrypts back and the stored text does not hold it', () => {
    const crypto = fieldCrypto(secret);
    const stored = crypto.encrypt('22222222222');
    expect(stored).toMatch(/^v1:/);
    expect(stored).not.toContain('22222222222');
    expect(crypto.decrypt(stored).toString()).toBe('22222222222');
  });

  it('when the same value is encrypted twice, then the texts differ (random IV)', () => {
    const crypto = fieldCrypto(secret);
    expect(crypto.encrypt('22222222222')).not.toBe(crypto.encrypt('22222222222'));
  });

  it('when the stored text is tampered with, then decryption refuses it', () => {
    const crypto = fieldCrypto(secret);
    const stored = crypto.encrypt('22222222222');
    const bytes = Buffer.from(stored.slice(3), 'base64');
    bytes[bytes.length - 1] = (bytes.at(-1) ?? 0) ^ 1;
    expect(() => crypto.decrypt(`v1:${bytes.toString('base64')}`)).toThrow();
  });

  it('when another secret is used, then neither decryption nor the index match', () => {
    const stored = fieldCrypto(secret).encrypt('22222222222');
    const other = fieldCrypto(`${secret}-other`);
    expect(() => other.decrypt(stored)).toThrow();
    expect(other.blindIndex('22222222222')).not.toBe(fieldCrypto(secret).blindIndex('22222222222'));
  });

  it('when the same value is indexed twice, then the blind index is stable', () => {
    const crypto = fieldCrypto(secret);
    expect(crypto.blindIndex('22222222222')).toBe(crypto.blindIndex('22222222222'));
    expect(crypto.blindIndex('22222222222')).toMatch(/^[0-9a-f]{64}$/);
  });
});
