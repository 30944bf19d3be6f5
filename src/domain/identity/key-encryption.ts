// Encryption at rest of the private signing keys (docs/identity.md#signing-keys): AES-256-GCM under
// a key derived with HKDF from SIGNING_KEY_SECRET; the kid is bound in as associated data, so a
// ciphertext copied onto another row does not decrypt.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const version = 1;
const ivLength = 12;
const tagLength = 16;

export interface KeyEncryption {
  encrypt(plaintext: string, kid: string): Buffer;
  decrypt(ciphertext: Buffer, kid: string): string;
}

export function createKeyEncryption(secret: string): KeyEncryption {
  const key = Buffer.from(hkdfSync('sha256', secret, 'wealth-platform', 'signing-key-encryption/v1', 32));
  return {
    encrypt(plaintext, kid) {
      const iv = randomBytes(ivLength);
      const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: tagLength });
      cipher.setAAD(Buffer.from(kid, 'utf8'));
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return Buffer.concat([Buffer.from([version]), iv, cipher.getAuthTag(), body]);
    },
    decrypt(ciphertext, kid) {
      if (ciphertext[0] !== version) throw new Error(`signing key ${kid}: unknown encryption format ${ciphertext[0]}`);
      const iv = ciphertext.subarray(1, 1 + ivLength);
      const tag = ciphertext.subarray(1 + ivLength, 1 + ivLength + tagLength);
      const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: tagLength });
      decipher.setAAD(Buffer.from(kid, 'utf8'));
      decipher.setAuthTag(tag);
      try {
        return Buffer.concat([
          decipher.update(ciphertext.subarray(1 + ivLength + tagLength)),
          decipher.final(),
        ]).toString('utf8');
      } catch (error) {
        throw new Error(
          `signing key ${kid} does not decrypt: SIGNING_KEY_SECRET differs from the one it was stored with`,
          { cause: error },
        );
      }
    },
  };
}
