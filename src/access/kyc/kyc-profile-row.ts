// A kyc_profile row as the KYC readers return it (docs/kyc.md), without the sealed answers,
// and the SQL that selects it. The review columns hold the provider's words (docs/domain.md#kyc).
import { sql } from 'kysely';
import type { SqlCondition } from '../condition-to-sql.ts';
import { type OrganizationScope, organizationInScope } from '../organization-scope.ts';

/** The values migration 0001's CHECK allows in kyc_profile.review_status. */
export type StoredKycReviewStatus =
  'init' | 'pending' | 'prechecked' | 'queued' | 'completed' | 'onHold' | 'awaitingService' | 'awaitingUser';

export interface KycProfileRow {
  id: string;
  userId: string | null;
  organizationId: string | null;
  applicantId: string | null;
  levelName: string;
  reviewStatus: StoredKycReviewStatus;
  reviewAnswer: 'GREEN' | 'RED' | null;
  rejectType: 'FINAL' | 'RETRY' | null;
  rejectLabels: string[];
  fullName: string | null;
  email: string | null;
  countryCode: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The columns of KycProfileRow from `kyc_profile k`. */
export const kycProfileColumns = sql`k.id, k.user_id AS "userId", k.organization_id AS "organizationId",
  k.applicant_id AS "applicantId", k.level_name AS "levelName", k.review_status AS "reviewStatus",
  k.review_answer AS "reviewAnswer", k.reject_type AS "rejectType", k.reject_labels AS "rejectLabels",
  k.full_name AS "fullName", k.email, k.country_code AS "countryCode", k.created_at AS "createdAt",
  k.updated_at AS "updatedAt"`;

/** `k` is a profile of an organization in the scope (every profile, for every organization). */
export function profileInScope(scope: OrganizationScope): SqlCondition {
  return organizationInScope(scope, 'k.organization_id');
}
