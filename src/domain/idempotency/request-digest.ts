// The digest an idempotency key is kept with (docs/idempotency.md): the SHA-256 of the normalized
// input fields in a fixed order, so that a repeat is recognized as the same request however the
// client spelled what the service normalizes (a coin's case, its own organization named or not).
import { createHash } from 'node:crypto';

export type DigestField = string | number | boolean | null;

export function requestDigest(fields: readonly DigestField[]): string {
  return createHash('sha256').update(JSON.stringify(fields)).digest('hex');
}
