// The business API's decrypted questionnaire answers (schema.graphql
// Query.sumsubQuestionnaireDataDecrypted, docs/kyc.md#who-gets-plaintext). A profile outside the
// caller's organization scope is not read, and null, as a missing one is; a caller who can see it but may
// not decrypt is FORBIDDEN, and so is an acting person without a role permissions.yaml
// business_operations lists for it in the profile's organization (operation-roles.ts). Every decryption, and every one that fails, is one audit row naming
// the API key, the acting user and the profile, written before any answer is returned: if the
// row cannot be written, no answer leaves. Answers that do not decrypt (altered, moved from
// another profile, sealed with a key the ring lacks) are logged and answered with a masked
// error. Never cached.
import type { Logger } from 'pino';
import type { KycAuditLog } from '../../access/kyc/kyc-audit-log.ts';
import type { KycQuestionnaireStore } from '../../access/kyc/kyc-questionnaire-store.ts';
import type { OrganizationScope } from '../../access/organization-scope.ts';
import { AppError } from '../../errors/app-error.ts';
import type { ActingUserDirectory } from '../identity/acting-user.ts';
import type { BusinessScope } from '../identity/api-key-scopes.ts';
import type { KycDocumentTokens } from '../identity/kyc-document-tokens.ts';
import { assertMayPerform } from '../identity/operation-roles.ts';
import type { KycDataKeyRing } from './kyc-data-key-ring.ts';
import { QuestionnaireCipherError, envelopeKeyId } from './questionnaire-cipher.ts';
import { type SumsubQuestionnaireDataView, questionnaireViews } from './questionnaire-view.ts';
import { openQuestionnaires } from './sealed-questionnaires.ts';

/** The scope that, beside `kyc`, lets an API key read answers in plaintext (docs/identity.md#scopes). */
export const kycDecryptScope: BusinessScope = 'kyc-decrypt';

export interface QuestionnaireReader {
  apiKeyId: string;
  /** The key's organization scope (docs/identity.md#organization-scope). */
  scope: OrganizationScope;
  /** Whether the key holds `kyc-decrypt` (admin keys hold every scope). */
  mayDecrypt: boolean;
  requestId: string;
  /** The acting user (docs/identity.md#acting-user); throws FORBIDDEN when there is none. */
  actingUser(): Promise<string>;
}

export interface QuestionnaireDecryptionDeps {
  store: KycQuestionnaireStore;
  audit: KycAuditLog;
  ring: KycDataKeyRing;
  links: Pick<KycDocumentTokens, 'issueKycDocumentToken'>;
  users: ActingUserDirectory;
  logger: Logger;
  now?: () => Date;
}

/** The deps with the clock settled. */
type DecryptionDesk = Required<QuestionnaireDecryptionDeps>;

/** Whose answers are decrypted, by whom: what every audit row and log line of one decryption names. */
interface DecryptionParties {
  profileId: string;
  apiKeyId: string;
  requestId: string;
  actingUserId: string;
}

export function createQuestionnaireDecryptionService(deps: QuestionnaireDecryptionDeps) {
  const desk: DecryptionDesk = { ...deps, now: deps.now ?? (() => new Date()) };
  return {
    decrypted: (profileId: string, reader: QuestionnaireReader): Promise<SumsubQuestionnaireDataView | null> =>
      decrypted(desk, profileId, reader),
  };
}

async function decrypted(
  desk: DecryptionDesk,
  profileId: string,
  reader: QuestionnaireReader,
): Promise<SumsubQuestionnaireDataView | null> {
  const found = await desk.store.find(reader.scope, profileId.toLowerCase());
  if (!found) return null;
  if (!reader.mayDecrypt)
    throw new AppError(
      'FORBIDDEN',
      `this API key lacks the '${kycDecryptScope}' scope, which decrypted KYC questionnaire answers need`,
    );
  const actingUserId = await reader.actingUser();
  const parties = { profileId: found.profile.id, apiKeyId: reader.apiKeyId, requestId: reader.requestId, actingUserId };
  await assertMayPerform(desk.users, {
    operation: 'sumsubQuestionnaireDataDecrypted',
    actingUserId,
    organizationId: found.profile.organizationId,
  });
  const decryptedAt = desk.now().toISOString();
  if (found.sealed === null) {
    await desk.audit.recordDecryption({ ...parties, outcome: 'empty', dataKeyId: null, questionnaireCount: 0 });
    return { kycProfileId: found.profile.id, questionnaires: [], decryptedAt };
  }
  const questionnaires = await openedOrAudited(desk, parties, found.sealed);
  const views = await questionnaireViews(questionnaires, desk.links);
  await desk.audit.recordDecryption({
    ...parties,
    outcome: 'decrypted',
    dataKeyId: envelopeKeyId(found.sealed),
    questionnaireCount: views.length,
  });
  return { kycProfileId: found.profile.id, questionnaires: views, decryptedAt };
}

/** The opened answers; answers that do not decrypt are logged, audited as failed and INTERNAL. */
async function openedOrAudited(
  desk: DecryptionDesk,
  parties: DecryptionParties,
  sealed: Parameters<typeof openQuestionnaires>[2],
): Promise<ReturnType<typeof openQuestionnaires>> {
  try {
    return openQuestionnaires(desk.ring, parties.profileId, sealed);
  } catch (error) {
    if (!(error instanceof QuestionnaireCipherError)) throw error;
    desk.logger.error(
      { ...parties, reason: error.reason, dataKeyId: error.keyId, err: error },
      'KYC questionnaire answers do not decrypt',
    );
    await desk.audit.recordDecryption({ ...parties, outcome: 'failed', dataKeyId: error.keyId, questionnaireCount: 0 });
    throw new AppError('INTERNAL', error.message, { cause: error });
  }
}

export type QuestionnaireDecryptionService = ReturnType<typeof createQuestionnaireDecryptionService>;
