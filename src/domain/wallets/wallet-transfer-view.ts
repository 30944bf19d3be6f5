// A stored transfer as the business API answers it (schema.graphql WalletTransfer): the
// custodian's state names (docs/domain.md#wallets-and-custody, `pendingApproval`) become the
// TransferState enum (`PENDING_APPROVAL`), and the amount is given in base units and whole coins.
import type { StoredTransferState, WalletTransferRow } from '../../access/wallets/wallet-detail-table.ts';
import { wholeUnits } from '../money/base-units.ts';
import { roundUsd } from '../money/decimal.ts';

export type TransferStateName =
  | 'INITIALIZED'
  | 'PENDING_APPROVAL'
  | 'REJECTED'
  | 'SIGNED'
  | 'UNCONFIRMED'
  | 'CONFIRMED'
  | 'FAILED'
  | 'REMOVED'
  | 'REPLACED';

const transferStates: Record<StoredTransferState, TransferStateName> = {
  initialized: 'INITIALIZED',
  pendingApproval: 'PENDING_APPROVAL',
  rejected: 'REJECTED',
  signed: 'SIGNED',
  unconfirmed: 'UNCONFIRMED',
  confirmed: 'CONFIRMED',
  failed: 'FAILED',
  removed: 'REMOVED',
  replaced: 'REPLACED',
};

const transferTypes = { send: 'SEND', receive: 'RECEIVE' } as const;

export interface WalletTransferView {
  id: string;
  walletId: number;
  txid: string | null;
  type: (typeof transferTypes)[keyof typeof transferTypes];
  state: TransferStateName;
  coin: string;
  amountBaseUnits: string;
  amount: string;
  usdValue: string | null;
  /** Migration 0001 stores no fee and no comment: null until a later schema keeps them. */
  feeBaseUnits: null;
  counterpartyAddress: string | null;
  comment: null;
  pendingApprovalId: string | null;
  createdAt: string;
  confirmedAt: string | null;
}

export function walletTransferView(row: WalletTransferRow): WalletTransferView {
  const state = transferStates[row.state];
  const type = transferTypes[row.direction];
  if (state === undefined || type === undefined)
    throw new Error(`transfer ${row.transferId}: unknown state ${row.state} or direction ${row.direction}`);
  return {
    id: row.transferId,
    walletId: row.walletId,
    txid: row.txHash,
    type,
    state,
    coin: row.coin,
    amountBaseUnits: row.amountBaseUnits,
    amount: wholeUnits(row.amountBaseUnits, row.decimals),
    usdValue: row.usdValue === null ? null : roundUsd(row.usdValue),
    feeBaseUnits: null,
    counterpartyAddress: row.counterpartyAddress,
    comment: null,
    pendingApprovalId: row.pendingApprovalId,
    createdAt: row.createdAt.toISOString(),
    confirmedAt: row.confirmedAt === null ? null : row.confirmedAt.toISOString(),
  };
}
