// Query.sumsubQuestionnaireDataDecrypted through the real service on the demo data (schema.graphql;
// docs/kyc.md#who-gets-plaintext): the demo answers stored sealed and answered in plaintext only
// to keys with `kyc` and `kyc-decrypt` that can see the profile; one audit row per decryption
// naming the key, the acting user and the profile, never an answer; answers altered or moved to
// another profile fail with a masked error, logged and audited; never cached.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type CallerKey, startBusinessApi } from '../support/business-api-client.ts';
import { startKycFake } from '../support/provider-fakes/kyc-fake.ts';
import { aurora, dataKey, kycCallers, profileId } from './support/kyc-fixtures.ts';

const key = dataKey('k-test');
const logLines: Record<string, unknown>[] = [];
const api = await startBusinessApi({
  seed: 'demo',
  env: { KYC_DATA_KEYS: key.entry },
  providers: [await startKycFake()],
  logLines,
});
const keys = { admin: api.adminKey, ...(await api.keys(kycCallers)) };
test.after(() => api.close());

const [{ id: adminKeyId }] = await api.rows(`SELECT id FROM api_key WHERE prefix = 'bootstrap'`);
const auroraKeyId = keys.aurora.id;

const query = `query Answers($id: UUID!) { sumsubQuestionnaireDataDecrypted(kycProfileId: $id) {
  kycProfileId decryptedAt
  questionnaires { id title submittedAt sections { id title items {
    __typename id title kind
    ... on QuestionnaireTextItem { textValue }
    ... on QuestionnaireDateItem { dateValue }
    ... on QuestionnaireCountryItem { countryCode }
    ... on QuestionnaireMultiSelectItem { selectedOptions { value label } options { value label } }
    ... on QuestionnaireFilesItem { files { providerFileId fileName contentType downloadUrl downloadUrlExpiresAt } }
  } } } } }`;

async function decrypt(apiKey: CallerKey | null, id: string, actingUser?: string) {
  const { status, body, headers } = await api.graphql(query, { id }, { key: apiKey, actingUser });
  return { status, body, requestId: headers.get('x-request-id') };
}

async function auditRows(id: string) {
  return api.rows(
    `SELECT actor_user_id, actor_api_key_id, action, resource_type, resource_id, request_id, details
     FROM audit_log WHERE resource_type = 'kyc_profile' AND resource_id = $1 ORDER BY id`,
    [id],
  );
}

const sourceOptions = [
  { value: 'salary', label: 'Salary' },
  { value: 'business', label: 'Business income' },
  { value: 'inheritance', label: 'Inheritance' },
  { value: 'investments', label: 'Investments' },
  { value: 'sale_of_property', label: 'Sale of property' },
];

/** Erin's questionnaire, without the signed links (checked apart: they carry fresh tokens). */
const erinQuestionnaire = {
  id: 'sof_questionnaire',
  title: 'Source of funds',
  submittedAt: '2025-02-27T12:00:00.000Z',
  sections: [
    {
      id: 'personal',
      title: 'About you',
      items: [
        {
          __typename: 'QuestionnaireTextItem',
          id: 'occupation',
          title: 'Occupation',
          kind: 'TEXT',
          textValue: 'Portfolio manager',
        },
        {
          __typename: 'QuestionnaireTextItem',
          id: 'employer',
          title: 'Employer',
          kind: 'TEXT',
          textValue: 'Aurora Family Office AG',
        },
        {
          __typename: 'QuestionnaireDateItem',
          id: 'birth_date',
          title: 'Date of birth',
          kind: 'DATE',
          dateValue: '1984-06-12',
        },
        {
          __typename: 'QuestionnaireCountryItem',
          id: 'tax_residence',
          title: 'Country of tax residence',
          kind: 'COUNTRY',
          countryCode: 'CHE',
        },
      ],
    },
    {
      id: 'funds',
      title: 'Origin of the assets',
      items: [
        {
          __typename: 'QuestionnaireMultiSelectItem',
          id: 'sources',
          title: 'Where do the assets come from?',
          kind: 'MULTI_SELECT',
          selectedOptions: [sourceOptions[0], sourceOptions[3]],
          options: sourceOptions,
        },
        {
          __typename: 'QuestionnaireFilesItem',
          id: 'evidence',
          title: 'Evidence of the source of funds',
          kind: 'FILES',
          files: [
            {
              providerFileId: '88888888-0000-4000-8000-000000000001',
              fileName: 'passport-erin-fischer.png',
              contentType: 'image/png',
            },
            {
              providerFileId: '88888888-0000-4000-8000-000000000002',
              fileName: 'utility-bill-2025-02.png',
              contentType: 'image/png',
            },
          ],
        },
      ],
    },
  ],
};

