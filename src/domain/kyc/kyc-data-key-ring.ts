// The keys of KYC questionnaire answers at rest (docs/kyc.md#keys), from KYC_DATA_KEYS or the
// key generated into DATA_DIR/secrets.json: the first entry encrypts, every entry decrypts, each
// found by the id its ciphertexts carry.
import type { KycDataKeyEntry } from '../../config/kyc-data-keys-config.ts';

export interface KycDataKey {
  readonly id: string;
  /** 32 bytes: AES-256. */
  readonly key: Buffer;
}

export interface KycDataKeyRing {
  /** The key new ciphertexts are made with. */
  readonly current: KycDataKey;
  /** The key of this id, whether or not it is current; undefined when the ring holds none. */
  find(id: string): KycDataKey | undefined;
}

export function createKycDataKeyRing(entries: readonly KycDataKeyEntry[]): KycDataKeyRing {
  const keys = entries.map((entry) => ({ id: entry.id, key: Buffer.from(entry.secret, 'base64') }));
  const [current] = keys;
  if (!current) throw new Error('the KYC data key ring is empty: KYC_DATA_KEYS needs at least one id:base64key');
  for (const key of keys)
    if (key.key.length !== 32) throw new Error(`KYC data key '${key.id}' is ${key.key.length} bytes, not 32`);
  const byId = new Map(keys.map((key) => [key.id, key]));
  return { current, find: (id) => byId.get(id) };
}
