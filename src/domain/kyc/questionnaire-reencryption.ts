// Moves every stored questionnaire onto the current KYC data key (docs/kyc.md#key-rotation), the
// operator's `npm run admin -- kyc re-encrypt`: once it reports nothing left on an old key, that
// key can leave KYC_DATA_KEYS. Batches by profile id, so it runs in bounded memory and can be
// run again after an interruption; each row is replaced only if it still holds the bytes read,
// so answers a webhook stored meanwhile are kept. Answers that do not decrypt are left as they
// are and reported (ids and reasons only).
import type { KycQuestionnaireStore } from '../../access/kyc/kyc-questionnaire-store.ts';
import { everyOrganization } from '../../access/organization-scope.ts';
import type { KycDataKeyRing } from './kyc-data-key-ring.ts';
import {
  QuestionnaireCipherError,
  decryptQuestionnaire,
  encryptQuestionnaire,
  envelopeKeyId,
} from './questionnaire-cipher.ts';

export interface ReencryptionReport {
  /** The key everything now is, or should be, sealed with. */
  currentKeyId: string;
  examined: number;
  reencrypted: number;
  alreadyCurrent: number;
  /** Rewritten by someone else between read and write; what they wrote is kept. */
  changedMeanwhile: number;
  failed: { profileId: string; reason: string }[];
}

export async function reencryptQuestionnaires(deps: {
  store: Pick<KycQuestionnaireStore, 'batch' | 'replace'>;
  ring: KycDataKeyRing;
  batchSize?: number;
}): Promise<ReencryptionReport> {
  const { store, ring } = deps;
  const batchSize = deps.batchSize ?? 200;
  const report: ReencryptionReport = {
    currentKeyId: ring.current.id,
    examined: 0,
    reencrypted: 0,
    alreadyCurrent: 0,
    changedMeanwhile: 0,
    failed: [],
  };
  let afterId: string | null = null;
  for (;;) {
    // An operator command: every organization's answers move (docs/identity.md#organization-scope).
    const batch = await store.batch(everyOrganization, afterId, batchSize);
    for (const row of batch) {
      report.examined += 1;
      await reencryptOne(row, deps, report);
    }
    if (batch.length < batchSize) return report;
    afterId = batch.at(-1)!.id;
  }
}

async function reencryptOne(
  row: { id: string; sealed: Buffer },
  deps: { store: Pick<KycQuestionnaireStore, 'replace'>; ring: KycDataKeyRing },
  report: ReencryptionReport,
): Promise<void> {
  try {
    if (envelopeKeyId(row.sealed) === deps.ring.current.id) {
      report.alreadyCurrent += 1;
      return;
    }
    const resealed = encryptQuestionnaire(deps.ring, row.id, decryptQuestionnaire(deps.ring, row.id, row.sealed));
    if (await deps.store.replace(row.id, row.sealed, resealed)) report.reencrypted += 1;
    else report.changedMeanwhile += 1;
  } catch (error) {
    if (!(error instanceof QuestionnaireCipherError)) throw error;
    report.failed.push({ profileId: row.id, reason: error.message });
  }
}
