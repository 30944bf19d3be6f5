// The envelope of sealed questionnaire answers (docs/kyc.md#encryption): AES-256-GCM with a fresh
// 96-bit nonce, the key id and tag carried in the envelope, the profile id bound in as associated
// data; every byte altered, another profile, another key id or a key the ring lacks fails, with
// the reason, and never with plaintext in the message.
import { createDecipheriv, randomBytes } from 'node:crypto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createKycDataKeyRing } from '../../../src/domain/kyc/kyc-data-key-ring.ts';
import {
  QuestionnaireCipherError,
  decryptQuestionnaire,
  encryptQuestionnaire,
  envelopeKeyId,
} from '../../../src/domain/kyc/questionnaire-cipher.ts';

const oldSecret = randomBytes(32);
const newSecret = randomBytes(32);
const ring = createKycDataKeyRing([
  { id: 'k2', secret: newSecret.toString('base64') },
  { id: 'k1', secret: oldSecret.toString('base64') },
]);
const oldRing = createKycDataKeyRing([{ id: 'k1', secret: oldSecret.toString('base64') }]);
const profile = '77777777-0000-4000-8000-000000000001';
const other = '77777777-0000-4000-8000-000000000002';
const plaintext = '{"format":1,"questionnaires":[{"id":"sof","answer":"Portfolio manager"}]}';

function failure(run: () => unknown): [string, string | null, string] {
  try {
    run();
  } catch (error) {
    if (error instanceof QuestionnaireCipherError) return [error.reason, error.keyId, error.message];
    throw error;
  }
  throw new Error('did not fail');
}

test('the envelope: version, key id, a 12-byte nonce, a 16-byte tag, then the ciphertext of the current key', () => {
  const envelope = encryptQuestionnaire(ring, profile, plaintext);
  assert.equal([envelope[0], envelope[1], envelope.subarray(2, 4).toString('ascii')], [1, 2, 'k2']);
  assert.is(envelope.length, 2 + 2 + 12 + 16 + Buffer.byteLength(plaintext));
  assert.is(envelopeKeyId(envelope), 'k2');
  // Decrypting by hand with the layout above and the documented associated data gives the plaintext.
  const decipher = createDecipheriv('aes-256-gcm', newSecret, envelope.subarray(4, 16), { authTagLength: 16 });
  decipher.setAAD(
    Buffer.concat([Buffer.from(`wealth-platform/kyc_profile.questionnaire/v1\0${profile}\0`), envelope.subarray(0, 4)]),
  );
  decipher.setAuthTag(envelope.subarray(16, 32));
  assert.is(Buffer.concat([decipher.update(envelope.subarray(32)), decipher.final()]).toString('utf8'), plaintext);
  assert.not.ok(envelope.includes(Buffer.from('Portfolio manager')));
});

test('round trip, with a fresh nonce each time; profile ids compare without regard to case', () => {
  const first = encryptQuestionnaire(ring, profile, plaintext);
  const second = encryptQuestionnaire(ring, profile, plaintext);
  assert.is.not(first.subarray(4, 16).toString('hex'), second.subarray(4, 16).toString('hex'));
  assert.is(decryptQuestionnaire(ring, profile, first), plaintext);
  assert.is(decryptQuestionnaire(ring, profile.toUpperCase(), second), plaintext);
});

test('an older key of the ring still decrypts what it sealed', () => {
  const sealedWithOld = encryptQuestionnaire(oldRing, profile, plaintext);
  assert.is(envelopeKeyId(sealedWithOld), 'k1');
  assert.is(decryptQuestionnaire(ring, profile, sealedWithOld), plaintext);
});

test('every altered byte fails authentication', () => {
  const envelope = encryptQuestionnaire(ring, profile, plaintext);
  for (let index = 4; index < envelope.length; index += 1) {
    const altered = Buffer.from(envelope);
    altered[index]! ^= 0x80;
    assert.is(failure(() => decryptQuestionnaire(ring, profile, altered))[0], 'authentication-failed', `byte ${index}`);
  }
});

test('moved to another profile, or relabelled with another key id, it does not decrypt', () => {
  const envelope = encryptQuestionnaire(ring, profile, plaintext);
  assert.equal(
    failure(() => decryptQuestionnaire(ring, other, envelope)),
    [
      'authentication-failed',
      'k2',
      `questionnaire of KYC profile ${other} failed authentication under key 'k2': altered, or stored for another profile`,
    ],
  );
  // Same length id, so the layout still parses: the header is bound too.
  const relabelled = Buffer.from(envelope);
  relabelled.write('k1', 2, 'ascii');
  assert.is(failure(() => decryptQuestionnaire(ring, profile, relabelled))[0], 'authentication-failed');
});

test('a key the ring lacks, an unknown version or a truncated envelope fail with their reason', () => {
  const envelope = encryptQuestionnaire(ring, profile, plaintext);
  assert.equal(
    failure(() => decryptQuestionnaire(oldRing, profile, envelope)),
    [
      'unknown-key',
      'k2',
      `questionnaire of KYC profile ${profile} is encrypted with key 'k2', which KYC_DATA_KEYS does not hold`,
    ],
  );
  assert.equal(
    failure(() => decryptQuestionnaire(ring, profile, Buffer.from('{"format":1}'))),
    ['malformed', null, 'questionnaire envelope has unknown version 123'],
  );
  assert.equal(
    failure(() => decryptQuestionnaire(ring, profile, envelope.subarray(0, 20))),
    ['malformed', null, 'questionnaire envelope is truncated (20 bytes)'],
  );
});

test('a ring needs a key, and keys of 32 bytes', () => {
  assert.throws(() => createKycDataKeyRing([]), /the KYC data key ring is empty/);
  assert.throws(
    () => createKycDataKeyRing([{ id: 'short', secret: randomBytes(16).toString('base64') }]),
    /KYC data key 'short' is 16 bytes, not 32/,
  );
});

test.run();
