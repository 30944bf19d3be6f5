// The KYC provider's webhooks (docs/kyc.md#webhooks). The signature is checked on the raw body
// before anything parses it (kyc-webhook-signature.ts). A verified `applicant…` event means the
// applicant changed: its current review and questionnaires are read from the provider, the
// answers sealed under the current KYC data key, and both stored with the delivery in one
// transaction. Reading the provider's current state, rather than applying what the event says,
// makes the order of deliveries irrelevant; the delivery record (by the SHA-256 of the body)
// makes a delivery sent again a no-op. A provider failure stores nothing and fails the request,
// so the provider sends the webhook again later.
import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import type { KycWebhookOutcome, KycWebhookStore } from '../../access/kyc/kyc-webhook-store.ts';
import { everyOrganization } from '../../access/organization-scope.ts';
import type { KycProvider } from '../../providers/kyc/kyc-provider.ts';
import type { KycDataKeyRing } from './kyc-data-key-ring.ts';
import { type KycWebhookSignature, verifyKycWebhookSignature } from './kyc-webhook-signature.ts';
import { sealQuestionnaires } from './sealed-questionnaires.ts';

/** A webhook body as openapi.yaml `KycWebhookEvent` validates it; other fields are ignored. */
export interface KycWebhookEvent {
  type: string;
  applicantId?: string;
}

export type KycWebhookAnswer = KycWebhookOutcome | 'duplicate';

export function createKycWebhookService(deps: {
  secret: string;
  store: KycWebhookStore;
  provider: Pick<KycProvider, 'getApplicant'>;
  ring: KycDataKeyRing;
  logger: Logger;
}) {
  return {
    /** UNAUTHENTICATED unless the raw body carries a valid digest; call before parsing it. */
    verify(rawBody: Uint8Array, signature: KycWebhookSignature): void {
      verifyKycWebhookSignature(deps.secret, rawBody, signature);
    },

    async receive(rawBody: Uint8Array, event: KycWebhookEvent): Promise<KycWebhookAnswer> {
      const delivery = {
        payloadSha256: createHash('sha256').update(rawBody).digest('hex'),
        eventType: event.type,
        applicantId: event.applicantId ?? null,
      };
      if ((await deps.store.handled(delivery.payloadSha256)) !== undefined) return 'duplicate';
      const outcome = await apply(delivery, deps);
      deps.logger.info(
        { provider: 'kyc', eventType: delivery.eventType, applicantId: delivery.applicantId, outcome },
        'KYC webhook handled',
      );
      return outcome;
    },
  };
}

async function apply(
  delivery: { payloadSha256: string; eventType: string; applicantId: string | null },
  deps: { store: KycWebhookStore; provider: Pick<KycProvider, 'getApplicant'>; ring: KycDataKeyRing },
): Promise<KycWebhookOutcome> {
  const { applicantId } = delivery;
  if (!delivery.eventType.startsWith('applicant') || applicantId === null) {
    await deps.store.record(delivery, 'ignored');
    return 'ignored';
  }
  // The provider reports on applicants of every organization (docs/identity.md#organization-scope).
  const profileId = await deps.store.profileOfApplicant(everyOrganization, applicantId);
  const applicant = profileId === null ? null : await deps.provider.getApplicant(applicantId);
  if (profileId === null || applicant === null) {
    await deps.store.record(delivery, 'unknownApplicant');
    return 'unknownApplicant';
  }
  const sealed =
    applicant.questionnaires.length === 0 ? null : sealQuestionnaires(deps.ring, profileId, applicant.questionnaires);
  await deps.store.apply(delivery, { profileId, review: applicant.review, sealed });
  return 'applied';
}

export type KycWebhookService = ReturnType<typeof createKycWebhookService>;