/** The answer of an item, in the field its kind has. */
function answerOf(item: any): unknown {
  const field = {
    TEXT: 'textValue',
    DATE: 'dateValue',
    COUNTRY: 'countryCode',
    MULTI_SELECT: 'selectedOptions',
    FILES: 'files',
  }[item.kind as string]!;
  return item[field];
}

/** The answer with each file's link and its expiry taken out, and the links returned apart. */
function withoutLinks(answer: any) {
  const links: { downloadUrl: string; downloadUrlExpiresAt: string }[] = [];
  const questionnaires = answer.questionnaires.map((questionnaire: any) => ({
    ...questionnaire,
    sections: questionnaire.sections.map((section: any) => ({
      ...section,
      items: section.items.map((item: any) =>
        item.files
          ? {
              ...item,
              files: item.files.map(({ downloadUrl, downloadUrlExpiresAt, ...file }: any) => {
                links.push({ downloadUrl, downloadUrlExpiresAt });
                return file;
              }),
            }
          : item,
      ),
    })),
  }));
  return { answer: { ...answer, questionnaires }, links };
}

test('the demo answers are stored sealed under the current key; no plaintext is stored, nor can be', async () => {
  const rows = await api.rows(`SELECT right(id::text, 1) AS n, get_byte(questionnaire_ciphertext, 0) AS version,
      convert_from(substring(questionnaire_ciphertext FROM 3 FOR get_byte(questionnaire_ciphertext, 1)), 'UTF8') AS key_id,
      position(convert_to('Portfolio manager', 'UTF8') IN questionnaire_ciphertext) AS plaintext_at
    FROM kyc_profile WHERE questionnaire_ciphertext IS NOT NULL ORDER BY id`);
  assert.equal(rows, [
    { n: '1', version: 1, key_id: 'k-test', plaintext_at: 0 },
    { n: '2', version: 1, key_id: 'k-test', plaintext_at: 0 },
    { n: '3', version: 1, key_id: 'k-test', plaintext_at: 0 },
    { n: '5', version: 1, key_id: 'k-test', plaintext_at: 0 },
  ]);
  try {
    await api.rows(
      `UPDATE kyc_profile SET questionnaire_ciphertext = convert_to('{"format":1}', 'UTF8') WHERE id = $1`,
      [profileId(4)],
    );
    assert.unreachable('plaintext was stored');
  } catch (error) {
    assert.is((error as { constraint?: string }).constraint, 'kyc_profile_questionnaire_sealed');
  }
});

test('an admin key decrypts any profile for its acting user: the exact answers, one audit row', async () => {
  const before = Date.now();
  const { status, body, requestId } = await decrypt(keys.admin, profileId(1), 'demo-admin');
  assert.is(status, 200);
  const data = body.data.sumsubQuestionnaireDataDecrypted;
  const decryptedAt = Date.parse(data.decryptedAt);
  assert.ok(decryptedAt >= before - 1000 && decryptedAt <= Date.now() + 1000, data.decryptedAt);
  const { answer, links } = withoutLinks(data);
  assert.equal(answer, {
    kycProfileId: profileId(1),
    decryptedAt: data.decryptedAt,
    questionnaires: [erinQuestionnaire],
  });
  assert.equal(await auditRows(profileId(1)), [
    {
      actor_user_id: 'demo-admin',
      actor_api_key_id: adminKeyId,
      action: 'kyc.questionnaire.decrypt',
      resource_type: 'kyc_profile',
      resource_id: profileId(1),
      request_id: requestId,
      details: { outcome: 'decrypted', dataKeyId: 'k-test', questionnaireCount: 1 },
    },
  ]);
  // Each attached file is a signed link to the KYC document route, usable without credentials.
  assert.is(links.length, 2);
  for (const [index, link] of links.entries()) {
    const documentId = `88888888-0000-4000-8000-00000000000${index + 1}`;
    assert.ok(
      link.downloadUrl.startsWith(`${api.service.url}/kyc/documents/${documentId}/file?token=`),
      link.downloadUrl,
    );
    const file = await fetch(link.downloadUrl);
    assert.is(file.status, 200);
    assert.is(file.headers.get('content-type'), 'image/png');
  }
});

test("a key bound to the profile's organization decrypts it, audited with the key's owner", async () => {
  await api.rows(`DELETE FROM audit_log WHERE resource_type = 'kyc_profile'`);
  const { body, requestId } = await decrypt(keys.aurora, profileId(3));
  const { answer } = withoutLinks(body.data.sumsubQuestionnaireDataDecrypted);
  assert.equal(answer.questionnaires[0].submittedAt, null);
  assert.equal(
    answer.questionnaires[0].sections.flatMap((section: any) =>
      section.items.map((item: any) => [item.id, answerOf(item)]),
    ),
    [
      ['occupation', 'Family office principal'],
      ['employer', null],
      ['birth_date', '1971-02-27'],
      ['tax_residence', null],
      ['sources', []],
      ['evidence', []],
    ],
  );
  assert.equal(await auditRows(profileId(3)), [
    {
      actor_user_id: 'demo-alice',
      actor_api_key_id: auroraKeyId,
      action: 'kyc.questionnaire.decrypt',
      resource_type: 'kyc_profile',
      resource_id: profileId(3),
      request_id: requestId,
      details: { outcome: 'decrypted', dataKeyId: 'k-test', questionnaireCount: 1 },
    },
  ]);
});

