// The one transaction of a fund dealing (docs/funds.md#dealing): the business API's
// processFundSubscription and processFundRedemption read what the dealing needs and write its
// register row (fund_capital_movement), its journal transfers (fund-dealing-transfers.ts), the
// request's `processed` status and its audit_log entry, all committed together or not at all.
// Concurrency: the transaction first takes a lock of the investor's holding in the fund (a
// transaction-scoped advisory lock), then the request's row lock, so dealings of one investor in
// one fund run one after another (a redemption's units are checked against a holding no other
// dealing is changing) and a request processed twice at once is dealt by the first; the second
// then finds it processed. The database's guard of migration 0014 refuses `processed` without the
// register row written in the same transaction.
import { sql } from 'kysely';
import type { Db } from '../../db/create-database.ts';
import { type AuditActor, writeAuditEntry } from '../audit/audit-log-table.ts';
import { type KycReviewRecord, latestKycReviewOf } from '../kyc/kyc-review-table.ts';
import type { JsonObject } from '../ledger/transfer-request.ts';
import type { FundNavRecord } from './fund-capital-table.ts';
import { dealingNavOf, journalAssetDecimalsOf, unitChangesOf, type UnitChangeRecord } from './fund-dealing-reads.ts';
import { type DealingAccounts, dealingAccounts, postDealing } from './fund-dealing-transfers.ts';
import { type FundRequestKind, type FundRequestRow, fundRequestTables, requestColumns } from './fund-request-table.ts';

/** A request under its row lock, with the day it was made (UTC), which fixes its dealing date. */
export interface LockedFundRequest extends FundRequestRow {
  /** `YYYY-MM-DD`. */
  requestDay: string;
}

/** What the dealing writes, decided by the domain from what it read. */
export interface DealingWrite {
  kind: FundRequestKind;
  request: LockedFundRequest;
  nav: FundNavRecord;
  /** Units issued or redeemed, numeric(38, 8) text, positive. */
  units: string;
  accounts: DealingAccounts;
  /** The request's amount in base units of the fund's currency. */
  amountBaseUnits: bigint;
  /** Signed base units bringing the capital account to the holding's value (fund-dealing-transfers.ts). */
  revaluationBaseUnits: bigint;
  description: string;
  revaluationDescription: string;
  actor: AuditActor;
  /** The dealing's facts: on the transfers and in the audit entry. */
  facts: JsonObject;
}

/** The request after the dealing, and the journal transfers it posted. */
export interface RecordedDealing {
  request: FundRequestRow;
  transferIds: string[];
}

/** The reads and the write of one dealing, bound to its transaction. */
export interface DealingRecords {
  latestKycReview(userId: string): Promise<KycReviewRecord | null>;
  dealingNav(fundId: number, fromDay: string, today: string): Promise<FundNavRecord | null>;
  journalAssetDecimals(code: string): Promise<number | null>;
  unitChanges(fundId: number, userId: string): Promise<UnitChangeRecord[]>;
  accounts(fundId: number, userId: string, asset: string): Promise<DealingAccounts>;
  record(write: DealingWrite): Promise<RecordedDealing>;
}

export interface FundDealingTable {
  /**
   * Runs `work` in one transaction that holds the investor's dealing lock and the request's row
   * lock; `request` is null when no such request exists. What `work` writes commits when it
   * returns, and rolls back when it throws.
   */
  transact<T>(
    kind: FundRequestKind,
    id: number,
    work: (request: LockedFundRequest | null, records: DealingRecords) => Promise<T>,
  ): Promise<T>;
}

/** The request's fund and investor, read without a lock: the holding whose lock to take first. */
async function holdingOf(trx: Db, kind: FundRequestKind, id: number) {
  const { rows } = await sql<{ fundId: number; userId: string }>`SELECT fund_id AS "fundId", user_id AS "userId"
    FROM ${sql.table(fundRequestTables[kind].table)} WHERE id = ${id}`.execute(trx);
  return rows[0] ?? null;
}

