// Digests and random values for credentials. Every secret the platform hands out is 256
// bits of randomness, so a plain SHA-256 is a sufficient one-way function for storing it.
import { createHash, hash, randomBytes, timingSafeEqual } from 'node:crypto';

export function randomSecret(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function sha256Base64Url(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('base64url');
}

/** One-shot: it runs on every data-layer request with the admin secret, and on every API key check. */
export function sha256Hex(value: string): string {
  return hash('sha256', value, 'hex');
}

/** Constant-time comparison of two digests of the same algorithm and encoding. */
export function digestsEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * A constant-time test of a secret against one known secret, by their SHA-256 digests (the digests
 * have one length, so neither the secret's length nor its content shows in the time taken). The
 * known digest's bytes are made once: the data layer tests its admin secret on every request.
 */
export function secretMatcher(known: string): (candidate: string) => boolean {
  const expected = Buffer.from(sha256Hex(known), 'latin1');
  return (candidate) => timingSafeEqual(Buffer.from(sha256Hex(candidate), 'latin1'), expected);
}
