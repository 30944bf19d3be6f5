// POST /webhooks/kyc through the real service (openapi.yaml receiveKycWebhook; docs/kyc.md#webhooks):
// a missing, wrong or weak digest is 401 before the body is parsed; a verified applicant event
// reads the applicant's current review and questionnaires from the KYC simulator (served over
// loopback HTTP, signed requests) and stores them, the answers sealed, so the business API then
// answers them decrypted; a delivery sent again changes nothing; a provider failure stores nothing
// and the same delivery succeeds later; the route is rate-limited per client address.
import { createHmac } from 'node:crypto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { KycApplicant } from '../../src/providers/kyc/kyc-applicant.ts';
import { startTestService } from '../support/test-service.ts';
import { startBusinessApi } from '../support/business-api-client.ts';
import { expectBody } from '../support/graphql-answer.ts';
import { kycWebhookSecret as webhookSecret, startKycFake } from '../support/provider-fakes/kyc-fake.ts';
import { dataKey, kycCallers, profileId } from './support/kyc-fixtures.ts';

const kycProvider = await startKycFake();
const api = await startBusinessApi({
  seed: 'demo',
  env: { KYC_DATA_KEYS: dataKey('hook-key').entry },
  providers: [kycProvider],
});
const meridianKey = await api.key(kycCallers.meridian);
test.after(() => api.close());

const [{ applicant: heidi }] = await api.rows(`SELECT applicant_id AS applicant FROM kyc_profile WHERE id = $1`, [
  profileId(2),
]);

/** The digest as the provider computes it; written apart from src/ on purpose. */
function digest(body: string, algorithm: 'sha256' | 'sha512' | 'sha1' = 'sha256', secret = webhookSecret): string {
  return createHmac(algorithm, secret).update(body, 'utf8').digest('hex');
}