/** Waits for, then holds until commit, the lock of one investor's holding in one fund. */
async function lockHolding(trx: Db, fundId: number, userId: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`fund_capital:${fundId}:${userId}`}, 0))`.execute(trx);
}

async function lockRequest(trx: Db, kind: FundRequestKind, id: number): Promise<LockedFundRequest | null> {
  const { rows } = await sql<LockedFundRequest>`SELECT ${requestColumns(kind)},
      to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS "requestDay"
    FROM ${sql.table(fundRequestTables[kind].table)} r
    JOIN fund f ON f.id = r.fund_id
    JOIN app_user u ON u.id = r.user_id
    WHERE r.id = ${id}
    FOR UPDATE OF r`.execute(trx);
  return rows[0] ?? null;
}

async function insertMovement(trx: Db, write: DealingWrite): Promise<void> {
  const { kind, request } = write;
  await trx
    .insertInto('fund_capital_movement')
    .values({
      fund_id: request.fundId,
      user_id: request.investorUserId,
      kind,
      effective_date: write.nav.date,
      units: write.units,
      amount: request.amount,
      subscription_id: kind === 'subscription' ? request.id : null,
      redemption_id: kind === 'redemption' ? request.id : null,
    })
    .execute();
}

/** The request `processed`, naming the person who processed it (migration 0020, docs/funds.md#who-processed). */
async function markProcessed(
  trx: Db,
  kind: FundRequestKind,
  id: number,
  processedBy: string | null,
): Promise<FundRequestRow> {
  const { rows } = await sql<FundRequestRow>`WITH r AS (
      UPDATE ${sql.table(fundRequestTables[kind].table)}
      SET status = 'processed', processed_by_user_id = ${processedBy}, updated_at = now()
      WHERE id = ${id} RETURNING *)
    SELECT ${requestColumns(kind)} FROM r JOIN fund f ON f.id = r.fund_id JOIN app_user u ON u.id = r.user_id`.execute(
    trx,
  );
  return rows[0]!;
}

/** Register row, journal transfers, status, audit entry: in this order, since the guard needs the row. */
async function record(trx: Db, write: DealingWrite): Promise<RecordedDealing> {
  const { kind, request } = write;
  const { table } = fundRequestTables[kind];
  await insertMovement(trx, write);
  const transferIds = await postDealing(trx, {
    table,
    requestId: request.id,
    accounts: write.accounts,
    asset: request.currency,
    amount: write.amountBaseUnits,
    revaluation: write.revaluationBaseUnits,
    description: write.description,
    revaluationDescription: write.revaluationDescription,
    metadata: write.facts,
  });
  const processed = await markProcessed(trx, kind, request.id, write.actor.userId);
  await writeAuditEntry(trx, {
    actor: write.actor,
    action: `${table}.process`,
    resourceType: table,
    resourceId: String(request.id),
    details: { ...write.facts, previousStatus: request.status, transferIds },
  });
  return { request: processed, transferIds };
}

function recordsOf(trx: Db): DealingRecords {
  return {
    latestKycReview: (userId) => latestKycReviewOf(trx, userId),
    dealingNav: (fundId, fromDay, today) => dealingNavOf(trx, fundId, fromDay, today),
    journalAssetDecimals: (code) => journalAssetDecimalsOf(trx, code),
    unitChanges: (fundId, userId) => unitChangesOf(trx, fundId, userId),
    accounts: (fundId, userId, asset) => dealingAccounts(trx, fundId, userId, asset),
    record: (write) => record(trx, write),
  };
}

export function createFundDealingTable(db: Db): FundDealingTable {
  return {
    transact(kind, id, work) {
      return db.transaction().execute(async (trx) => {
        const holding = await holdingOf(trx, kind, id);
        if (holding) await lockHolding(trx, holding.fundId, holding.userId);
        return work(holding ? await lockRequest(trx, kind, id) : null, recordsOf(trx));
      });
    },
  };
}
