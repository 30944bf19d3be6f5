// An applicant as the KYC provider reports it now (docs/kyc.md#webhooks): its review and its
// questionnaires. The platform re-reads it whenever a webhook says the applicant changed, so
// what it stores is the provider's current state, whatever order webhooks arrive in.
import type { KycQuestionnaire } from './kyc-questionnaire.ts';

/** docs/domain.md#kyc: the provider's review statuses, as it spells them. */
export const kycReviewStatuses = [
  'init',
  'pending',
  'prechecked',
  'queued',
  'completed',
  'onHold',
  'awaitingService',
  'awaitingUser',
] as const;

export type KycReviewStatus = (typeof kycReviewStatuses)[number];

export interface KycApplicantReview {
  status: KycReviewStatus;
  /** Set only when `status` is completed. */
  answer: 'GREEN' | 'RED' | null;
  /** Set only when `answer` is RED. */
  rejectType: 'FINAL' | 'RETRY' | null;
  rejectLabels: string[];
}

export interface KycApplicant {
  applicantId: string;
  review: KycApplicantReview;
  questionnaires: KycQuestionnaire[];
}
