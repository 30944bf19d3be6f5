// Query.getPotentialKycProfiles through the real service on the demo data (schema.graphql;
// docs/kyc.md#candidates): every reason a profile matched, strongest first, then most recently
// updated; the caller kinds of docs/identity.md#scopes; a key bound to an organization sees only
// its profiles and asks only about its own people; the paging rules of OffsetPage; never cached.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type CallerKey, startBusinessApi } from '../support/business-api-client.ts';
import { expectBody } from '../support/graphql-answer.ts';
import { startKycFake } from '../support/provider-fakes/kyc-fake.ts';
import { aurora, kycCallers, meridian, northbridge, profileId } from './support/kyc-fixtures.ts';

const api = await startBusinessApi({ seed: 'demo', providers: [await startKycFake()] });
const keys = { admin: api.adminKey, ...(await api.keys(kycCallers)) };
test.after(() => api.close());

/** POST /graphql; asserts HTTP 200 (401 without a key) and answers the body. */
async function graphql(key: CallerKey | null, query: string, variables?: Record<string, unknown>) {
  return expectBody(await api.graphql(query, variables, { key }), key ? 200 : 401);
}

const profileFields = `id applicantType providerApplicantId levelName userId organizationId fullName email countryCode
  review { status answer rejectType rejectLabels } createdAt updatedAt`;
const pageQuery = `query Candidates($subject: KycProfileSubjectInput!, $type: KycApplicantType, $reusable: Boolean,
    $limit: Int, $offset: Int) {
  getPotentialKycProfiles(subject: $subject, applicantType: $type, reusableOnly: $reusable, limit: $limit, offset: $offset) {
    items { profile { id } matchReasons reusable alreadyLinked } totalCount limit offset hasNextPage
  }
}`;

async function page(key: CallerKey | null, variables: Record<string, unknown>) {
  return graphql(key, pageQuery, variables);
}

/** The page as `[profile number, reasons, reusable, alreadyLinked]` rows plus its counts. */
function summary(body: any) {
  const { items, ...counts } = body.data.getPotentialKycProfiles;
  return {
    items: items.map((item: any) => [
      Number(item.profile.id.slice(-12)),
      item.matchReasons.join(','),
      item.reusable,
      item.alreadyLinked,
    ]),
    ...counts,
  };
}

const empty = { items: [], totalCount: 0, limit: 50, offset: 0, hasNextPage: false };

test("a user's own profile: every field, SAME_USER and SAME_EMAIL, reusable and already linked", async () => {
  const body = await graphql(
    keys.admin,
    `{ getPotentialKycProfiles(subject: { userId: "demo-erin" }) {
      items { profile { ${profileFields} } matchReasons reusable alreadyLinked } totalCount limit offset hasNextPage } }`,
  );
  const [{ applicant }] = await api.rows(`SELECT applicant_id AS applicant FROM kyc_profile WHERE id = $1`, [
    profileId(1),
  ]);
  assert.equal(body, {
    data: {
      getPotentialKycProfiles: {
        items: [
          {
            profile: {
              id: profileId(1),
              applicantType: 'INDIVIDUAL',
              providerApplicantId: applicant,
              levelName: 'basic-kyc-level',
              userId: 'demo-erin',
              organizationId: aurora,
              fullName: 'Erin Fischer',
              email: 'erin@example.com',
              countryCode: 'CH',
              review: { status: 'COMPLETED', answer: 'GREEN', rejectType: null, rejectLabels: [] },
              createdAt: '2025-02-25T10:00:00.000Z',
              updatedAt: '2025-03-02T15:00:00.000Z',
            },
            matchReasons: ['SAME_USER', 'SAME_EMAIL'],
            reusable: true,
            alreadyLinked: true,
          },
        ],
        totalCount: 1,
        limit: 50,
        offset: 0,
        hasNextPage: false,
      },
    },
  });
});

