// The wallet a mutation names, if the caller may change it (docs/custody.md#wallet-operations): a
// wallet of another organization is not read in the caller's scope, so it answers exactly as a
// missing one (NOT_FOUND on `walletId`) and a key cannot learn which ids exist elsewhere. ARCHIVED
// wallets are read-only (schema.graphql `WalletStatus`), and a wallet the custodian does not hold
// cannot be changed there.
import type { WalletForChange, WalletWriteTable } from '../../access/wallets/wallet-write-table.ts';
import type { OrganizationScope } from '../../access/organization-scope.ts';
import { userError, type UserError } from '../outcomes/user-error.ts';

export type HeldWallet = WalletForChange & { custodianWalletId: string };

/** A wallet outside the caller's organization answers as a missing one: existence is not disclosed. */
export function walletNotFound(walletId: number): UserError {
  return userError('NOT_FOUND', `no wallet ${walletId}`, 'walletId');
}

export async function walletInReach(
  table: WalletWriteTable,
  scope: OrganizationScope,
  walletId: number,
): Promise<WalletForChange | UserError> {
  return (await table.findWallet(scope, walletId)) ?? walletNotFound(walletId);
}

/** The wallet, if the caller may change it at the custodian: in reach, not archived, held there. */
export async function changeableWallet(
  table: WalletWriteTable,
  scope: OrganizationScope,
  walletId: number,
): Promise<HeldWallet | UserError> {
  const wallet = await walletInReach(table, scope, walletId);
  if ('code' in wallet) return wallet;
  if (wallet.status === 'archived')
    return userError('INVALID_STATE', `wallet ${walletId} is archived: it is kept read-only`, 'walletId');
  if (wallet.custodianWalletId === null)
    return userError('INVALID_STATE', `wallet ${walletId} is not held at the custodian`, 'walletId');
  return wallet as HeldWallet;
}
