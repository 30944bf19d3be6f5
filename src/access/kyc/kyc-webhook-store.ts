// What the KYC provider's webhooks change (docs/kyc.md#webhooks): the profile of an applicant, its
// review and sealed answers as the provider reports them now, and kyc_webhook_delivery, the
// deliveries already handled by the SHA-256 of their body, so a delivery sent again is not
// applied twice. A profile's change and its delivery row are written in one transaction. The
// provider speaks for every organization: its profile lookup takes `everyOrganization`
// (docs/identity.md#organization-scope).
import { sql } from 'kysely';
import type { Db } from '../../db/create-database.ts';
import { type OrganizationScope, organizationInScope } from '../organization-scope.ts';

export type KycWebhookOutcome = 'applied' | 'ignored' | 'unknownApplicant';

export interface KycWebhookDelivery {
  payloadSha256: string;
  eventType: string;
  applicantId: string | null;
}

export interface KycProfileUpdate {
  profileId: string;
  review: {
    status: string;
    answer: 'GREEN' | 'RED' | null;
    rejectType: 'FINAL' | 'RETRY' | null;
    rejectLabels: string[];
  };
  /** The sealed answers; null when the applicant has none. */
  sealed: Buffer | null;
}

export function createKycWebhookStore(db: Db) {
  return {
    /** The outcome of a delivery already handled; undefined when it is new. */
    async handled(payloadSha256: string): Promise<KycWebhookOutcome | undefined> {
      const row = await db
        .selectFrom('kyc_webhook_delivery')
        .select('outcome')
        .where('payload_sha256', '=', payloadSha256)
        .executeTakeFirst();
      return row?.outcome as KycWebhookOutcome | undefined;
    },

    /** The profile of the KYC provider's applicant, if it is in the scope. */
    async profileOfApplicant(scope: OrganizationScope, applicantId: string): Promise<string | null> {
      const row = await db
        .selectFrom('kyc_profile')
        .select('id')
        .where('applicant_id', '=', applicantId)
        .where(organizationInScope(scope, 'kyc_profile.organization_id'))
        .executeTakeFirst();
      return row?.id ?? null;
    },

    /** Records a delivery that changed nothing. */
    async record(delivery: KycWebhookDelivery, outcome: Exclude<KycWebhookOutcome, 'applied'>): Promise<void> {
      await insertDelivery(db, delivery, outcome, null);
    },

    /** Stores the applicant's current review and answers, and the delivery, at once. */
    async apply(delivery: KycWebhookDelivery, update: KycProfileUpdate): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('kyc_profile')
          .set({
            review_status: update.review.status,
            review_answer: update.review.answer,
            reject_type: update.review.rejectType,
            reject_labels: update.review.rejectLabels,
            questionnaire_ciphertext: update.sealed,
            updated_at: sql<Date>`now()`,
          })
          .where('id', '=', update.profileId)
          .execute();
        await insertDelivery(trx, delivery, 'applied', update.profileId);
      });
    },
  };
}

async function insertDelivery(
  db: Db,
  delivery: KycWebhookDelivery,
  outcome: KycWebhookOutcome,
  profileId: string | null,
): Promise<void> {
  // Two nodes handling the same delivery at once both stored the provider's current state; the
  // second row is not needed.
  await db
    .insertInto('kyc_webhook_delivery')
    .values({
      payload_sha256: delivery.payloadSha256,
      event_type: delivery.eventType,
      applicant_id: delivery.applicantId,
      kyc_profile_id: profileId,
      outcome,
    })
    .onConflict((conflict) => conflict.column('payload_sha256').doNothing())
    .execute();
}

export type KycWebhookStore = ReturnType<typeof createKycWebhookStore>;
