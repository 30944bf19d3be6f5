// A wallet's AML status (schema.graphql WalletAmlStatus, AmlReport) from its stored screenings:
// the status is the latest report's; risk level, score and time are those of the latest report
// no longer PENDING, which is answered whole beside the latest (`latestFinalReport`), so a
// screening that is running does not hide the last result, a denial least of all
// (docs/custody.md#aml-freeze). The table keeps the AML provider's words (`Low`, `auto-approved`,
// `direct`); the API answers its enums.
import type { AmlReportRow } from '../../records/wallets/wallet-detail-table.ts';
import {
  type AmlExposureType,
  type AmlRiskLevel,
  type AmlScreeningStatus,
  amlExposureTypes,
  amlRiskLevels,
} from '../../providers/aml/aml-provider.ts';
import { isDecimalString, roundUsd } from '../money/decimal.ts';

export type AmlRiskLevelName = Uppercase<AmlRiskLevel>;
export type AmlScreeningStatusName = 'PENDING' | 'APPROVED' | 'DENIED' | 'AUTO_APPROVED';

const screeningStatuses: Record<AmlScreeningStatus, AmlScreeningStatusName> = {
  pending: 'PENDING',
  approved: 'APPROVED',
  denied: 'DENIED',
  'auto-approved': 'AUTO_APPROVED',
};

export interface AmlExposureView {
  category: string;
  exposureType: Uppercase<AmlExposureType>;
  usdValue: string;
  sharePerc: number;
  riskLevel: AmlRiskLevelName;
}

export interface AmlReportView {
  id: string;
  walletId: number;
  status: AmlScreeningStatusName;
  riskLevel: AmlRiskLevelName | null;
  riskScore: number | null;
  exposures: AmlExposureView[];
  provider: string;
  requestedByUserId: string | null;
  createdAt: string;
  completedAt: string | null;
}

export interface WalletAmlStatusView {
  status: AmlScreeningStatusName;
  riskLevel: AmlRiskLevelName | null;
  riskScore: number | null;
  screenedAt: string | null;
  latestReport: AmlReportView;
  latestFinalReport: AmlReportView | null;
}

/** Null when the wallet was never screened. `reports`: the latest and the latest completed, newest first. */
export function walletAmlStatus(reports: readonly AmlReportRow[]): WalletAmlStatusView | null {
  const latest = reports[0];
  if (!latest) return null;
  const completed = reports.find((report) => report.screeningStatus !== 'pending');
  const completedView = completed ? amlReportView(completed) : null;
  return {
    status: screeningStatuses[latest.screeningStatus],
    riskLevel: completedView?.riskLevel ?? null,
    riskScore: completedView?.riskScore ?? null,
    screenedAt: completedView?.completedAt ?? null,
    latestReport: amlReportView(latest),
    latestFinalReport: completedView,
  };
}

/**
 * A report no longer PENDING completed at `completed_at` (migration 0007); one recorded before
 * that column existed counts as completed when it was written (docs/conformance.md#wallet-detail).
 */
export function amlReportView(row: AmlReportRow): AmlReportView {
  const status = screeningStatuses[row.screeningStatus];
  if (status === undefined) throw new Error(`AML report ${row.id}: unknown screening status ${row.screeningStatus}`);
  return {
    id: row.id,
    walletId: row.walletId,
    status,
    riskLevel: row.riskLevel === null ? null : riskLevelName(row.riskLevel, `AML report ${row.id}`),
    riskScore: row.riskScore === null ? null : Number(row.riskScore),
    exposures: exposureViews(row.exposures, `AML report ${row.id}`),
    provider: row.provider,
    requestedByUserId: row.requestedBy,
    createdAt: row.createdAt.toISOString(),
    completedAt: status === 'PENDING' ? null : (row.completedAt ?? row.createdAt).toISOString(),
  };
}

/** Highest risk first, then the largest share, then by category. */
function exposureViews(stored: unknown, where: string): AmlExposureView[] {
  if (!Array.isArray(stored)) throw new Error(`${where}: exposures are not a list`);
  return stored
    .map((exposure: unknown, index) => exposureView(exposure, `${where}, exposure ${index}`))
    .sort(
      (left, right) =>
        riskRank(right.riskLevel) - riskRank(left.riskLevel) ||
        right.sharePerc - left.sharePerc ||
        left.category.localeCompare(right.category),
    );
}

/** One stored exposure in the AML provider's shape (src/providers/aml/aml-provider.ts `AmlExposure`). */
function exposureView(stored: unknown, where: string): AmlExposureView {
  const { category, exposureType, usdValue, sharePerc, riskLevel } = (stored ?? {}) as Record<string, unknown>;
  if (typeof category !== 'string') throw new Error(`${where}: category is not text`);
  if (!(amlExposureTypes as readonly unknown[]).includes(exposureType))
    throw new Error(`${where}: exposureType is not one of ${amlExposureTypes.join(', ')}`);
  if (!isDecimalString(usdValue)) throw new Error(`${where}: usdValue is not a decimal string`);
  if (typeof sharePerc !== 'number' || !Number.isFinite(sharePerc))
    throw new Error(`${where}: sharePerc is not a number`);
  return {
    category,
    exposureType: (exposureType as AmlExposureType).toUpperCase() as Uppercase<AmlExposureType>,
    usdValue: roundUsd(usdValue),
    sharePerc,
    riskLevel: riskLevelName(riskLevel, where),
  };
}

function riskLevelName(level: unknown, where: string): AmlRiskLevelName {
  if (!(amlRiskLevels as readonly unknown[]).includes(level))
    throw new Error(`${where}: risk level is not one of ${amlRiskLevels.join(', ')}`);
  return (level as AmlRiskLevel).toUpperCase() as AmlRiskLevelName;
}

function riskRank(level: AmlRiskLevelName): number {
  return amlRiskLevels.findIndex((candidate) => candidate.toUpperCase() === level);
}
