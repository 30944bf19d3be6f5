// The records the wallet mutations answer, in the shapes of schema.graphql (`DigitalWalletAddress`,
// `WhitelistEntry`, `PendingApproval`, `AmlReport`): enum values in upper case, times as ISO 8601
// text in UTC. Built from the stored rows, so an answer says what was written.
import type { AmlReportRow } from '../../records/wallets/aml-report-table.ts';
import type { AddressRow, WhitelistEntryRow } from '../../records/wallets/address-whitelist-selections.ts';
import type { PendingApprovalRow } from '../../records/wallets/whitelist-write-table.ts';
import type { CustodyApprovalKind, CustodyPendingApproval } from '../../providers/custody/custody-provider.ts';
import type { WalletTransferView } from './wallet-transfer-view.ts';

export interface AddressView {
  id: number;
  walletId: number;
  address: string;
  network: string;
  label: string | null;
  createdAt: string;
}

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

/** `schema.graphql` `PendingApproval`: what it guards is a transfer or a whitelist entry. */
export interface PendingApprovalView {
  id: string;
  walletId: number;
  kind: 'TRANSFER' | 'WHITELIST_ADD' | 'WHITELIST_REMOVE';
  state: 'PENDING' | 'APPROVED' | 'REJECTED';
  approvalsRequired: number;
  approvalsReceived: number;
  createdByUserId: string | null;
  /** The platform user whose decision is the latest (digital_wallet_pending_approval.decided_by). */
  decidedByUserId: string | null;
  transfer: WalletTransferView | null;
  whitelistEntry: WhitelistEntryView | null;
  createdAt: string;
  resolvedAt: string | null;
}

type RiskLevelView = 'LOW' | 'MEDIUM' | 'HIGH' | 'SEVERE';

export interface AmlReportView {
  id: string;
  walletId: number;
  status: 'PENDING' | 'APPROVED' | 'DENIED' | 'AUTO_APPROVED';
  riskLevel: RiskLevelView | null;
  riskScore: number | null;
  exposures: {
    category: string;
    exposureType: 'DIRECT' | 'INDIRECT';
    usdValue: string;
    sharePerc: number;
    riskLevel: RiskLevelView;
  }[];
  provider: string;
  requestedByUserId: string | null;
  createdAt: string;
  completedAt: string | null;
}

const kindNames: Readonly<Record<CustodyApprovalKind, PendingApprovalView['kind']>> = {
  transfer: 'TRANSFER',
  whitelistAdd: 'WHITELIST_ADD',
  whitelistRemove: 'WHITELIST_REMOVE',
};

const iso = (time: Date | null) => (time === null ? null : time.toISOString());
const upper = <T extends string>(value: T) => value.toUpperCase() as Uppercase<T>;

export function addressView(row: AddressRow): AddressView {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

export function whitelistEntryView(row: WhitelistEntryRow): WhitelistEntryView {
  return {
    id: row.id,
    walletId: row.walletId,
    address: row.address,
    label: row.label,
    status: upper(row.status),
    requestedByUserId: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    decidedAt: iso(row.decidedAt),
  };
}

export function pendingApprovalView(row: PendingApprovalRow, entry: WhitelistEntryRow): PendingApprovalView {
  return {
    id: row.id,
    walletId: row.walletId,
    kind: kindNames[row.kind],
    state: upper(row.state),
    approvalsRequired: row.approvalsRequired,
    approvalsReceived: row.approvalsReceived,
    createdByUserId: row.createdBy,
    decidedByUserId: null,
    transfer: null,
    whitelistEntry: whitelistEntryView(entry),
    createdAt: row.createdAt.toISOString(),
    resolvedAt: iso(row.resolvedAt),
  };
}

/** An approval as the custodian reports it, with what it guards as stored here. */
export function custodyApprovalView(
  approval: CustodyPendingApproval,
  walletId: number,
  guarded: { transfer: WalletTransferView | null; whitelistEntry: WhitelistEntryView | null },
  decidedByUserId: string | null = null,
): PendingApprovalView {
  return {
    id: approval.id,
    walletId,
    kind: kindNames[approval.kind],
    state: upper(approval.state),
    approvalsRequired: approval.approvalsRequired,
    approvalsReceived: approval.approvalsReceived,
    createdByUserId: approval.creator,
    decidedByUserId,
    transfer: guarded.transfer,
    whitelistEntry: guarded.whitelistEntry,
    createdAt: approval.createdAt.toISOString(),
    resolvedAt: iso(approval.resolvedAt),
  };
}

/** A pending report has no results yet (schema.graphql `AmlReport`), whatever an older row holds. */
export function amlReportView(row: AmlReportRow): AmlReportView {
  const pending = row.status === 'pending';
  return {
    id: row.id,
    walletId: row.walletId,
    status: row.status === 'auto-approved' ? 'AUTO_APPROVED' : upper(row.status),
    riskLevel: pending || row.riskLevel === null ? null : upper(row.riskLevel),
    riskScore: pending ? null : row.riskScore,
    exposures: pending
      ? []
      : row.exposures.map((exposure) => ({
          category: exposure.category,
          exposureType: upper(exposure.exposureType),
          usdValue: exposure.usdValue,
          sharePerc: exposure.sharePerc,
          riskLevel: upper(exposure.riskLevel),
        })),
    provider: row.provider,
    requestedByUserId: row.requestedBy,
    createdAt: row.createdAt.toISOString(),
    completedAt: pending ? null : iso(row.completedAt),
  };
}
