// The KYC profiles that could be reused for a user or linked to an organization
// (schema.graphql Query.getPotentialKycProfiles, docs/kyc.md#candidates), with why each matched,
// ordered by the strongest reason, then most recently updated, then id; one statement for the
// page and one for the count. Only profiles the caller's organization scope reaches are read
// (docs/identity.md#organization-scope), and a caller bound to an organization asks only about it
// or its users: any other subject matches nothing, so the answer does not disclose whom another
// organization's people are.
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/create-database.ts';
import type { SqlCondition } from '../condition-to-sql.ts';
import { type OrganizationScope, organizationInScope } from '../organization-scope.ts';
import { type KycProfileRow, kycProfileColumns, profileInScope } from './kyc-profile-row.ts';

export type KycCandidateSubject = { userId: string } | { organizationId: string };

export interface KycCandidateQuery {
  subject: KycCandidateSubject;
  /** INDIVIDUAL: profiles with a user; COMPANY: profiles of an organization and no user. */
  applicantType: 'INDIVIDUAL' | 'COMPANY' | null;
  /** Only reviews completed GREEN. */
  reusableOnly: boolean;
  /** The caller's organization scope: the profiles, and the subjects, it reaches. */
  scope: OrganizationScope;
  limit: number;
  offset: number;
}

export interface KycCandidateRow extends KycProfileRow {
  sameUser: boolean;
  sameOrganization: boolean;
  organizationMember: boolean;
  sameEmail: boolean;
}

export function createKycCandidateTable(db: Db) {
  return {
    async page(query: KycCandidateQuery): Promise<{ rows: KycCandidateRow[]; totalCount: number }> {
      const matched = matchedProfiles(query);
      const [page, count] = await Promise.all([
        sql<KycCandidateRow>`WITH matched AS (${matched}) SELECT * FROM matched
          ORDER BY CASE WHEN "sameUser" THEN 1 WHEN "sameOrganization" THEN 2 WHEN "organizationMember" THEN 3
            WHEN "sameEmail" THEN 4 ELSE 5 END, "updatedAt" DESC, id
          LIMIT ${query.limit} OFFSET ${query.offset}`.execute(db),
        sql<{ total: string }>`WITH matched AS (${matched}) SELECT count(*) AS total FROM matched`.execute(db),
      ]);
      return { rows: page.rows, totalCount: Number(count.rows[0]?.total ?? 0) };
    },
  };
}

function matchedProfiles(query: KycCandidateQuery): RawBuilder<unknown> {
  const filters = sql`${profileInScope(query.scope)} AND ${applicantTypeFilter(query.applicantType)}
    AND ${query.reusableOnly ? sql`k.review_status = 'completed' AND k.review_answer = 'GREEN'` : sql`true`}`;
  if ('userId' in query.subject) {
    const { userId } = query.subject;
    // The email compared is the user's own (app_user.email); the subject must exist.
    return sql`SELECT ${kycProfileColumns}, k.user_id IS NOT DISTINCT FROM s.id AS "sameUser",
        false AS "sameOrganization", false AS "organizationMember",
        coalesce(lower(k.email) = lower(s.email), false) AS "sameEmail"
      FROM kyc_profile k JOIN app_user s ON s.id = ${userId}
        AND (k.user_id = s.id OR lower(k.email) = lower(s.email))
      WHERE ${filters} AND ${userInScope(query.scope)}`;
  }
  const { organizationId } = query.subject;
  const member = sql`(EXISTS (SELECT 1 FROM organization_membership m WHERE m.organization_id = ${organizationId}
      AND m.user_id = k.user_id)
    OR EXISTS (SELECT 1 FROM app_user u WHERE u.id = k.user_id AND u.organization_id = ${organizationId}))`;
  return sql`SELECT ${kycProfileColumns}, false AS "sameUser",
      k.organization_id IS NOT DISTINCT FROM ${organizationId}::uuid AS "sameOrganization",
      ${member} AS "organizationMember", false AS "sameEmail"
    FROM kyc_profile k
    WHERE (k.organization_id = ${organizationId} OR ${member}) AND ${filters}
      AND EXISTS (SELECT 1 FROM organization subject
        WHERE subject.id = ${organizationId} AND ${organizationInScope(query.scope, 'subject.id')})`;
}

/** The subject user `s` belongs to an organization in the scope (home or membership); any user for every organization. */
function userInScope(scope: OrganizationScope): SqlCondition {
  return sql`(${organizationInScope(scope, 's.organization_id')} OR EXISTS (SELECT 1 FROM organization_membership m
    WHERE m.user_id = s.id AND ${organizationInScope(scope, 'm.organization_id')}))`;
}

function applicantTypeFilter(type: KycCandidateQuery['applicantType']) {
  if (type === 'INDIVIDUAL') return sql`k.user_id IS NOT NULL`;
  if (type === 'COMPANY') return sql`k.user_id IS NULL`;
  return sql`true`;
}

export type KycCandidateTable = ReturnType<typeof createKycCandidateTable>;
