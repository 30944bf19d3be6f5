// Where a person's identity verification stands (docs/kyc.md; docs/domain.md#kyc), as the
// operations that need a verified person ask it (an OTC trade: docs/trading.md#who-may-trade; fund
// dealing: docs/funds.md#the-kyc-gate): the review of the person's most recently updated KYC
// profile. The latest review decides, so a re-review in progress or answered RED stops them even
// where an older profile was GREEN. Read with the caller's handle: a dealing reads it inside its
// own transaction.
import type { Db } from '../../db/create-database.ts';
import type { StoredKycReviewStatus } from './kyc-profile-table.ts';

export interface KycReviewRecord {
  reviewStatus: StoredKycReviewStatus;
  reviewAnswer: 'GREEN' | 'RED' | null;
  rejectType: 'FINAL' | 'RETRY' | null;
}

/** The review of the user's latest KYC profile (kyc_profile.user_id); null when they have none. */
export async function latestKycReviewOf(db: Db, userId: string): Promise<KycReviewRecord | null> {
  const row = await db
    .selectFrom('kyc_profile')
    .select(['review_status as reviewStatus', 'review_answer as reviewAnswer', 'reject_type as rejectType'])
    .where('user_id', '=', userId)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return (row as KycReviewRecord | undefined) ?? null;
}