test("another organization's profile answers as missing, and nothing is audited", async () => {
  await api.rows(`DELETE FROM audit_log WHERE resource_type = 'kyc_profile'`);
  assert.equal((await decrypt(keys.meridian, profileId(1))).body, {
    data: { sumsubQuestionnaireDataDecrypted: null },
  });
  assert.equal((await decrypt(keys.aurora, profileId(2))).body, {
    data: { sumsubQuestionnaireDataDecrypted: null },
  });
  assert.equal((await decrypt(keys.admin, '7f1c2a9e-3b4d-4e5f-8a6b-0c1d2e3f4a5b', 'demo-admin')).body, {
    data: { sumsubQuestionnaireDataDecrypted: null },
  });
  assert.equal(await api.rows(`SELECT id FROM audit_log WHERE resource_type = 'kyc_profile'`), []);
});

test('a key that sees the profile without kyc-decrypt is FORBIDDEN; partner, no scope and no key are refused', async () => {
  const refusal = (answer: any) => [
    answer.body.errors[0].extensions.code,
    answer.body.errors[0].message,
    answer.body.data,
  ];
  assert.equal(refusal(await decrypt(keys.auroraNoDecrypt, profileId(1))), [
    'FORBIDDEN',
    "this API key lacks the 'kyc-decrypt' scope, which decrypted KYC questionnaire answers need",
    { sumsubQuestionnaireDataDecrypted: null },
  ]);
  // It cannot see Meridian's profile at all: missing, not forbidden.
  assert.equal((await decrypt(keys.auroraNoDecrypt, profileId(2))).body, {
    data: { sumsubQuestionnaireDataDecrypted: null },
  });
  assert.equal(refusal(await decrypt(keys.partner, profileId(1))), [
    'FORBIDDEN',
    'partner API keys cannot use the business GraphQL API',
    { sumsubQuestionnaireDataDecrypted: null },
  ]);
  assert.equal(refusal(await decrypt(keys.noScope, profileId(1))), [
    'FORBIDDEN',
    "this API key lacks the 'kyc' scope, which sumsubQuestionnaireDataDecrypted needs",
    { sumsubQuestionnaireDataDecrypted: null },
  ]);
  const anonymous = await decrypt(null, profileId(1));
  assert.is(anonymous.status, 401);
  assert.is(anonymous.body.errors[0].extensions.code, 'UNAUTHENTICATED');
});

test('a decryption names a person: a key with no owner must name the acting user, of its organization', async () => {
  await api.rows(`DELETE FROM audit_log WHERE resource_type = 'kyc_profile'`);
  const ownerless = await decrypt(keys.admin, profileId(1));
  assert.equal(
    ownerless.body.errors[0].message,
    'this API key has no owner to act for it: name the acting user with X-Acting-User',
  );
  const outsider = await decrypt(keys.aurora, profileId(1), 'demo-grace');
  assert.equal(outsider.body.errors[0].message, "X-Acting-User names no user of this API key's organization");
  assert.equal(await api.rows(`SELECT id FROM audit_log WHERE resource_type = 'kyc_profile'`), []);
});

test('a profile with no answers answers an empty list, audited as such', async () => {
  await api.rows(`DELETE FROM audit_log WHERE resource_type = 'kyc_profile'`);
  const { body } = await decrypt(keys.meridian, profileId(4));
  assert.equal(body.data.sumsubQuestionnaireDataDecrypted.questionnaires, []);
  assert.equal(
    (await auditRows(profileId(4))).map((row) => [row.actor_user_id, row.details]),
    [['demo-grace', { outcome: 'empty', dataKeyId: null, questionnaireCount: 0 }]],
  );
});

