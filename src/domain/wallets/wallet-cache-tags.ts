// Tags of the business API's cached wallet results (docs/caches.md#result-cache): what a
// result was computed from, so that a mutation invalidates exactly what it changed. A view of one
// wallet carries its wallet tag; an aggregate over a user's or an organization's wallets carries
// the holder's tag. The rule for writers: any change to a wallet (its row, holdings, addresses,
// whitelist, transfers; created, archived or moved) invalidates `walletChangeTags` of the wallet,
// before and after a move, so both its own views and every aggregate that counts it leave.
// A tag is at most `longestTag` characters; a user id may be 255 (app_user.id), so the owner's tag
// of a long id names its SHA-256 instead, the same for every caller of `walletOwnerTag`.
import { createHash } from 'node:crypto';
import { longestTag } from '../../cache/result-cache.ts';

/** A result computed from this wallet's row, holdings, addresses, whitelist or transfers. */
export const walletTag = (walletId: number) => `wallet:${walletId}`;

/** An aggregate over the wallets a user owns (a wallet added to them changes it). */
export const walletOwnerTag = (userId: string) => {
  const tag = `wallets-of-user:${userId}`;
  return tag.length <= longestTag ? tag : `wallets-of-user:sha256:${createHash('sha256').update(userId).digest('hex')}`;
};

/** An aggregate over an organization's wallets (a wallet added to it changes it). */
export const walletOrganizationTag = (organizationId: string) => `wallets-of-organization:${organizationId}`;

/** What a change to this wallet invalidates: its own views and its owner's and organization's aggregates. */
export function walletChangeTags(wallet: { id: number; ownerUserId: string | null; organizationId: string }): string[] {
  return [
    walletTag(wallet.id),
    walletOrganizationTag(wallet.organizationId),
    ...(wallet.ownerUserId === null ? [] : [walletOwnerTag(wallet.ownerUserId)]),
  ];
}
