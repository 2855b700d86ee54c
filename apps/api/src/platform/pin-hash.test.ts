import { describe, expect, it } from 'vitest';
import { hashPassword } from './passwords.ts';
import { pinHasher } from './pin-hash.ts';

const secret = 'a-test-secret-that-is-long-enough-0123456789';
const owner = '6f1c2a0e-3b7d-4d8e-9a51-2c4b6d8f0a13';

describe('transaction PIN hashing', () => {
  it('when a PIN is hashed, then only its keyed digest and a salt are kept, and the same PIN matches', async () => {
    const hasher = pinHasher(secret);
    const stored = hasher.hash(owner, '2580');
    expect(stored).toMatch(/^hmac-sha256\$[0-9a-f]{32}\$[0-9a-f]{64}$/);
    expect(stored).not.toContain('2580');
    expect(await hasher.check(owner, stored, '2580')).toEqual({ matches: true, outdated: false });
  });

  it('when the same PIN is hashed twice, then the salts and digests differ', () => {
    const hasher = pinHasher(secret);
    expect(hasher.hash(owner, '2580')).not.toBe(hasher.hash(owner, '2580'));
  });

  it('when every other PIN is tried, then none matches', async () => {
    const hasher = pinHasher(secret);
    const stored = hasher.hash(owner, '2580');
    const matching: string[] = [];
    for (let value = 0; value < 10_000; value += 1) {
      const pin = String(value).padStart(4, '0');
      if ((await hasher.check(owner, stored, pin)).matches) matching.push(pin);
    }
    expect(matching).toEqual(['2580']);
  });

  it('when the hash is moved to another user or checked under another secret, then it does not match', async () => {
    const stored = pinHasher(secret).hash(owner, '2580');
    const otherUser = '0b9e7d5c-3a18-4f26-8e4d-1c2b3a4d5e6f';
    expect((await pinHasher(secret).check(otherUser, stored, '2580')).matches).toBe(false);
    expect((await pinHasher(`${secret}-other`).check(owner, stored, '2580')).matches).toBe(false);
  });

  it('when the stored value is malformed or tampered with, then nothing matches', async () => {
    const hasher = pinHasher(secret);
    const stored = hasher.hash(owner, '2580');
    const tampered = `${stored.slice(0, -1)}${stored.endsWith('0') ? '1' : '0'}`;
    for (const value of [tampered, '', 'hmac-sha256$', 'plain$2580', stored.slice(0, -2)]) {
      expect((await hasher.check(owner, value, '2580')).matches).toBe(false);
    }
  });

  it('when a PIN was stored as an argon2id hash, then it still matches and is marked for rewriting', async () => {
    const hasher = pinHasher(secret);
    const legacy = await hashPassword('2580');
    expect(await hasher.check(owner, legacy, '2580')).toEqual({ matches: true, outdated: true });
    expect((await hasher.check(owner, legacy, '2581')).matches).toBe(false);
  });
});
