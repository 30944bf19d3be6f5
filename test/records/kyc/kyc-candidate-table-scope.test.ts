// KYC profile candidates read within an organization scope (src/records/kyc/kyc-candidate-table.ts;
// docs/identity.md#organization-scope) on the demo data: Aurora's profiles are …01 (Erin), …03
// (Alice), …07 (Bob) and …08 (Frank). A scope bound to one organization reads no profile of
// another, and asks about no subject outside it: the page is empty, as for a subject with no
// candidates; the organization's own scope and every organization read the same candidates.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createKycCandidateTable, type KycCandidateSubject } from '../../../src/records/kyc/kyc-candidate-table.ts';
import type { OrganizationScope } from '../../../src/access/organization-scope.ts';
import { demoUuid } from '../../../src/db/seed/demo-ids.ts';
import { demoDatabase, organizations, scopes } from '../../access/support/demo-scopes.ts';

const demo = await demoDatabase();
const table = createKycCandidateTable(demo.db);

test.after(() => demo.close());

/** The profile ids of the page, in its order, and the count. */
async function candidates(subject: KycCandidateSubject, scope: OrganizationScope) {
  const page = await table.page({ subject, applicantType: null, reusableOnly: false, scope, limit: 20, offset: 0 });
  return { ids: page.rows.map((row) => row.id), totalCount: page.totalCount };
}

const profile = (n: number) => demoUuid('kycProfile', n);
const none = { ids: [], totalCount: 0 };

test('a user subject: her organization’s scope and every organization; another organization’s scope reads nothing', async () => {
  const erin = { userId: 'demo-erin' };
  assert.equal(await candidates(erin, scopes.aurora), { ids: [profile(1)], totalCount: 1 });
  assert.equal(await candidates(erin, scopes.every), { ids: [profile(1)], totalCount: 1 });
  assert.equal(await candidates(erin, scopes.meridian), none);
});

test('an organization subject: its own scope and every organization; another organization’s scope reads nothing', async () => {
  const aurora = { organizationId: organizations.aurora };
  const auroras = { ids: [profile(7), profile(3), profile(8), profile(1)], totalCount: 4 };
  assert.equal(await candidates(aurora, scopes.aurora), auroras);
  assert.equal(await candidates(aurora, scopes.every), auroras);
  assert.equal(await candidates(aurora, scopes.meridian), none);
  assert.equal(await candidates(aurora, scopes.northbridge), none);
});

test('a member of the subject organization whose profile is another organization’s: only every organization reads it', async () => {
  await demo.db
    .insertInto('organization_membership')
    .values({ organization_id: organizations.meridian, user_id: 'demo-alice', role: 'organization_member' })
    .execute();
  const meridian = { organizationId: organizations.meridian };
  const sortedIds = async (scope: OrganizationScope) => (await candidates(meridian, scope)).ids.toSorted();
  const meridians = [2, 4, 5, 6, 9, 10].map(profile);
  assert.equal(await sortedIds(scopes.meridian), meridians);
  assert.equal(await sortedIds(scopes.every), [profile(3), ...meridians].toSorted());
});

test.run();
