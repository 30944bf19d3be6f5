// Stored transfers as the business API shows them (schema.graphql `WalletTransfer`): states in
// the schema's enum spelling, amounts in base units and, exactly, in whole coins
// (docs/domain.md#money), the network fee likewise in its own coin (the chain's: ETH for a USDC send). Approvals and whitelist entries are wallet-record-views.ts'.
import type { StoredTransfer, StoredTransferState } from '../../records/wallets/wallet-transfer-table.ts';
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
  feeCoin: string | null;
  fee: string | null;
  counterpartyAddress: string | null;
  comment: string | null;
  pendingApprovalId: string | null;
  createdAt: string;
  confirmedAt: string | null;
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
    feeCoin: row.feeCoin,
    fee:
      row.feeBaseUnits === null || row.feeDecimals === null
        ? null
        : baseUnitsToWhole(row.feeBaseUnits, row.feeDecimals),
    counterpartyAddress: row.counterpartyAddress,
    comment: row.comment,
    pendingApprovalId: row.pendingApprovalId,
    createdAt: row.createdAt.toISOString(),
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
  };
}
