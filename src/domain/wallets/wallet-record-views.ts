// The records the wallet mutations answer, in the shapes of schema.graphql (`DigitalWalletAddress`,
// `WhitelistEntry`, `PendingApproval`, `AmlReport`): enum values in upper case, times as ISO 8601
// text in UTC. Built from the stored rows, so an answer says what was written.
import type { AmlReportRow } from '../../access/wallets/aml-report-table.ts';
import type { AddressRow } from '../../access/wallets/wallet-write-table.ts';
import type { PendingApprovalRow, WhitelistEntryRow } from '../../access/wallets/whitelist-write-table.ts';

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

export interface PendingApprovalView {
  id: string;
  walletId: number;
  kind: 'WHITELIST_ADD' | 'WHITELIST_REMOVE';
  state: 'PENDING' | 'APPROVED' | 'REJECTED';
  approvalsRequired: number;
  approvalsReceived: number;
  createdByUserId: string | null;
  /** Whitelist approvals guard no transfer. */
  transfer: null;
  whitelistEntry: WhitelistEntryView;
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
    kind: row.kind === 'whitelistAdd' ? 'WHITELIST_ADD' : 'WHITELIST_REMOVE',
    state: upper(row.state),
    approvalsRequired: row.approvalsRequired,
    approvalsReceived: row.approvalsReceived,
    createdByUserId: row.createdBy,
    transfer: null,
    whitelistEntry: whitelistEntryView(entry),
    createdAt: row.createdAt.toISOString(),
    resolvedAt: iso(row.resolvedAt),
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
