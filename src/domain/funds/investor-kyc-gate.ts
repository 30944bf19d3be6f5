// The KYC gate of fund dealing (docs/funds.md#the-kyc-gate; docs/domain.md#funds: investors deal
// only once their KYC is complete, GREEN): a subscription or redemption is processed only for an
// investor whose latest KYC review (src/records/kyc/kyc-review-table.ts) is `completed` with the
// answer GREEN. Anything else (no profile, a review in progress, RED with RETRY or FINAL) stops
// the dealing with KYC_NOT_APPROVED before anything is written.
import type { KycReviewRecord } from '../../records/kyc/kyc-review-table.ts';
import { failWith } from '../outcomes/user-failure.ts';

const rule = 'fund requests are processed only for investors whose KYC review is completed GREEN';

/** Why the review does not admit dealing; null when it does. */
export function kycRefusal(review: KycReviewRecord | null, investorUserId: string): string | null {
  if (!review) return `${investorUserId} has no KYC profile: ${rule}`;
  if (review.reviewStatus !== 'completed') return `${investorUserId}'s KYC review is ${review.reviewStatus}: ${rule}`;
  if (review.reviewAnswer === 'GREEN') return null;
  const answer = review.reviewAnswer ?? 'with no answer';
  const rejection = review.rejectType ? ` (${review.rejectType})` : '';
  return `${investorUserId}'s KYC review was completed ${answer}${rejection}: ${rule}`;
}

/** Throws KYC_NOT_APPROVED (field `field`) unless the review admits dealing. */
export function assertKycApproved(review: KycReviewRecord | null, investorUserId: string, field: string): void {
  const refusal = kycRefusal(review, investorUserId);
  if (refusal) failWith('KYC_NOT_APPROVED', refusal, field);
}
