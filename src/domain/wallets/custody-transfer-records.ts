// The custodian's records in the terms of the platform's tables (docs/custody.md#transfers-in-the-database):
// the custodian's coin ids are lower case (`btc`, `usdc`, a fee's `eth`), the platform's coin
// symbols upper case; a transfer belongs to the platform wallet linked to the custodian's wallet.
import type { ApprovalWrite, TransferWrite } from '../../records/wallets/wallet-transfer-table.ts';
import type { CustodyPendingApproval, CustodyTransfer } from '../../providers/custody/custody-provider.ts';

/** The custodian's coin id of a platform coin symbol: `USDC` → `usdc`. */
export const custodianCoin = (symbol: string) => symbol.toLowerCase();

/** The platform coin symbol of a custodian coin id: `usdc` → `USDC`. */
export const platformCoin = (coin: string) => coin.toUpperCase();

export function transferWrite(transfer: CustodyTransfer, walletId: number, initiatedBy: string | null): TransferWrite {
  return {
    transferId: transfer.id,
    walletId,
    direction: transfer.type,
    coin: platformCoin(transfer.coin),
    state: transfer.state,
    amountBaseUnits: transfer.amount,
    feeBaseUnits: transfer.fee,
    feeCoin: transfer.feeCoin === null ? null : platformCoin(transfer.feeCoin),
    txHash: transfer.txid,
    counterpartyAddress: transfer.counterpartyAddress,
    comment: transfer.comment,
    sequenceId: transfer.sequenceId,
    pendingApprovalId: transfer.pendingApprovalId,
    createdAt: transfer.createdAt,
    custodianUpdatedAt: transfer.updatedAt,
    confirmedAt: transfer.confirmedAt,
    initiatedBy,
  };
}

export function approvalWrite(approval: CustodyPendingApproval, walletId: number): ApprovalWrite {
  return {
    id: approval.id,
    walletId,
    transferId: approval.transferId,
    createdBy: approval.creator,
    state: approval.state,
    approvalsRequired: approval.approvalsRequired,
    approvalsReceived: approval.approvalsReceived,
    createdAt: approval.createdAt,
    resolvedAt: approval.resolvedAt,
  };
}
