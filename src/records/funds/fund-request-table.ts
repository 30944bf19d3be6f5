// The fund requests the cancel and dealing mutations read, and the cancel changes (docs/funds.md):
// fund_subscription and fund_redemption, with their fund and the organizations a request concerns.
// A request is read within the caller's organization scope (docs/identity.md#organization-scope),
// which reaches it through its investor's organization, its fund's administrator or both, and
// says which; any other is not read at all. Dealing writes through fund-dealing-table.ts. A cancel is one conditional UPDATE (`status = 'pending'`, and the investor in the
// caller's scope) with its audit_log entry in the same transaction, so concurrent cancels and
// approvals have exactly one winner: PostgreSQL re-checks the condition on the row a concurrent
// writer has just committed.
import { sql } from 'kysely';
import type { Db } from '../../db/create-database.ts';
import { isoInstant } from '../documents/document-columns.ts';
import { writeAuditEntry } from '../audit/audit-log-table.ts';
import { type OrganizationScope, organizationInScope } from '../../access/organization-scope.ts';

export type FundRequestKind = 'subscription' | 'redemption';

/** The table of each kind, and the column its amount is in (migration 0001). */
export const fundRequestTables = {
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
  /** The person who processed (dealt) it; null until processed, and for requests processed before migration 0020. */
  processedByUserId: string | null;
  createdAt: string;
  updatedAt: string;
  /** The investor's home organization (app_user.organization_id); null for a user of none. */
  investorOrganizationId: string | null;
  /** The fund's administrator (fund.organization_id). */
  fundOrganizationId: string;
}

/** A request as the scope reaches it: through its investor's organization, its fund's administrator, or both. */
export interface ScopedFundRequestRow extends FundRequestRow {
  /** The investor's organization is in the scope (always, for every organization). */
  investorInScope: boolean;
  /** The fund's administrator is in the scope (always, for every organization). */
  fundInScope: boolean;
}

export interface FundRequestCancellation {
  kind: FundRequestKind;
  id: number;
  /** Only a request whose investor's organization the scope reaches is changed. */
  scope: OrganizationScope;
  /** Recorded in audit_log: who cancelled, through which key, in which request, and why. */
  actingUserId: string;
  apiKeyId: string;
  requestId: string;
  reason: string | null;
}

export interface FundRequestTable {
  /** The request as it is now, if the scope reaches its investor or its fund (and which); null otherwise, as for none. */
  find(scope: OrganizationScope, kind: FundRequestKind, id: number): Promise<ScopedFundRequestRow | null>;
  /**
   * Cancels the request when it is pending and its investor is in the scope, with its audit entry,
   * in one transaction; the cancelled request, or null when no such request was changed.
   */
  cancelPending(cancellation: FundRequestCancellation): Promise<FundRequestRow | null>;
}

/** The columns of FundRequestRow, from the request `r` (or its new version) joined to its fund `f` and investor `u`. */
export function requestColumns(kind: FundRequestKind) {
  return sql`r.id, r.fund_id AS "fundId", f.name AS "fundName", f.currency, r.user_id AS "investorUserId",
    ${sql.ref(`r.${fundRequestTables[kind].amount}`)}::text AS amount, r.status,
    r.processed_by_user_id AS "processedByUserId", ${isoInstant('r.created_at')} AS "createdAt", ${isoInstant('r.updated_at')} AS "updatedAt",
    u.organization_id AS "investorOrganizationId", f.organization_id AS "fundOrganizationId"`;
}

export function createFundRequestTable(db: Db): FundRequestTable {
  return {
    async find(scope, kind, id) {
      const investorInScope = organizationInScope(scope, 'u.organization_id');
      const fundInScope = organizationInScope(scope, 'f.organization_id');
      const { rows } = await sql<ScopedFundRequestRow>`SELECT ${requestColumns(kind)},
          coalesce(${investorInScope}, false) AS "investorInScope", coalesce(${fundInScope}, false) AS "fundInScope"
        FROM ${sql.table(fundRequestTables[kind].table)} r
        JOIN fund f ON f.id = r.fund_id
        JOIN app_user u ON u.id = r.user_id
        WHERE r.id = ${id} AND (${investorInScope} OR ${fundInScope})`.execute(db);
      return rows[0] ?? null;
    },

    async cancelPending(cancellation) {
      const { kind, id, scope } = cancellation;
      const { table } = fundRequestTables[kind];
      return db.transaction().execute(async (trx) => {
        const { rows } = await sql<FundRequestRow>`WITH r AS (
            UPDATE ${sql.table(table)} c SET status = 'cancelled', updated_at = now()
            WHERE c.id = ${id} AND c.status = 'pending'
              AND EXISTS (SELECT 1 FROM app_user i WHERE i.id = c.user_id AND ${organizationInScope(scope, 'i.organization_id')})
            RETURNING c.*)
          SELECT ${requestColumns(kind)} FROM r JOIN fund f ON f.id = r.fund_id JOIN app_user u ON u.id = r.user_id`.execute(
          trx,
        );
        const cancelled = rows[0];
        if (!cancelled) return null;
        await writeAuditEntry(trx, {
          actor: {
            userId: cancellation.actingUserId,
            apiKeyId: cancellation.apiKeyId,
            requestId: cancellation.requestId,
          },
          action: `${table}.cancel`,
          resourceType: table,
          resourceId: String(id),
          details: {
            fundId: cancelled.fundId,
            investorUserId: cancelled.investorUserId,
            amount: cancelled.amount,
            previousStatus: 'pending',
            reason: cancellation.reason,
          },
        });
        return cancelled;
      });
    },
  };
}
