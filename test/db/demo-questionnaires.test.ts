// The demo questionnaire answers (docs/demo-data.md, docs/kyc.md#encryption): with the service's
// sealer, profiles 1, 2, 3 and 5 are stored sealed and bound to their own profile, each opening
// to exactly its demo questionnaires; the others have none.
import { randomBytes } from 'node:crypto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { demoUuid } from '../../src/db/seed/demo-ids.ts';
import { demoQuestionnairesByProfile } from '../../src/db/seed/demo-questionnaires.ts';
import { sealedDemoKycProfiles } from '../../src/db/seed/seal-demo-questionnaires.ts';
import { createKycDataKeyRing } from '../../src/domain/kyc/kyc-data-key-ring.ts';
import { QuestionnaireCipherError } from '../../src/domain/kyc/questionnaire-cipher.ts';
import { openQuestionnaires, sealQuestionnaires } from '../../src/domain/kyc/sealed-questionnaires.ts';

const ring = createKycDataKeyRing([{ id: 'demo', secret: randomBytes(32).toString('base64') }]);
const profiles = sealedDemoKycProfiles((id, questionnaires) => sealQuestionnaires(ring, id, questionnaires));

test('profiles 1, 2, 3 and 5 are sealed, each to its own demo questionnaires; the others have none', () => {
  const sealed = profiles.filter((profile) => profile.questionnaire_ciphertext !== null).map((profile) => profile.id);
  assert.equal(
    sealed,
    [1, 2, 3, 5].map((n) => demoUuid('kycProfile', n)),
  );
  for (const [n, questionnaires] of demoQuestionnairesByProfile) {
    const id = demoUuid('kycProfile', n);
    const row = profiles.find((profile) => profile.id === id)!;
    assert.equal(openQuestionnaires(ring, id, row.questionnaire_ciphertext as Buffer), questionnaires);
  }
});

test("a profile's sealed answers do not open as another profile's", () => {
  const erins = profiles.find((profile) => profile.id === demoUuid('kycProfile', 1))!;
  assert.throws(
    () => openQuestionnaires(ring, demoUuid('kycProfile', 2), erins.questionnaire_ciphertext as Buffer),
    (error: unknown) => error instanceof QuestionnaireCipherError && error.reason === 'authentication-failed',
  );
});

test('without a sealer no profile has answers', () => {
  assert.equal(
    sealedDemoKycProfiles(undefined).filter((profile) => profile.questionnaire_ciphertext !== null),
    [],
  );
});

test.run();
