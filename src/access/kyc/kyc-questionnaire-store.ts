// The sealed questionnaire answers of kyc_profile (docs/kyc.md#encryption): read with the profile
// within a caller's organization scope (docs/identity.md#organization-scope), and rewritten by re-encryption only where they are still
// the bytes that were read, so a webhook storing newer answers meanwhile is never overwritten.
import { sql } from 'kysely';
import type { Db } from '../../db/create-database.ts';
import { type OrganizationScope, organizationInScope } from '../organization-scope.ts';
import { type KycProfileRow, kycProfileColumns, profileInScope } from './kyc-profile-row.ts';

export interface SealedQuestionnaireRow {
  profile: KycProfileRow;
  /** Null when the applicant has filled in no questionnaire yet. */
  sealed: Buffer | null;
}

export function createKycQuestionnaireStore(db: Db) {
  return {
    /** The profile and its sealed answers; null when missing or outside the scope. */
    async find(scope: OrganizationScope, profileId: string): Promise<SealedQuestionnaireRow | null> {
      const { rows } = await sql<KycProfileRow & { sealed: Buffer | null }>`SELECT ${kycProfileColumns},
          k.questionnaire_ciphertext AS sealed
        FROM kyc_profile k WHERE k.id = ${profileId} AND ${profileInScope(scope)}`.execute(db);
      const row = rows[0];
      if (!row) return null;
      const { sealed, ...profile } = row;
      return { profile, sealed };
    },

    /** Up to `limit` sealed answers of profiles in the scope after profile `afterId` (null: from the first), by id. */
    async batch(
      scope: OrganizationScope,
      afterId: string | null,
      limit: number,
    ): Promise<{ id: string; sealed: Buffer }[]> {
      let query = db
        .selectFrom('kyc_profile')
        .select(['id', 'questionnaire_ciphertext as sealed'])
        .where('questionnaire_ciphertext', 'is not', null)
        .where(organizationInScope(scope, 'kyc_profile.organization_id'))
        .orderBy('id')
        .limit(limit);
      if (afterId !== null) query = query.where('id', '>', afterId);
      return (await query.execute()) as { id: string; sealed: Buffer }[];
    },

    /** Replaces `previous` with `next`; false when the stored answers are no longer `previous`. */
    async replace(profileId: string, previous: Buffer, next: Buffer): Promise<boolean> {
      const result = await db
        .updateTable('kyc_profile')
        .set({ questionnaire_ciphertext: next })
        .where('id', '=', profileId)
        .where('questionnaire_ciphertext', '=', previous)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },
  };
}

export type KycQuestionnaireStore = ReturnType<typeof createKycQuestionnaireStore>;
