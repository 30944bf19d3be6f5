// The KYC provider's applicant looked up within an organization scope
// (src/access/kyc/kyc-webhook-store.ts; docs/identity.md#organization-scope) on the demo data:
// applicant 826b388309140162c872bf35 is Erin's profile …01 (Aurora). The webhook asks with
// `everyOrganization`; a scope bound to another organization finds no profile, as for an unknown applicant.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createKycWebhookStore } from '../../../src/access/kyc/kyc-webhook-store.ts';
import { demoUuid } from '../../../src/db/seed/demo-ids.ts';
import { demoDatabase, scopes } from '../support/demo-scopes.ts';

const demo = await demoDatabase();
const store = createKycWebhookStore(demo.db);

test.after(() => demo.close());

test('an applicant’s profile: its organization’s scope and every organization, never another organization', async () => {
  const erinsApplicant = '826b388309140162c872bf35';
  assert.is(await store.profileOfApplicant(scopes.every, erinsApplicant), demoUuid('kycProfile', 1));
  assert.is(await store.profileOfApplicant(scopes.aurora, erinsApplicant), demoUuid('kycProfile', 1));
  assert.is(await store.profileOfApplicant(scopes.meridian, erinsApplicant), null);
  assert.is(await store.profileOfApplicant(scopes.every, 'no-such-applicant'), null);
});

test.run();
