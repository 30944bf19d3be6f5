// The KYC gate of OTC trading (docs/trading.md#who-may-trade; docs/domain.md#kyc): a trade is
// executed only for an acting user whose latest KYC review (src/records/kyc/kyc-review-table.ts)
// is `completed` with the answer GREEN. Anything else (no profile, a review in progress, RED with
// RETRY or FINAL) stops the trade with KYC_NOT_APPROVED before anything is written.
import type { KycReviewRecord } from '../../records/kyc/kyc-review-table.ts';
import { failWith } from '../outcomes/user-failure.ts';

const rule = 'OTC trades are executed only for users whose KYC review is completed GREEN';

/** Why the review does not admit trading; null when it does. */
export function tradingKycRefusal(review: KycReviewRecord | null, userId: string): string | null {
  if (!review) return `${userId} has no KYC profile: ${rule}`;
  if (review.reviewStatus !== 'completed') return `${userId}'s KYC review is ${review.reviewStatus}: ${rule}`;
  if (review.reviewAnswer === 'GREEN') return null;
  const answer = review.reviewAnswer ?? 'with no answer';
  const rejection = review.rejectType ? ` (${review.rejectType})` : '';
  return `${userId}'s KYC review was completed ${answer}${rejection}: ${rule}`;
}

/** Throws KYC_NOT_APPROVED unless the acting user's review admits trading. */
export function assertMayTrade(review: KycReviewRecord | null, userId: string): void {
  const refusal = tradingKycRefusal(review, userId);
  if (refusal) failWith('KYC_NOT_APPROVED', refusal);
}
