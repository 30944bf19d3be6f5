// The KYC area (docs/kyc.md): the business API's KYC profile candidates and decrypted
// questionnaire answers, the KYC provider's webhook (POST /webhooks/kyc, a transport of its own),
// and the key ring that seals the answers at rest, also handed to the demo seed.
import type { Logger } from 'pino';
import { createKycAuditLog } from '../records/kyc/kyc-audit-log-table.ts';
import { createKycCandidateTable } from '../records/kyc/kyc-candidate-table.ts';
import { createKycQuestionnaireTable } from '../records/kyc/kyc-questionnaire-table.ts';
import { createKycWebhookTable } from '../records/kyc/kyc-webhook-table.ts';
import type { KycDataKeyEntry } from '../config/kyc-data-keys-config.ts';
import type { Db } from '../db/create-database.ts';
import type { DemoQuestionnaireSealer } from '../db/seed/seal-demo-questionnaires.ts';
import { createKycDocumentTokens } from '../domain/identity/kyc-document-tokens.ts';
import { createKycCandidateService } from '../domain/kyc/kyc-candidate-service.ts';
import { type KycDataKeyRing, createKycDataKeyRing } from '../domain/kyc/kyc-data-key-ring.ts';
import { createKycWebhookService } from '../domain/kyc/kyc-webhook-service.ts';
import { createQuestionnaireDecryptionService } from '../domain/kyc/questionnaire-decryption-service.ts';
import { sealQuestionnaires } from '../domain/kyc/sealed-questionnaires.ts';
import type { KycServices } from '../graphql/resolvers/kyc-resolvers.ts';
import { kycWebhookTransport } from '../http/kyc-webhook/kyc-webhook-transport.ts';
import type { Identity } from './create-identity.ts';

/** The key ring, and the demo seed's sealer made from it (docs/kyc.md#keys). */
export function createKycKeys(entries: readonly KycDataKeyEntry[]): {
  ring: KycDataKeyRing;
  sealDemoQuestionnaires: DemoQuestionnaireSealer;
} {
  const ring = createKycDataKeyRing(entries);
  return {
    ring,
    sealDemoQuestionnaires: (profileId, questionnaires) => sealQuestionnaires(ring, profileId, questionnaires),
  };
}

export function createKyc(deps: {
  db: Db;
  ring: KycDataKeyRing;
  webhookSecret: string;
  identity: Identity;
  logger: Logger;
}): { services: KycServices; transports: { receiveKycWebhook: ReturnType<typeof kycWebhookTransport> } } {
  const { db, ring, identity, logger } = deps;
  const webhooks = createKycWebhookService({
    secret: deps.webhookSecret,
    store: createKycWebhookTable(db),
    provider: identity.kyc,
    ring,
    logger,
  });
  return {
    services: {
      candidates: createKycCandidateService({ table: createKycCandidateTable(db) }),
      questionnaires: createQuestionnaireDecryptionService({
        store: createKycQuestionnaireTable(db),
        audit: createKycAuditLog(db),
        ring,
        links: createKycDocumentTokens(identity.services.tokens),
        users: identity.services.users,
        logger,
      }),
      users: identity.services.users,
    },
    transports: { receiveKycWebhook: kycWebhookTransport(webhooks) },
  };
}
