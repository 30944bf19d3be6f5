// `CreateDigitalWalletInput.idempotencyKey` (schema.graphql): a repeat with the same key and input
// answers the wallet the first call made; with other input, CONFLICT. Keys are per organization
// and kept 24 hours (digital_wallet_creation_key, migration 0007). The input is compared by a
// SHA-256 digest of its normalized fields, so a repeat that differs only in the coin's case, or
// in naming the key's own organization, is the same request.
import { createHash } from 'node:crypto';
import type { CustodyWalletType } from '../../providers/custody/custody-provider.ts';

export const creationKeyLifetimeMs = 24 * 60 * 60 * 1000;

export interface NormalizedWalletInput {
  organizationId: string;
  label: string;
  /** Lower case, as the custodian's. */
  type: CustodyWalletType;
  /** The coin symbol in upper case. */
  coin: string;
  ownerUserId: string | null;
  userPublicKey: string | null;
}

export function creationInputDigest(input: NormalizedWalletInput): string {
  const fields = [input.organizationId, input.label, input.type, input.coin, input.ownerUserId, input.userPublicKey];
  return createHash('sha256').update(JSON.stringify(fields)).digest('hex');
}