test('answers altered at rest, or moved to another profile, fail with a masked error, logged and audited', async () => {
  await api.rows(`DELETE FROM audit_log WHERE resource_type = 'kyc_profile'`);
  const [{ sealed }] = await api.rows(`SELECT questionnaire_ciphertext AS sealed FROM kyc_profile WHERE id = $1`, [
    profileId(2),
  ]);
  const altered = Buffer.from(sealed);
  altered[altered.length - 1]! ^= 0x01;
  const [{ sealed: erins }] = await api.rows(
    `SELECT questionnaire_ciphertext AS sealed FROM kyc_profile WHERE id = $1`,
    [profileId(1)],
  );
  const [{ sealed: alices }] = await api.rows(
    `SELECT questionnaire_ciphertext AS sealed FROM kyc_profile WHERE id = $1`,
    [profileId(3)],
  );
  await api.rows(`UPDATE kyc_profile SET questionnaire_ciphertext = $2 WHERE id = $1`, [profileId(2), altered]);
  await api.rows(`UPDATE kyc_profile SET questionnaire_ciphertext = $2 WHERE id = $1`, [profileId(3), erins]);
  try {
    logLines.length = 0;
    for (const [apiKey, n] of [
      [keys.meridian, 2],
      [keys.aurora, 3],
    ] as const) {
      const { body } = await decrypt(apiKey, profileId(n));
      assert.equal(body.data, { sumsubQuestionnaireDataDecrypted: null });
      assert.equal(
        body.errors.map((error: any) => [error.message, error.extensions.code]),
        [['Internal server error', 'INTERNAL_SERVER_ERROR']],
      );
    }
    const logged = logLines.filter((line) => line.msg === 'KYC questionnaire answers do not decrypt');
    assert.equal(
      logged.map((line) => [line.profileId, line.reason, line.dataKeyId]),
      [
        [profileId(2), 'authentication-failed', 'k-test'],
        [profileId(3), 'authentication-failed', 'k-test'],
      ],
    );
    assert.not.ok(JSON.stringify(logLines).includes('Portfolio manager'));
    assert.equal(
      (
        await api.rows(`SELECT resource_id, details FROM audit_log WHERE resource_type = 'kyc_profile' ORDER BY id`)
      ).map((row) => [row.resource_id, row.details.outcome]),
      [
        [profileId(2), 'failed'],
        [profileId(3), 'failed'],
      ],
    );
    // Erin's own answers, where they belong, still decrypt.
    assert.is(
      (await decrypt(keys.aurora, profileId(1))).body.data.sumsubQuestionnaireDataDecrypted.questionnaires.length,
      1,
    );
  } finally {
    await api.rows(`UPDATE kyc_profile SET questionnaire_ciphertext = $2 WHERE id = $1`, [profileId(2), sealed]);
    await api.rows(`UPDATE kyc_profile SET questionnaire_ciphertext = $2 WHERE id = $1`, [profileId(3), alices]);
  }
});

test('never cached: every call decrypts again and is audited again', async () => {
  await api.rows(`DELETE FROM audit_log WHERE resource_type = 'kyc_profile'`);
  const first = (await decrypt(keys.meridian, profileId(5))).body.data.sumsubQuestionnaireDataDecrypted;
  assert.equal(
    first.questionnaires.map((questionnaire: any) => questionnaire.id),
    ['sof_questionnaire', 'pep_questionnaire'],
  );
  await api.rows(`UPDATE kyc_profile SET questionnaire_ciphertext = NULL WHERE id = $1`, [profileId(5)]);
  const second = (await decrypt(keys.meridian, profileId(5))).body.data.sumsubQuestionnaireDataDecrypted;
  assert.equal(second.questionnaires, []);
  assert.equal(
    (await auditRows(profileId(5))).map((row) => row.details.outcome),
    ['decrypted', 'empty'],
  );
});

test('plaintext answers need compliance or organization_admin in the profile’s organization (permissions.yaml business_operations)', async () => {
  await api.rows(`DELETE FROM audit_log WHERE resource_type = 'kyc_profile'`);
  const refusals = [];
  for (const who of ['demo-bob', 'demo-frank']) {
    const { body } = await decrypt(keys.aurora, profileId(3), who);
    refusals.push([body.data, body.errors.map((error: any) => [error.extensions.code, error.message])]);
  }
  const needs = (who: string) =>
    `sumsubQuestionnaireDataDecrypted needs one of the roles compliance, organization_admin, platform_administrator in organization ${aurora}, which ${who} does not hold (permissions.yaml business_operations)`;
  assert.equal(refusals, [
    [{ sumsubQuestionnaireDataDecrypted: null }, [['FORBIDDEN', needs('demo-bob')]]],
    [{ sumsubQuestionnaireDataDecrypted: null }, [['FORBIDDEN', needs('demo-frank')]]],
  ]);
  assert.equal(await api.rows(`SELECT count(*)::int AS n FROM audit_log WHERE resource_type = 'kyc_profile'`), [
    { n: 0 },
  ]);
  // demo-alice, Aurora's organization_admin, decrypts.
  const { body } = await decrypt(keys.aurora, profileId(3), 'demo-alice');
  assert.is(body.data.sumsubQuestionnaireDataDecrypted.kycProfileId, profileId(3));
});

test.run();