async function deliver(body: string, headers: Record<string, string>) {
  const response = await api.service.request('POST', '/webhooks/kyc', {
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
  const { requestId, ...answer } = response.json();
  if (requestId !== undefined) assert.is(requestId, response.headers.get('x-request-id'));
  return { status: response.status, answer };
}

const signed = (body: string) => deliver(body, { 'x-payload-digest': digest(body) });

function event(type: string, applicantId: string, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({
    applicantId,
    inspectionId: 'inspection-of-the-event',
    correlationId: `req-${type}-${Math.random()}`,
    levelName: 'basic-kyc-level',
    externalUserId: 'demo-heidi',
    type,
    reviewStatus: 'completed',
    createdAtMs: '2026-01-15 13:23:19.002',
    ...extra,
  });
}

const heidiResubmitted: KycApplicant = {
  applicantId: heidi,
  review: { status: 'completed', answer: 'GREEN', rejectType: null, rejectLabels: [] },
  questionnaires: [
    {
      id: 'sof_questionnaire',
      title: 'Source of funds',
      submittedAt: '2026-01-14T09:30:00.000Z',
      sections: [
        {
          id: 'funds',
          title: 'Origin of the assets',
          items: [
            { id: 'occupation', title: 'Occupation', kind: 'TEXT', textValue: 'Company director (resubmitted)' },
            { id: 'tax_residence', title: 'Country of tax residence', kind: 'COUNTRY', countryCode: 'IRL' },
            {
              id: 'proof_of_address',
              title: 'Proof of address',
              kind: 'FILES',
              files: [
                {
                  providerFileId: '88888888-0000-4000-8000-000000000004',
                  inspectionId: 'inspection-of-the-event',
                  fileName: 'bank-statement.pdf',
                  contentType: 'application/pdf',
                },
              ],
            },
          ],
        },
      ],
    },
  ],
};

async function deliveries() {
  return api.rows(
    `SELECT event_type, applicant_id, kyc_profile_id, outcome FROM kyc_webhook_delivery ORDER BY received_at, event_type`,
  );
}

test('no digest, a wrong digest, or a weak algorithm: 401 before the body is parsed, nothing stored', async () => {
  const body = event('applicantReviewed', heidi);
  assert.equal(await deliver(body, {}), {
    status: 401,
    answer: { success: false, message: 'webhook refused: no X-Payload-Digest header', code: 'UNAUTHENTICATED' },
  });
  const wrong = {
    success: false,
    message: 'webhook refused: X-Payload-Digest does not match the body',
    code: 'UNAUTHENTICATED',
  };
  assert.equal(await deliver(body, { 'x-payload-digest': digest(body, 'sha256', 'another-secret') }), {
    status: 401,
    answer: wrong,
  });
  assert.equal(await deliver(body, { 'x-payload-digest': 'not hex' }), { status: 401, answer: wrong });
  assert.equal(await deliver(`${body} `, { 'x-payload-digest': digest(body) }), { status: 401, answer: wrong });
  // A body that is not JSON at all is still refused for its digest, not its syntax.
  assert.equal(await deliver('{"type": ', { 'x-payload-digest': digest('{}') }), { status: 401, answer: wrong });
  assert.equal(
    await deliver(body, { 'x-payload-digest': digest(body, 'sha1'), 'x-payload-digest-alg': 'HMAC_SHA1_HEX' }),
    {
      status: 401,
      answer: {
        success: false,
        message: 'webhook refused: X-Payload-Digest-Alg must be HMAC_SHA256_HEX or HMAC_SHA512_HEX',
        code: 'UNAUTHENTICATED',
      },
    },
  );
  assert.equal(await deliveries(), []);
  const [{ status }] = await api.rows(`SELECT review_status AS status FROM kyc_profile WHERE id = $1`, [profileId(2)]);
  assert.is(status, 'completed');
});

test('a verified body that is not JSON, or has no type, is 400', async () => {
  const notJson = await signed('{"type": ');
  assert.equal(notJson, {
    status: 400,
    answer: { success: false, message: 'request body is not valid JSON: send a JSON object', code: 'BAD_REQUEST' },
  });
  const untyped = await signed(JSON.stringify({ applicantId: heidi }));
  assert.is(untyped.status, 400);
  assert.is(untyped.answer.code, 'VALIDATION_FAILED');
  assert.equal(untyped.answer.details, [{ path: 'body.type', message: 'is required' }]);
});

test("an applicant event stores the applicant's current review and answers, sealed, then answered decrypted", async () => {
  kycProvider.applicants.set(heidi, heidiResubmitted);
  const body = event('applicantReviewed', heidi);
  assert.equal(await signed(body), { status: 200, answer: { success: true, outcome: 'applied' } });
  const [stored] = await api.rows(
    `SELECT review_status, review_answer, reject_type, reject_labels,
      convert_from(substring(questionnaire_ciphertext FROM 3 FOR get_byte(questionnaire_ciphertext, 1)), 'UTF8') AS key_id,
      position(convert_to('resubmitted', 'UTF8') IN questionnaire_ciphertext) AS plaintext_at
     FROM kyc_profile WHERE id = $1`,
    [profileId(2)],
  );
  assert.equal(stored, {
    review_status: 'completed',
    review_answer: 'GREEN',
    reject_type: null,
    reject_labels: [],
    key_id: 'hook-key',
    plaintext_at: 0,
  });
  assert.equal(await deliveries(), [
    { event_type: 'applicantReviewed', applicant_id: heidi, kyc_profile_id: profileId(2), outcome: 'applied' },
  ]);
  const answers = expectBody(
    await api.graphql(
      `{ sumsubQuestionnaireDataDecrypted(kycProfileId: "${profileId(2)}") { questionnaires { id submittedAt sections {
      id items { id kind ... on QuestionnaireTextItem { textValue } ... on QuestionnaireCountryItem { countryCode }
      ... on QuestionnaireFilesItem { files { providerFileId fileName contentType } } } } } } }`,
      undefined,
      { key: meridianKey },
    ),
  );
  assert.equal(answers.data.sumsubQuestionnaireDataDecrypted.questionnaires, [
    {
      id: 'sof_questionnaire',
      submittedAt: '2026-01-14T09:30:00.000Z',
      sections: [
        {
          id: 'funds',
          items: [
            { id: 'occupation', kind: 'TEXT', textValue: 'Company director (resubmitted)' },
            { id: 'tax_residence', kind: 'COUNTRY', countryCode: 'IRL' },
            {
              id: 'proof_of_address',
              kind: 'FILES',
              files: [
                {
                  providerFileId: '88888888-0000-4000-8000-000000000004',
                  fileName: 'bank-statement.pdf',
                  contentType: 'application/pdf',
                },
              ],
            },
          ],
        },
      ],
    },
  ]);
  const candidates = expectBody(
    await api.graphql(
      `{ getPotentialKycProfiles(subject: { userId: "demo-heidi" }) { items { reusable profile { review { status answer } } } } }`,
      undefined,
      { key: meridianKey },
    ),
  );
  assert.equal(candidates.data.getPotentialKycProfiles.items, [
    { reusable: true, profile: { review: { status: 'COMPLETED', answer: 'GREEN' } } },
  ]);

  // The same delivery again: acknowledged, nothing applied twice.
  const [{ updated }] = await api.rows(`SELECT updated_at AS updated FROM kyc_profile WHERE id = $1`, [profileId(2)]);
  kycProvider.applicants.set(heidi, {
    ...heidiResubmitted,
    review: { ...heidiResubmitted.review, status: 'onHold', answer: null },
  });
  assert.equal(await signed(body), { status: 200, answer: { success: true, outcome: 'duplicate' } });
  const [again] = await api.rows(`SELECT updated_at AS updated, review_status FROM kyc_profile WHERE id = $1`, [
    profileId(2),
  ]);
  assert.equal(again, { updated, review_status: 'completed' });
});

test('HMAC_SHA512_HEX is accepted; the provider is read at each event, whatever the event says', async () => {
  const body = event('applicantOnHold', heidi, { reviewStatus: 'completed' });
  assert.equal(
    await deliver(body, { 'x-payload-digest': digest(body, 'sha512'), 'x-payload-digest-alg': 'HMAC_SHA512_HEX' }),
    { status: 200, answer: { success: true, outcome: 'applied' } },
  );
  const [stored] = await api.rows(`SELECT review_status, review_answer FROM kyc_profile WHERE id = $1`, [profileId(2)]);
  assert.equal(stored, { review_status: 'onHold', review_answer: null });
});

test('other event types are ignored; an applicant nobody knows is acknowledged', async () => {
  assert.equal(await signed(event('videoIdentStatusChanged', heidi)), {
    status: 200,
    answer: { success: true, outcome: 'ignored' },
  });
  assert.equal(await signed(event('applicantCreated', '0123456789abcdef01234567')), {
    status: 200,
    answer: { success: true, outcome: 'unknownApplicant' },
  });
  // Known here, unknown to the provider.
  const [{ applicant: judy }] = await api.rows(`SELECT applicant_id AS applicant FROM kyc_profile WHERE id = $1`, [
    profileId(4),
  ]);
  assert.equal(await signed(event('applicantPending', judy)), {
    status: 200,
    answer: { success: true, outcome: 'unknownApplicant' },
  });
  const [{ status }] = await api.rows(`SELECT review_status AS status FROM kyc_profile WHERE id = $1`, [profileId(4)]);
  assert.is(status, 'pending');
});

test('a provider answer that breaks its contract stores nothing; the same delivery later applies', async () => {
  // Owen Gallagher's profile: prechecked, no questionnaire (demo-compliance.ts).
  const [{ applicant: owen }] = await api.rows(`SELECT applicant_id AS applicant FROM kyc_profile WHERE id = $1`, [
    profileId(10),
  ]);
  kycProvider.applicants.set(owen, {
    applicantId: owen,
    review: { status: 'queued', answer: null, rejectType: null, rejectLabels: [] },
    questionnaires: [
      {
        id: 'sof_questionnaire',
        title: null,
        submittedAt: null,
        sections: [{ id: 's', title: null, items: [{ id: 'c', title: null, kind: 'COUNTRY', countryCode: 'BG' }] }],
      },
    ],
  });
  const body = event('applicantPending', owen);
  assert.equal(await signed(body), {
    status: 500,
    answer: { success: false, message: 'Internal server error', code: 'INTERNAL' },
  });
  const [before] = await api.rows(`SELECT review_status, questionnaire_ciphertext FROM kyc_profile WHERE id = $1`, [
    profileId(10),
  ]);
  assert.equal(before, { review_status: 'prechecked', questionnaire_ciphertext: null });
  kycProvider.applicants.set(owen, {
    applicantId: owen,
    review: { status: 'queued', answer: null, rejectType: null, rejectLabels: [] },
    questionnaires: [],
  });
  assert.equal(await signed(body), { status: 200, answer: { success: true, outcome: 'applied' } });
  const [after] = await api.rows(`SELECT review_status, questionnaire_ciphertext FROM kyc_profile WHERE id = $1`, [
    profileId(10),
  ]);
  assert.equal(after, { review_status: 'queued', questionnaire_ciphertext: null });
});

test('the route is rate-limited per client address, before the digest is checked', async () => {
  const limited = await startTestService({ API_RATE_LIMIT: '2' });
  try {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const response = await limited.request('POST', '/webhooks/kyc', {
        headers: { 'content-type': 'application/json', 'x-payload-digest': 'ab' },
        body: '{}',
      });
      statuses.push(response.status);
      if (response.status === 429) assert.is(response.json().code, 'RATE_LIMITED');
    }
    assert.equal(statuses, [401, 401, 429]);
  } finally {
    await limited.stop();
  }
});

test.run();
