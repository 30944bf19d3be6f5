// A wallet's AML reports (schema.graphql `AmlReport`; docs/custody.md#wallet-operations): the one
// still running (pending), a new report, and a running report completed. Migration 0007 allows
// one running report per wallet: an insert beside one fails (unique violation) and writes nothing.
// A report stored DENIED, new or completed, freezes its wallet in the same transaction
// (docs/custody.md#aml-freeze), so no path that stores a final report can leave a denied wallet ACTIVE.
// A report is read only for a wallet in the caller's organization scope (docs/identity.md#organization-scope).
import type { Transaction } from 'kysely';
import type { Database } from '../../../generated/database/database.ts';
import type { Db } from '../../db/create-database.ts';
import type { OrganizationScope } from '../../access/organization-scope.ts';
import type { AuditActor } from '../audit/audit-log-table.ts';
import { lockWalletJournals } from './custody-transfer-postings.ts';
import { freezeForDenial, lockWallet } from './wallet-freeze-table.ts';
import { walletInScope } from './wallet-in-scope.ts';

export type AmlReportStatus = 'pending' | 'approved' | 'denied' | 'auto-approved';
export type AmlReportRiskLevel = 'Low' | 'Medium' | 'High' | 'Severe';

/** One exposure as the exposures column keeps it (the screening's own shape). */
export interface StoredAmlExposure {
  category: string;
  exposureType: 'direct' | 'indirect';
  usdValue: string;
  sharePerc: number;
  riskLevel: AmlReportRiskLevel;
}

/** What a screening found; pending: no level, no score, no exposures, not completed. */
export interface AmlReportResult {
  status: AmlReportStatus;
  riskLevel: AmlReportRiskLevel | null;
  /** 0 to 10, stored to two places (numeric(4, 2)). */
  riskScore: number | null;
  exposures: StoredAmlExposure[];
  completedAt: Date | null;
}

export interface AmlReportRow extends AmlReportResult {
  id: string;
  walletId: number;
  provider: string;
  /** The provider's screening id; null for reports recorded before migration 0007. */
  providerScreeningId: string | null;
  requestedBy: string | null;
  createdAt: Date;
}

export type NewAmlReport = Omit<AmlReportRow, 'id' | 'createdAt'>;

const reportColumns = [
  'id',
  'wallet_id as walletId',
  'provider',
  'provider_screening_id as providerScreeningId',
  'screening_status as status',
  'risk_level as riskLevel',
  'risk_score as riskScore',
  'exposures',
  'requested_by as requestedBy',
  'created_at as createdAt',
  'completed_at as completedAt',
] as const;

// pg answers numeric as text; a score is a 0–10 figure with two places, not money.
function read(row: unknown): AmlReportRow {
  const stored = row as AmlReportRow & { riskScore: string | null };
  return { ...stored, riskScore: stored.riskScore === null ? null : Number(stored.riskScore) };
}

/**
 * Runs `write` in a transaction; when the report it stores is DENIED, the wallet is locked first
 * (so a freeze and an unfreeze take their turns) and frozen after it, with `actor` in audit_log.
 */
function storeFinal<Stored extends AmlReportRow | null>(
  db: Db,
  walletId: number,
  status: AmlReportStatus,
  actor: AuditActor,
  write: (trx: Transaction<Database>) => Promise<Stored>,
): Promise<Stored> {
  return db.transaction().execute(async (trx) => {
    if (status !== 'denied') return write(trx);
    // The freeze voids the wallet's unsigned sends (migration 0020), which takes the wallet's
    // journal lock: taken before the wallet's row, in the order a journal pass takes them.
    await lockWalletJournals(trx, [walletId]);
    const previousStatus = await lockWallet(trx, walletId);
    const stored = await write(trx);
    if (stored && previousStatus !== null) await freezeForDenial(trx, stored, previousStatus, actor);
    return stored;
  });
}

export function createAmlReportTable(db: Db) {
  return {
    /** The wallet's running report; null when there is none, or no such wallet in the scope. */
    async findRunning(scope: OrganizationScope, walletId: number): Promise<AmlReportRow | null> {
      const row = await db
        .selectFrom('aml_report')
        .select(reportColumns)
        .where('wallet_id', '=', walletId)
        .where('screening_status', '=', 'pending')
        .where(walletInScope(scope, 'aml_report.wallet_id'))
        .executeTakeFirst();
      return row ? read(row) : null;
    },

    /**
     * Fails with a unique violation when the wallet has a running report already. A DENIED report
     * freezes its wallet, recorded as done by `freezeActor`.
     */
    async insert(report: NewAmlReport, freezeActor: AuditActor): Promise<AmlReportRow> {
      return storeFinal(db, report.walletId, report.status, freezeActor, (trx) => insertReport(trx, report));
    },

    /**
     * A running report's final result; null when it is no longer running (another request
     * completed it). A DENIED result freezes the wallet, recorded as done by `freezeActor`.
     */
    async complete(
      running: Pick<AmlReportRow, 'id' | 'walletId'>,
      result: AmlReportResult,
      freezeActor: AuditActor,
    ): Promise<AmlReportRow | null> {
      return storeFinal(db, running.walletId, result.status, freezeActor, (trx) =>
        completeReport(trx, running.id, result),
      );
    },
  };
}

async function insertReport(trx: Transaction<Database>, report: NewAmlReport): Promise<AmlReportRow> {
  const row = await trx
    .insertInto('aml_report')
    .values({
      wallet_id: report.walletId,
      provider: report.provider,
      provider_screening_id: report.providerScreeningId,
      screening_status: report.status,
      risk_level: report.riskLevel,
      risk_score: report.riskScore === null ? null : String(report.riskScore),
      exposures: JSON.stringify(report.exposures),
      requested_by: report.requestedBy,
      completed_at: report.completedAt,
    })
    .returning(reportColumns)
    .executeTakeFirstOrThrow();
  return read(row);
}

async function completeReport(
  trx: Transaction<Database>,
  reportId: string,
  result: AmlReportResult,
): Promise<AmlReportRow | null> {
  const row = await trx
    .updateTable('aml_report')
    .set({
      screening_status: result.status,
      risk_level: result.riskLevel,
      risk_score: result.riskScore === null ? null : String(result.riskScore),
      exposures: JSON.stringify(result.exposures),
      completed_at: result.completedAt,
    })
    .where('id', '=', reportId)
    .where('screening_status', '=', 'pending')
    .returning(reportColumns)
    .executeTakeFirst();
  return row ? read(row) : null;
}

export type AmlReportTable = ReturnType<typeof createAmlReportTable>;
