// What `createDigitalWallet` keeps with its claim in `idempotency_key` (migration 0023,
// docs/custody.md#idempotent-creation): the digest its `idempotencyKey` is compared by, and the
// intent, everything registering the wallet needs, so that a wallet the custodian made for a
// request that died before its commit can be registered by the next request with the key or by
// the start-up sweep. The input is compared by a SHA-256 digest of its normalized fields, so a
// repeat that differs only in the coin's case, or in naming the key's own organization, is the
// same request.
import type { CustodyWalletType } from '../../providers/custody/custody-provider.ts';
import { requestDigest } from '../idempotency/request-digest.ts';

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

/** The intent of a creation: its input, the coin's network and who creates it. */
export interface WalletCreationIntent extends NormalizedWalletInput {
  /** The coin's network (coin.network), for the first address. */
  network: string;
  createdBy: string;
}

export function creationInputDigest(input: NormalizedWalletInput): string {
  return requestDigest([
    input.organizationId,
    input.label,
    input.type,
    input.coin,
    input.ownerUserId,
    input.userPublicKey,
  ]);
}
