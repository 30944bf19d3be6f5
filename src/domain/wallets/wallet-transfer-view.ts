// Stored transfers and the custodian's pending approvals as the business API shows them
// (schema.graphql `WalletTransfer`, `PendingApproval`): states and kinds in the schema's enum
// spelling, amounts in base units and, exactly, in whole coins (docs/domain.md#money).
import type { StoredTransfer, StoredTransferState } from '../../access/wallets/wallet-transfer-table.ts';
import type { CustodyApprovalKind, CustodyPendingApproval } from '../../providers/custody/custody-provider.ts';
import { baseUnitsToWhole } from '../money/base-units.ts';

type TransferStateName =
  | 'INITIALIZED'
  | 'PENDING_APPROVAL'
  | 'REJECTED'
  | 'SIGNED'
  | 'UNCONFIRMED'
  | 'CONFIRMED'
  | 'FAILED'
  | 'REMOVED'
  | 'REPLACED';

export interface WalletTransferView {
  id: string;
  walletId: number;
  txid: string | null;
  type: 'SEND' | 'RECEIVE';
  state: TransferStateName;
  coin: string;
  amountBaseUnits: string;
  amount: string;
  usdValue: string | null;
  feeBaseUnits: string | null;
  counterpartyAddress: string | null;
  comment: string | null;
  pendingApprovalId: string | null;
  createdAt: string;
  confirmedAt: string | null;
}

/** `schema.graphql` `WhitelistEntry`, for approvals that guard a whitelist change. */
export interface WhitelistEntryView {
  id: number;
  walletId: number;
  address: string;
  label: string | null;
  status: 'PENDING' | 'APPROVED' | 'REJECTED';
  requestedByUserId: string | null;
  createdAt: string;
  decidedAt: string | null;
}

export interface PendingApprovalView {
  id: string;
  walletId: number;
  kind: 'TRANSFER' | 'WHITELIST_ADD' | 'WHITELIST_REMOVE';
  state: 'PENDING' | 'APPROVED' | 'REJECTED';
  approvalsRequired: number;
  approvalsReceived: number;
  createdByUserId: string | null;
  transfer: WalletTransferView | null;
  whitelistEntry: WhitelistEntryView | null;
  createdAt: string;
  resolvedAt: string | null;
}

/** `pendingApproval` → `PENDING_APPROVAL`: the custodian's camel case in the schema's enum spelling. */
export function transferStateName(state: StoredTransferState): TransferStateName {
  return state.replace(/[A-Z]/g, (letter) => `_${letter}`).toUpperCase() as TransferStateName;
}

export function transferView(row: StoredTransfer): WalletTransferView {
  return {
    id: row.transferId,
    walletId: row.walletId,
    txid: row.txHash,
    type: row.direction === 'send' ? 'SEND' : 'RECEIVE',
    state: transferStateName(row.state),
    coin: row.coin,
    amountBaseUnits: row.amountBaseUnits,
    amount: baseUnitsToWhole(row.amountBaseUnits, row.decimals),
    usdValue: row.usdValue,
    feeBaseUnits: row.feeBaseUnits,
    counterpartyAddress: row.counterpartyAddress,
    comment: row.comment,
    pendingApprovalId: row.pendingApprovalId,
    createdAt: row.createdAt.toISOString(),
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
  };
}

const kindNames: Readonly<Record<CustodyApprovalKind, PendingApprovalView['kind']>> = {
  transfer: 'TRANSFER',
  whitelistAdd: 'WHITELIST_ADD',
  whitelistRemove: 'WHITELIST_REMOVE',
};

export function approvalView(
  approval: CustodyPendingApproval,
  walletId: number,
  guarded: { transfer: WalletTransferView | null; whitelistEntry: WhitelistEntryView | null },
): PendingApprovalView {
  return {
    id: approval.id,
    walletId,
    kind: kindNames[approval.kind],
    state: approval.state.toUpperCase() as PendingApprovalView['state'],
    approvalsRequired: approval.approvalsRequired,
    approvalsReceived: approval.approvalsReceived,
    createdByUserId: approval.creator,
    transfer: guarded.transfer,
    whitelistEntry: guarded.whitelistEntry,
    createdAt: approval.createdAt.toISOString(),
    resolvedAt: approval.resolvedAt?.toISOString() ?? null,
  };
}