test("an organization's candidates: its profiles and its members', most recently updated first", async () => {
  assert.equal(summary(await page(keys.admin, { subject: { organizationId: aurora } })), {
    items: [
      [7, 'SAME_ORGANIZATION,ORGANIZATION_MEMBER', false, true],
      [3, 'SAME_ORGANIZATION,ORGANIZATION_MEMBER', false, true],
      [8, 'SAME_ORGANIZATION,ORGANIZATION_MEMBER', false, true],
      [1, 'SAME_ORGANIZATION,ORGANIZATION_MEMBER', true, true],
    ],
    totalCount: 4,
    limit: 50,
    offset: 0,
    hasNextPage: false,
  });
  const meridianPage = summary(await page(keys.admin, { subject: { organizationId: meridian } }));
  assert.equal(meridianPage.items, [
    [5, 'SAME_ORGANIZATION,ORGANIZATION_MEMBER', false, true],
    [4, 'SAME_ORGANIZATION,ORGANIZATION_MEMBER', false, true],
    // Ivan's review is completed GREEN: reusable.
    [6, 'SAME_ORGANIZATION,ORGANIZATION_MEMBER', true, true],
    [2, 'SAME_ORGANIZATION,ORGANIZATION_MEMBER', false, true],
    [9, 'SAME_ORGANIZATION', false, true],
    [10, 'SAME_ORGANIZATION', false, true],
  ]);
});

test('applicantType and reusableOnly narrow the candidates; a profile with no user is a COMPANY', async () => {
  const companies = await page(keys.admin, { subject: { organizationId: meridian }, type: 'COMPANY' });
  assert.equal(summary(companies).items, [
    [9, 'SAME_ORGANIZATION', false, true],
    [10, 'SAME_ORGANIZATION', false, true],
  ]);
  const people = await page(keys.admin, { subject: { organizationId: meridian }, type: 'INDIVIDUAL' });
  assert.equal(summary(people).totalCount, 4);
  const reusable = await page(keys.admin, { subject: { organizationId: aurora }, reusable: true });
  assert.equal(summary(reusable).items, [[1, 'SAME_ORGANIZATION,ORGANIZATION_MEMBER', true, true]]);
});

test('paging: default 50, clamped to 200, the window over the ordered list, negative values refused', async () => {
  const window = await page(keys.admin, { subject: { organizationId: meridian }, limit: 2, offset: 1 });
  assert.equal(summary(window), {
    items: [
      [4, 'SAME_ORGANIZATION,ORGANIZATION_MEMBER', false, true],
      [6, 'SAME_ORGANIZATION,ORGANIZATION_MEMBER', true, true],
    ],
    totalCount: 6,
    limit: 2,
    offset: 1,
    hasNextPage: true,
  });
  const clamped = await page(keys.admin, { subject: { organizationId: meridian }, limit: 1000 });
  assert.equal(
    { ...summary(clamped), items: [] },
    { items: [], totalCount: 6, limit: 200, offset: 0, hasNextPage: false },
  );
  const none = await page(keys.admin, { subject: { organizationId: meridian }, limit: 0 });
  assert.equal(summary(none), { items: [], totalCount: 6, limit: 0, offset: 0, hasNextPage: true });
  const beyond = await page(keys.admin, { subject: { organizationId: meridian }, offset: 10 });
  assert.equal(summary(beyond), { items: [], totalCount: 6, limit: 50, offset: 10, hasNextPage: false });
  for (const [name, value] of [
    ['limit', -1],
    ['offset', -5],
  ] as const) {
    const refused = await page(keys.admin, { subject: { organizationId: meridian }, [name]: value });
    assert.is(refused.data, null);
    assert.is(refused.errors[0].extensions.code, 'BAD_USER_INPUT', name);
    assert.is(refused.errors[0].message, `${name} must be a whole number of 0 or more, got ${value}`);
  }
});

test('the subject is exactly one of userId and organizationId; a userId no user can have is refused', async () => {
  const oneOf =
    'Within OneOf Input Object type "KycProfileSubjectInput", exactly one field must be specified, and the value for that field must be non-null.';
  const both = await graphql(
    keys.admin,
    `{ getPotentialKycProfiles(subject: { userId: "demo-erin", organizationId: "${aurora}" }) { totalCount } }`,
  );
  assert.equal(
    both.errors.map((error: any) => [error.message, error.extensions.code]),
    [[oneOf, 'GRAPHQL_VALIDATION_FAILED']],
  );
  const neither = await page(keys.admin, { subject: {} });
  assert.equal(neither.errors[0].message, `Variable "$subject" has invalid value: ${oneOf}`);
  assert.is(neither.data, undefined);
  const blank = await page(keys.admin, { subject: { userId: '' } });
  assert.equal(blank.errors[0].message, 'subject.userId must be 1 to 255 characters, got 0');
  assert.is(blank.errors[0].extensions.code, 'BAD_USER_INPUT');
  assert.equal(summary(await page(keys.admin, { subject: { userId: 'nobody' } })), empty);
});

