// Questionnaire answers at rest (docs/kyc.md#encryption): AES-256-GCM with a random 96-bit nonce
// per ciphertext. The stored bytes are an envelope that carries everything decryption needs but
// the key: version, key id, nonce, tag, ciphertext. The associated data binds the envelope's
// header and the profile id, so changing the key id, or moving the bytes to another
// kyc_profile row, fails authentication instead of decrypting.
//
//   byte 0        version (1)
//   byte 1        key id length n (1..64)
//   2 .. 2+n      key id (ASCII)
//   next 12       nonce
//   next 16       GCM tag
//   rest          ciphertext of the UTF-8 plaintext
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { KycDataKeyRing } from './kyc-data-key-ring.ts';

const version = 1;
const nonceBytes = 12;
const tagBytes = 16;
const associatedDataLabel = 'wealth-platform/kyc_profile.questionnaire/v1';

export type QuestionnaireCipherFailure = 'malformed' | 'unknown-key' | 'authentication-failed';

/** Why stored answers do not decrypt; never carries plaintext or key material. */
export class QuestionnaireCipherError extends Error {
  readonly reason: QuestionnaireCipherFailure;
  readonly keyId: string | null;
  constructor(reason: QuestionnaireCipherFailure, message: string, keyId: string | null = null) {
    super(message);
    this.name = 'QuestionnaireCipherError';
    this.reason = reason;
    this.keyId = keyId;
  }
}

export function encryptQuestionnaire(ring: KycDataKeyRing, profileId: string, plaintext: string): Buffer {
  const { id, key } = ring.current;
  const header = envelopeHeader(id);
  const nonce = randomBytes(nonceBytes);
  const cipher = createCipheriv('aes-256-gcm', key, nonce, { authTagLength: tagBytes });
  cipher.setAAD(associatedData(header, profileId));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return Buffer.concat([header, nonce, cipher.getAuthTag(), body]);
}

export function decryptQuestionnaire(ring: KycDataKeyRing, profileId: string, envelope: Uint8Array): string {
  const parts = openEnvelope(envelope);
  const dataKey = ring.find(parts.keyId);
  if (!dataKey)
    throw new QuestionnaireCipherError(
      'unknown-key',
      `questionnaire of KYC profile ${profileId} is encrypted with key '${parts.keyId}', which KYC_DATA_KEYS does not hold`,
      parts.keyId,
    );
  const decipher = createDecipheriv('aes-256-gcm', dataKey.key, parts.nonce, { authTagLength: tagBytes });
  decipher.setAAD(associatedData(parts.header, profileId));
  decipher.setAuthTag(parts.tag);
  try {
    return Buffer.concat([decipher.update(parts.ciphertext), decipher.final()]).toString('utf8');
  } catch {
    throw new QuestionnaireCipherError(
      'authentication-failed',
      `questionnaire of KYC profile ${profileId} failed authentication under key '${parts.keyId}': altered, or stored for another profile`,
      parts.keyId,
    );
  }
}

/** The id of the key an envelope was made with (re-encryption skips those already current). */
export function envelopeKeyId(envelope: Uint8Array): string {
  return openEnvelope(envelope).keyId;
}

function envelopeHeader(keyId: string): Buffer {
  const id = Buffer.from(keyId, 'ascii');
  if (id.length < 1 || id.length > 64) throw new Error(`KYC data key id must be 1 to 64 characters, got ${id.length}`);
  return Buffer.concat([Buffer.from([version, id.length]), id]);
}

function associatedData(header: Buffer, profileId: string): Buffer {
  // Profile ids are UUIDs: one spelling, whatever case a caller used.
  return Buffer.concat([Buffer.from(`${associatedDataLabel}\0${profileId.toLowerCase()}\0`, 'utf8'), header]);
}

function openEnvelope(bytes: Uint8Array) {
  const envelope = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (envelope.length < 2 || envelope[0] !== version)
    throw new QuestionnaireCipherError('malformed', `questionnaire envelope has unknown version ${envelope[0]}`);
  const idLength = envelope[1]!;
  const bodyStart = 2 + idLength + nonceBytes + tagBytes;
  if (idLength < 1 || idLength > 64 || envelope.length < bodyStart)
    throw new QuestionnaireCipherError('malformed', `questionnaire envelope is truncated (${envelope.length} bytes)`);
  const header = envelope.subarray(0, 2 + idLength);
  return {
    header,
    keyId: envelope.subarray(2, 2 + idLength).toString('ascii'),
    nonce: envelope.subarray(2 + idLength, 2 + idLength + nonceBytes),
    tag: envelope.subarray(2 + idLength + nonceBytes, bodyStart),
    ciphertext: envelope.subarray(bodyStart),
  };
}
