// Audit rows of KYC data access (docs/kyc.md#audit): who read a profile's decrypted answers, or
// tried to, and when. The details name the key and the outcome, never an answer.
import type { Db } from '../../db/create-database.ts';
import { writeAuditEntry } from '../audit/audit-log-table.ts';

export interface KycDecryptionAudit {
  profileId: string;
  /** The API key that asked (`api_key.id`). */
  apiKeyId: string;
  /** The acting user of the request (docs/identity.md#acting-user). */
  actingUserId: string;
  requestId: string;
  /** `decrypted`, `empty` (no answers stored) or `failed` (did not decrypt). */
  outcome: 'decrypted' | 'empty' | 'failed';
  /** The KYC data key the answers were sealed with; null when none were stored or the envelope is unreadable. */
  dataKeyId: string | null;
  questionnaireCount: number;
}

export const questionnaireDecryptAction = 'kyc.questionnaire.decrypt';

export function createKycAuditLog(db: Db) {
  return {
    async recordDecryption(entry: KycDecryptionAudit): Promise<void> {
      await writeAuditEntry(db, {
        actor: { userId: entry.actingUserId, apiKeyId: entry.apiKeyId, requestId: entry.requestId },
        action: questionnaireDecryptAction,
        resourceType: 'kyc_profile',
        resourceId: entry.profileId,
        details: { outcome: entry.outcome, dataKeyId: entry.dataKeyId, questionnaireCount: entry.questionnaireCount },
      });
    },
  };
}

export type KycAuditLog = ReturnType<typeof createKycAuditLog>;
