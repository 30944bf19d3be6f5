// A KYC profile as the business API answers it (schema.graphql `KycProfile`): the provider's review
// words become the schema's enums (`onHold` → ON_HOLD), and a profile that belongs to an
// organization and no user is a COMPANY applicant.
import type { KycProfileRow } from '../../records/kyc/kyc-profile-table.ts';

export type KycReviewStatusView =
  'INIT' | 'PENDING' | 'PRECHECKED' | 'QUEUED' | 'COMPLETED' | 'ON_HOLD' | 'AWAITING_SERVICE' | 'AWAITING_USER';

export interface KycProfileView {
  id: string;
  applicantType: 'INDIVIDUAL' | 'COMPANY';
  providerApplicantId: string | null;
  levelName: string;
  userId: string | null;
  organizationId: string | null;
  fullName: string | null;
  email: string | null;
  countryCode: string | null;
  review: {
    status: KycReviewStatusView;
    answer: 'GREEN' | 'RED' | null;
    rejectType: 'FINAL' | 'RETRY' | null;
    rejectLabels: string[];
  };
  createdAt: string;
  updatedAt: string;
}

export function kycProfileView(row: KycProfileRow): KycProfileView {
  return {
    id: row.id,
    applicantType: row.userId === null ? 'COMPANY' : 'INDIVIDUAL',
    providerApplicantId: row.applicantId,
    levelName: row.levelName,
    userId: row.userId,
    organizationId: row.organizationId,
    fullName: row.fullName,
    email: row.email,
    countryCode: row.countryCode,
    review: {
      status: row.reviewStatus.replace(/[A-Z]/g, (letter) => `_${letter}`).toUpperCase() as KycReviewStatusView,
      answer: row.reviewAnswer,
      rejectType: row.rejectType,
      rejectLabels: row.rejectLabels,
    },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
