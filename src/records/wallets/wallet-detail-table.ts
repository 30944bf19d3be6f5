// The rows behind the business API's wallet detail (schema.graphql DigitalWalletDetail): the
// wallet and its holdings as the summary reads them, its addresses, whitelist, newest transfers
// and latest AML screenings, and its value at given instants. Each statement reads only within
// the caller's organization scope (docs/identity.md#organization-scope): a wallet of another
// organization, and everything of it, is read as a missing one. Values are as migration 0001
// stores them; numbers as decimal text.
import { sql } from 'kysely';
import type { Db } from '../../db/create-database.ts';
import { type OrganizationScope, organizationInScope } from '../../access/organization-scope.ts';
import {
  type AddressRow,
  selectAddressRows,
  selectWhitelistEntryRows,
  type WhitelistEntryRow,
} from './address-whitelist-selections.ts';
import { type HoldingRow, type WalletRow, readHoldingRows, readWalletRow } from './wallet-summary-table.ts';
import { walletInScope } from './wallet-in-scope.ts';
import { selectStoredTransfers, type StoredTransfer } from './wallet-transfer-table.ts';

export interface AmlReportRow {
  id: string;
  walletId: number;
  provider: string;
  /** As the CHECK constraints of migration 0001 allow (the AML provider's own words). */
  riskLevel: 'Low' | 'Medium' | 'High' | 'Severe' | null;
  /** 0 to 10, decimal text. */
  riskScore: string | null;
  screeningStatus: 'pending' | 'approved' | 'denied' | 'auto-approved';
  /** The stored JSON as PostgreSQL returns it; its shape is the domain's to check. */
  exposures: unknown;
  requestedBy: string | null;
  createdAt: Date;
  /** When the screening completed (migration 0007); null while pending and for reports recorded before it. */
  completedAt: Date | null;
}

export interface WalletDetailRows {
  wallet: WalletRow;
  holdings: HoldingRow[];
  /** Newest first. */
  addresses: AddressRow[];
  /** Newest first. */
  whitelistEntries: WhitelistEntryRow[];
  /** Newest first. */
  transfers: StoredTransfer[];
  /** The latest report and the latest one no longer pending (one row when they are the same), newest first. */
  amlReports: AmlReportRow[];
}

/** How many rows of each list to read: the newest ones. */
export interface WalletDetailLimits {
  addresses: number;
  whitelistEntries: number;
  transfers: number;
}

export interface WalletValueAt {
  at: Date;
  /** USD, decimal text with two places. */
  usdValue: string;
}

export function createWalletDetailTable(db: Db) {
  return {
    /**
     * Every row of the detail, or null when there is no such wallet in the scope. The six
     * statements are independent, each confined to the scope, and run at once: one round trip's
     * wait on a cache miss.
     */
    async find(
      scope: OrganizationScope,
      walletId: number,
      limits: WalletDetailLimits,
    ): Promise<WalletDetailRows | null> {
      const [wallet, holdings, addresses, whitelistEntries, transfers, amlReports] = await Promise.all([
        readWalletRow(db, scope, walletId),
        readHoldingRows(db, scope, walletId),
        readAddresses(db, scope, walletId, limits.addresses),
        readWhitelistEntries(db, scope, walletId, limits.whitelistEntries),
        readTransfers(db, scope, walletId, limits.transfers),
        readLatestAmlReports(db, scope, walletId),
      ]);
      if (!wallet) return null;
      return { wallet, holdings, addresses, whitelistEntries, transfers, amlReports };
    },

    /**
     * The wallet's value at each instant: the newest value recorded at or before it. Instants
     * before the first recorded value are left out, and so is every instant when the wallet does
     * not exist in the scope.
     */
    async valuesAt(scope: OrganizationScope, walletId: number, instants: readonly Date[]): Promise<WalletValueAt[]> {
      if (instants.length === 0) return [];
      const { rows } = await sql<WalletValueAt>`
        SELECT t.at, v.usd_value::text AS "usdValue"
        FROM unnest(${instants.map((instant) => instant.toISOString())}::timestamptz[]) AS t (at)
        CROSS JOIN LATERAL (
          SELECT h.usd_value FROM digital_wallet_value_history h
          WHERE h.wallet_id = ${walletId} AND h.recorded_at <= t.at
          ORDER BY h.recorded_at DESC LIMIT 1
        ) AS v
        WHERE EXISTS (
          SELECT 1 FROM digital_wallet w
          WHERE w.id = ${walletId} AND ${organizationInScope(scope, 'w.organization_id')}
        )
        ORDER BY t.at`.execute(db);
      return rows;
    },
  };
}

export type WalletDetailTable = ReturnType<typeof createWalletDetailTable>;

function readAddresses(db: Db, scope: OrganizationScope, walletId: number, limit: number): Promise<AddressRow[]> {
  return selectAddressRows(db)
    .where('wallet_id', '=', walletId)
    .where(walletInScope(scope, 'digital_wallet_address.wallet_id'))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

async function readWhitelistEntries(
  db: Db,
  scope: OrganizationScope,
  walletId: number,
  limit: number,
): Promise<WhitelistEntryRow[]> {
  const rows = await selectWhitelistEntryRows(db)
    .where('wallet_id', '=', walletId)
    .where(walletInScope(scope, 'digital_wallet_whitelist_entry.wallet_id'))
    .where('status', '<>', 'removed')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows as WhitelistEntryRow[];
}

async function readTransfers(
  db: Db,
  scope: OrganizationScope,
  walletId: number,
  limit: number,
): Promise<StoredTransfer[]> {
  const rows = await selectStoredTransfers(db)
    .where('t.wallet_id', '=', walletId)
    .where(walletInScope(scope, 't.wallet_id'))
    .orderBy('t.created_at', 'desc')
    .orderBy('t.id', 'desc')
    .limit(limit)
    .execute();
  return rows as StoredTransfer[];
}

/** The latest report, and the latest no longer pending: what a wallet's AML status is made of. */
async function readLatestAmlReports(db: Db, scope: OrganizationScope, walletId: number): Promise<AmlReportRow[]> {
  const latest = (completedOnly: boolean) =>
    db
      .selectFrom('aml_report')
      .select('id')
      .where('wallet_id', '=', walletId)
      .$if(completedOnly, (query) => query.where('screening_status', '<>', 'pending'))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1);
  const rows = await db
    .selectFrom('aml_report as r')
    .select((eb) => [
      'r.id',
      'r.wallet_id as walletId',
      'r.provider',
      'r.risk_level as riskLevel',
      eb.cast<string | null>('r.risk_score', 'text').as('riskScore'),
      'r.screening_status as screeningStatus',
      'r.exposures',
      'r.requested_by as requestedBy',
      'r.created_at as createdAt',
      'r.completed_at as completedAt',
    ])
    .where((eb) => eb.or([eb('r.id', 'in', latest(false)), eb('r.id', 'in', latest(true))]))
    .where(walletInScope(scope, 'r.wallet_id'))
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .execute();
  return rows as AmlReportRow[];
}
