// The shape of API key secrets: `wpk_<prefix>_<secret>`. The prefix is a public handle
// (shown in listings and logs); only the SHA-256 of the whole key is stored.
import { randomBytes } from 'node:crypto';
import { randomSecret, sha256Hex } from './secret-digest.ts';

/** The prefix under which ADMIN_API_KEY is stored: its value has no prefix of its own. */
export const bootstrapPrefix = 'bootstrap';

const keyPattern = /^wpk_([0-9a-f]{12})_([A-Za-z0-9_-]{43})$/;

export function generateApiKeySecret(): { secret: string; prefix: string; hash: string } {
  const prefix = randomBytes(6).toString('hex');
  const secret = `wpk_${prefix}_${randomSecret(32)}`;
  return { secret, prefix, hash: hashApiKey(secret) };
}

export function hashApiKey(secret: string): string {
  return sha256Hex(secret);
}

/** The prefix a presented key is stored under; keys of another shape can only be the bootstrap key. */
export function prefixOf(secret: string): string {
  return keyPattern.exec(secret)?.[1] ?? bootstrapPrefix;
}
