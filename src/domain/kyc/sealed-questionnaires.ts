// Questionnaires to and from their sealed form (docs/kyc.md#encryption): the plaintext is
// `{"format":1,"questionnaires":[…]}` (the port's KycQuestionnaire), sealed by
// questionnaire-cipher.ts under the current KYC data key and bound to the profile.
import type { KycQuestionnaire } from '../../providers/kyc/kyc-questionnaire.ts';
import type { KycDataKeyRing } from './kyc-data-key-ring.ts';
import { QuestionnaireCipherError, decryptQuestionnaire, encryptQuestionnaire } from './questionnaire-cipher.ts';

const plaintextFormat = 1;

export function sealQuestionnaires(
  ring: KycDataKeyRing,
  profileId: string,
  questionnaires: readonly KycQuestionnaire[],
): Buffer {
  return encryptQuestionnaire(ring, profileId, JSON.stringify({ format: plaintextFormat, questionnaires }));
}

/**
 * The questionnaires of a sealed envelope. Throws QuestionnaireCipherError when it does not
 * decrypt (altered, another profile's, a key the ring lacks) or decrypts to another format.
 */
export function openQuestionnaires(ring: KycDataKeyRing, profileId: string, envelope: Uint8Array): KycQuestionnaire[] {
  const plaintext = decryptQuestionnaire(ring, profileId, envelope);
  let parsed: unknown;
  try {
    parsed = JSON.parse(plaintext);
  } catch {
    parsed = undefined;
  }
  const sealed = parsed as { format?: unknown; questionnaires?: unknown } | undefined;
  // Authenticated, so written by this service: any other shape is a format this code does not know.
  if (sealed?.format !== plaintextFormat || !Array.isArray(sealed.questionnaires))
    throw new QuestionnaireCipherError(
      'malformed',
      `questionnaire of KYC profile ${profileId} has an unknown plaintext format`,
    );
  return sealed.questionnaires as KycQuestionnaire[];
}
