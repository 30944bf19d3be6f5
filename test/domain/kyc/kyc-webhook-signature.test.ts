// Verification of a KYC provider webhook (docs/kyc.md#webhooks): the hex HMAC of the raw body,
// SHA-256 by default or SHA-512 when X-Payload-Digest-Alg says so, compared in constant time; every
// failure is UNAUTHENTICATED, saying which check failed.
import { createHmac } from 'node:crypto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { verifyKycWebhookSignature } from '../../../src/domain/kyc/kyc-webhook-signature.ts';
import { AppError } from '../../../src/errors/app-error.ts';

const secret = 'webhook-secret-for-the-unit-test';
const body = Buffer.from('{"type":"applicantReviewed","applicantId":"5cb56e8e0a975a35f333cb83"}');
const hex = (algorithm: string, key = secret, bytes: Buffer = body) =>
  createHmac(algorithm, key).update(bytes).digest('hex');

function refusal(digest: string | undefined, algorithm?: string): string | null {
  try {
    verifyKycWebhookSignature(secret, body, { digest, algorithm });
    return null;
  } catch (error) {
    assert.instance(error, AppError);
    assert.is((error as AppError).code, 'UNAUTHENTICATED');
    return (error as AppError).message;
  }
}

test('valid digests pass: SHA-256 by default or by name, SHA-512 by name, hex in either case', () => {
  assert.is(refusal(hex('sha256')), null);
  assert.is(refusal(hex('sha256'), 'HMAC_SHA256_HEX'), null);
  assert.is(refusal(hex('sha256').toUpperCase()), null);
  assert.is(refusal(hex('sha512'), 'HMAC_SHA512_HEX'), null);
});

test('a missing, wrong, truncated or mislabelled digest is refused', () => {
  const mismatch = 'webhook refused: X-Payload-Digest does not match the body';
  assert.is(refusal(undefined), 'webhook refused: no X-Payload-Digest header');
  assert.is(refusal(''), 'webhook refused: no X-Payload-Digest header');
  assert.is(refusal(hex('sha256', 'another-secret')), mismatch);
  assert.is(refusal(hex('sha256', secret, Buffer.concat([body, Buffer.from(' ')]))), mismatch);
  assert.is(refusal(hex('sha256').slice(0, 62)), mismatch);
  assert.is(refusal(`${hex('sha256').slice(0, 63)}g`), mismatch);
  assert.is(refusal(hex('sha512')), mismatch);
  assert.is(refusal(hex('sha256'), 'HMAC_SHA512_HEX'), mismatch);
});

test('other algorithms are refused, SHA-1 included', () => {
  const message = 'webhook refused: X-Payload-Digest-Alg must be HMAC_SHA256_HEX or HMAC_SHA512_HEX';
  assert.is(refusal(hex('sha1'), 'HMAC_SHA1_HEX'), message);
  assert.is(refusal(hex('sha256'), 'hmac_sha256_hex'), message);
  assert.is(refusal(hex('sha256'), 'toString'), message);
});

test.run();