test("a key bound to an organization sees its own profiles; another organization's answer as missing", async () => {
  const own = summary(await page(keys.aurora, { subject: { organizationId: aurora } }));
  assert.equal(
    own.items.map((item: unknown[]) => item[0]),
    [7, 3, 8, 1],
  );
  assert.equal(summary(await page(keys.meridian, { subject: { organizationId: aurora } })), empty);
  assert.equal(summary(await page(keys.meridian, { subject: { userId: 'demo-erin' } })), empty);
  assert.equal(summary(await page(keys.aurora, { subject: { userId: 'demo-erin' } })).totalCount, 1);
});

test('SAME_EMAIL matches without regard to case, within the profiles the caller may see', async () => {
  const [{ id }] = await api.rows(
    `INSERT INTO kyc_profile (organization_id, full_name, email, review_status, updated_at)
     VALUES ($1, 'E. Fischer', 'ERIN@example.com', 'pending', '2025-12-30T10:00:00Z') RETURNING id`,
    [northbridge],
  );
  try {
    const all = (await page(keys.admin, { subject: { userId: 'demo-erin' } })).data.getPotentialKycProfiles;
    assert.equal(
      all.items.map((item: any) => [item.profile.id, item.matchReasons, item.alreadyLinked]),
      [
        [profileId(1), ['SAME_USER', 'SAME_EMAIL'], true],
        [id, ['SAME_EMAIL'], false],
      ],
    );
    // Erin is no member of Northbridge: a key bound to it learns nothing about her, not even
    // that its own profile shares her email; Aurora's key does not see Northbridge's profile.
    const northbridgeKey = await api.key({ organization: northbridge, scopes: ['kyc'] });
    assert.equal(summary(await page(northbridgeKey, { subject: { userId: 'demo-erin' } })), empty);
    assert.equal(summary(await page(keys.aurora, { subject: { userId: 'demo-erin' } })).items, [
      [1, 'SAME_USER,SAME_EMAIL', true, true],
    ]);
  } finally {
    await api.rows(`DELETE FROM kyc_profile WHERE id = $1`, [id]);
  }
});

test('partner keys, keys without kyc, and no key are refused before anything is read', async () => {
  const variables = { subject: { organizationId: aurora } };
  const partner = await page(keys.partner, variables);
  assert.equal(partner.errors[0].message, 'partner API keys cannot use the business GraphQL API');
  assert.is(partner.errors[0].extensions.code, 'FORBIDDEN');
  const noScope = await page(keys.noScope, variables);
  assert.equal(noScope.errors[0].message, "this API key lacks the 'kyc' scope, which getPotentialKycProfiles needs");
  assert.is(noScope.errors[0].extensions.code, 'FORBIDDEN');
  const anonymous = await page(null, variables);
  assert.is(anonymous.errors[0].extensions.code, 'UNAUTHENTICATED');
});

test('never cached: a review that changed shows at once', async () => {
  const before = summary(await page(keys.aurora, { subject: { organizationId: aurora }, reusable: true }));
  assert.is(before.totalCount, 1);
  await api.rows(`UPDATE kyc_profile SET review_status = 'completed', review_answer = 'GREEN' WHERE id = $1`, [
    profileId(3),
  ]);
  try {
    const after = summary(await page(keys.aurora, { subject: { organizationId: aurora }, reusable: true }));
    assert.equal(
      after.items.map((item: unknown[]) => item[0]),
      [3, 1],
    );
  } finally {
    await api.rows(`UPDATE kyc_profile SET review_status = 'awaitingUser', review_answer = NULL WHERE id = $1`, [
      profileId(3),
    ]);
  }
});

test.run();
