import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Encryption of protected personal data at rest (NDPA 2023: BVN, selfies): AES-256-GCM with a
 * key that lives outside the database, plus a keyed hash (blind index) where uniqueness or
 * lookup is needed without decrypting. Both keys are derived from APP_SECRET with HKDF under
 * distinct labels; the stored text carries a key version so keys can rotate.
 */
export interface FieldCrypto {
  encrypt(plaintext: Buffer | string): string;
  decrypt(ciphertext: string): Buffer;
  blindIndex(value: string): string;
}

const keyVersion = 'v1';

export function fieldCrypto(appSecret: string): FieldCrypto {
  const derive = (label: string) =>
    Buffer.from(hkdfSync('sha256', appSecret, 'ajo-field-crypto', label, 32));
  const encryptionKey = derive('encryption:v1');
  const indexKey = derive('blind-index:v1');

  return {
    encrypt: (plaintext) => {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', encryptionKey, iv);
      const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
      const tag = cipher.getAuthTag();
      return `${keyVersion}:${Buffer.concat([iv, tag, body]).toString('base64')}`;
    },
    decrypt: (ciphertext) => {
      const [version, encoded] = ciphertext.split(':');
      if (version !== keyVersion || !encoded) throw new Error('unknown field encryption version');
      const packed = Buffer.from(encoded, 'base64');
      const decipher = createDecipheriv('aes-256-gcm', encryptionKey, packed.subarray(0, 12));
      decipher.setAuthTag(packed.subarray(12, 28));
      return Buffer.concat([decipher.update(packed.subarray(28)), decipher.final()]);
    },
    blindIndex: (value) => createHmac('sha256', indexKey).update(value).digest('hex'),
  };
}
