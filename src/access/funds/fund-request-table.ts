// The fund requests the cancel mutations read and change (docs/funds.md): fund_subscription and
// fund_redemption, with their fund and the organizations a request concerns. A cancel is one
// conditional UPDATE (`status = 'pending'`, and the investor in the caller's organization) with
// its audit_log entry in the same transaction, so concurrent cancels and approvals have exactly one
// winner: PostgreSQL re-checks the condition on the row a concurrent writer has just committed.
import { sql } from 'kysely';
import type { Db } from '../../db/create-database.ts';
import { isoInstant } from '../documents/document-sql.ts';

export type FundRequestKind = 'subscription' | 'redemption';

/** The table of each kind, and the column its amount is in (migration 0001). */
const tables = {
  subscription: { table: 'fund_subscription', amount: 'subscription_amount' },
  redemption: { table: 'fund_redemption', amount: 'redemption_amount' },
} as const;

export interface FundRequestRow {
  id: number;
  fundId: number;
  fundName: string;
  /** The fund's currency, which the amount is in. */
  currency: string;
  investorUserId: string;
  /** numeric(38, 2) as text, e.g. `'50000.00'`. */
  amount: string;
  status: string;
  createdAt: string;
  updatedAt: string;
  /** The investor's home organization (app_user.organization_id); null for a user of none. */
  investorOrganizationId: string | null;
  /** The fund's administrator (fund.organization_id). */
  fundOrganizationId: string;
}

export interface FundRequestCancellation {
  kind: FundRequestKind;
  id: number;
  /** Only a request whose investor belongs to this organization is changed; null: any. */
  organizationId: string | null;
  /** Recorded in audit_log: who cancelled, through which key, in which request, and why. */
  actingUserId: string;
  apiKeyId: string;
  requestId: string;
  reason: string | null;
}

export interface FundRequestTable {
  /** The request as it is now, or null when there is none. */
  find(kind: FundRequestKind, id: number): Promise<FundRequestRow | null>;
  /**
   * Cancels the request when it is pending and its investor is in reach, with its audit entry,
   * in one transaction; the cancelled request, or null when no such request was changed.
   */
  cancelPending(cancellation: FundRequestCancellation): Promise<FundRequestRow | null>;
}

/** The columns of FundRequestRow, from the request `r` (or its new version) joined to its fund and investor. */
function requestColumns(kind: FundRequestKind) {
  return sql`r.id, r.fund_id AS "fundId", f.name AS "fundName", f.currency, r.user_id AS "investorUserId",
    ${sql.ref(`r.${tables[kind].amount}`)}::text AS amount, r.status,
    ${isoInstant('r.created_at')} AS "createdAt", ${isoInstant('r.updated_at')} AS "updatedAt",
    u.organization_id AS "investorOrganizationId", f.organization_id AS "fundOrganizationId"`;
}

export function createFundRequestTable(db: Db): FundRequestTable {
  return {
    async find(kind, id) {
      const { rows } = await sql<FundRequestRow>`SELECT ${requestColumns(kind)}
        FROM ${sql.table(tables[kind].table)} r
        JOIN fund f ON f.id = r.fund_id
        JOIN app_user u ON u.id = r.user_id
        WHERE r.id = ${id}`.execute(db);
      return rows[0] ?? null;
    },

    async cancelPending(cancellation) {
      const { kind, id, organizationId } = cancellation;
      const { table } = tables[kind];
      return db.transaction().execute(async (trx) => {
        const { rows } = await sql<FundRequestRow>`WITH r AS (
            UPDATE ${sql.table(table)} c SET status = 'cancelled', updated_at = now()
            WHERE c.id = ${id} AND c.status = 'pending'
              AND (${organizationId}::uuid IS NULL OR EXISTS (
                SELECT 1 FROM app_user i WHERE i.id = c.user_id AND i.organization_id = ${organizationId}::uuid))
            RETURNING c.*)
          SELECT ${requestColumns(kind)} FROM r JOIN fund f ON f.id = r.fund_id JOIN app_user u ON u.id = r.user_id`.execute(
          trx,
        );
        const cancelled = rows[0];
        if (!cancelled) return null;
        await trx
          .insertInto('audit_log')
          .values({
            actor_user_id: cancellation.actingUserId,
            actor_api_key_id: cancellation.apiKeyId,
            action: `${table}.cancel`,
            resource_type: table,
            resource_id: String(id),
            request_id: cancellation.requestId,
            details: JSON.stringify({
              fundId: cancelled.fundId,
              investorUserId: cancelled.investorUserId,
              amount: cancelled.amount,
              previousStatus: 'pending',
              reason: cancellation.reason,
            }),
          })
          .execute();
        return cancelled;
      });
    },
  };
}
