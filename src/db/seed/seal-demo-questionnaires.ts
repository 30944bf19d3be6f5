// The demo KYC profiles with their questionnaire answers sealed (docs/kyc.md#encryption): the
// seed has no key, so the composition root hands it a sealer made from the service's current
// KYC data key. Without one (tests of other areas seed with no key ring), every profile is
// stored without answers; plaintext is never stored.
import type { Insertable } from 'kysely';
import type { KycProfileTable } from '../../../generated/database/database.ts';
import { demoKycProfiles } from './demo-compliance.ts';
import { demoUuid } from './demo-ids.ts';
import { type DemoQuestionnaire, demoQuestionnairesByProfile } from './demo-questionnaires.ts';

/** Seals the answers of one profile: the envelope bound to `profileId`. */
export type DemoQuestionnaireSealer = (profileId: string, questionnaires: readonly DemoQuestionnaire[]) => Buffer;

export function sealedDemoKycProfiles(seal: DemoQuestionnaireSealer | undefined): Insertable<KycProfileTable>[] {
  if (!seal) return demoKycProfiles;
  const sealedById = new Map(
    [...demoQuestionnairesByProfile].map(([n, questionnaires]) => {
      const id = demoUuid('kycProfile', n);
      return [id, seal(id, questionnaires)] as const;
    }),
  );
  return demoKycProfiles.map((profile) => ({
    ...profile,
    questionnaire_ciphertext: sealedById.get(profile.id as string) ?? null,
  }));
}
