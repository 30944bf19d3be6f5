// Sealed KYC questionnaire answers read within an organization scope
// (src/access/kyc/kyc-questionnaire-store.ts; docs/identity.md#organization-scope) on the demo data,
// with answers stored here for Erin's profile …01 (Aurora) and Heidi's …02 (Meridian). A scope bound
// to one organization reads no answers of another, exactly as for a missing profile; the
// organization's own scope and every organization (the operator's re-encryption) read them.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createKycQuestionnaireStore } from '../../../src/access/kyc/kyc-questionnaire-store.ts';
import type { OrganizationScope } from '../../../src/access/organization-scope.ts';
import { demoUuid } from '../../../src/db/seed/demo-ids.ts';
import { demoDatabase, scopes } from '../support/demo-scopes.ts';

const demo = await demoDatabase();
const store = createKycQuestionnaireStore(demo.db);
const [erins, heidis] = [demoUuid('kycProfile', 1), demoUuid('kycProfile', 2)];
// Bytes shaped as an envelope (version 1, at least 31 bytes: migration 0008); the store never opens them.
const envelope = (fill: number) => Buffer.concat([Buffer.from([1]), Buffer.alloc(40, fill)]);
const sealed = { [erins]: envelope(0xe1), [heidis]: envelope(0x4e) };
for (const [id, bytes] of Object.entries(sealed))
  await demo.db.updateTable('kyc_profile').set({ questionnaire_ciphertext: bytes }).where('id', '=', id).execute();

test.after(() => demo.close());

async function found(scope: OrganizationScope, profileId: string) {
  const row = await store.find(scope, profileId);
  return row && { id: row.profile.id, sealed: row.sealed };
}

test('one profile’s answers: its organization’s scope and every organization, never another organization', async () => {
  assert.equal(await found(scopes.aurora, erins), { id: erins, sealed: sealed[erins] });
  assert.equal(await found(scopes.every, erins), { id: erins, sealed: sealed[erins] });
  assert.is(await found(scopes.meridian, erins), null);
  assert.is(await found(scopes.northbridge, erins), null);
});

test('a batch holds the answers of the scope’s profiles only', async () => {
  const ids = async (scope: OrganizationScope) => (await store.batch(scope, null, 10)).map((row) => row.id);
  assert.equal(await ids(scopes.aurora), [erins]);
  assert.equal(await ids(scopes.meridian), [heidis]);
  assert.equal(await ids(scopes.northbridge), []);
  assert.equal(await ids(scopes.every), [erins, heidis]);
});

test.run();
