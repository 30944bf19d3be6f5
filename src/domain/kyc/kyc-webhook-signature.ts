// Verifies a KYC provider webhook (docs/kyc.md#webhooks, docs/domain.md#kyc): `X-Payload-Digest`
// is the lowercase hex HMAC of the raw body under the webhook secret, with the algorithm
// `X-Payload-Digest-Alg` names (Sumsub: HMAC_SHA256_HEX, the default when the header is absent,
// or HMAC_SHA512_HEX). Checked on the bytes as received, before anything parses them, and
// compared in constant time. HMAC_SHA1_HEX is refused: configure SHA-256 at the provider.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../errors/app-error.ts';

export const kycWebhookDigestAlgorithms = { HMAC_SHA256_HEX: 'sha256', HMAC_SHA512_HEX: 'sha512' } as const;

export type KycWebhookDigestAlgorithm = keyof typeof kycWebhookDigestAlgorithms;

export interface KycWebhookSignature {
  /** `X-Payload-Digest` as received; empty or absent when missing. */
  digest: string | undefined;
  /** `X-Payload-Digest-Alg` as received; absent means HMAC_SHA256_HEX. */
  algorithm: string | undefined;
}

/** Throws UNAUTHENTICATED, saying which check failed, unless `signature` is the body's digest under `secret`. */
export function verifyKycWebhookSignature(secret: string, rawBody: Uint8Array, signature: KycWebhookSignature): void {
  if (!signature.digest) throw refused('no X-Payload-Digest header');
  const name = signature.algorithm || 'HMAC_SHA256_HEX';
  const algorithm = kycWebhookDigestAlgorithms[name as KycWebhookDigestAlgorithm];
  if (!Object.hasOwn(kycWebhookDigestAlgorithms, name))
    throw refused(`X-Payload-Digest-Alg must be ${Object.keys(kycWebhookDigestAlgorithms).join(' or ')}`);
  const expected = createHmac(algorithm, secret).update(rawBody).digest();
  const presented = /^[0-9a-fA-F]+$/.test(signature.digest) ? Buffer.from(signature.digest, 'hex') : Buffer.alloc(0);
  if (presented.length !== expected.length || !timingSafeEqual(presented, expected))
    throw refused('X-Payload-Digest does not match the body');
}

function refused(reason: string): AppError {
  return new AppError('UNAUTHENTICATED', `webhook refused: ${reason}`);
}
