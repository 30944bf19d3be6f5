// An applicant's current review and questionnaires (docs/kyc.md#provider-wire-shape): the HTTP
// client against the simulator served over loopback HTTP answers exactly what the simulator holds,
// signed as the provider requires; an unknown applicant is null; an answer that breaks the wire
// shape, or names another applicant, is a masked INTERNAL error whose message names the field and
// never quotes an answer.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { AppError } from '../../../src/errors/app-error.ts';
import { createLogger } from '../../../src/observability/logger.ts';
import type { KycApplicant } from '../../../src/providers/kyc/kyc-applicant.ts';
import { createKycHttpClient } from '../../../src/providers/kyc/kyc-http-client.ts';
import { createKycSimulator } from '../../../src/providers/kyc/kyc-simulator.ts';
import { serveKycSimulator, wireApplicant } from '../../../src/providers/kyc/kyc-simulator-server.ts';

const appToken = 'sbx:applicant-test';
const secretKey = 'applicant-test-secret';
const logger = createLogger('silent');

const applicant: KycApplicant = {
  applicantId: '5cb56e8e0a975a35f333cb83',
  review: { status: 'completed', answer: 'RED', rejectType: 'RETRY', rejectLabels: ['BAD_PROOF_OF_ADDRESS'] },
  questionnaires: [
    {
      id: 'sof_questionnaire',
      title: 'Source of funds',
      submittedAt: '2026-01-10T08:00:00.000Z',
      sections: [
        {
          id: 'personal',
          title: null,
          items: [
            { id: 'occupation', title: 'Occupation', kind: 'TEXT', textValue: 'Secret occupation' },
            { id: 'born', title: null, kind: 'DATE', dateValue: '1990-04-01' },
            { id: 'residence', title: 'Residence', kind: 'COUNTRY', countryCode: 'FRA' },
            {
              id: 'sources',
              title: 'Sources',
              kind: 'MULTI_SELECT',
              selectedOptions: [{ value: 'salary', label: 'Salary' }],
              options: [
                { value: 'salary', label: 'Salary' },
                { value: 'other', label: 'Other' },
              ],
            },
            {
              id: 'proof',
              title: 'Proof',
              kind: 'FILES',
              files: [{ providerFileId: '1234567', inspectionId: 'insp-1', fileName: null, contentType: 'image/jpeg' }],
            },
          ],
        },
      ],
    },
  ],
};

const simulator = createKycSimulator({ applicants: new Map([[applicant.applicantId, applicant]]) });
const served = await serveKycSimulator(simulator, { appToken, secretKey });
test.after(() => served.close());

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    assert.instance(error, AppError);
    return error as AppError;
  }
  throw new Error('expected a rejection');
}

/** A provider answering one fixed body to every request. */
async function answering(body: unknown): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test('the client answers what the simulator holds, in process and over HTTP alike', async () => {
  const client = createKycHttpClient({ url: served.url, appToken, secretKey, logger });
  assert.equal(await client.getApplicant(applicant.applicantId), applicant);
  assert.equal(await simulator.getApplicant(applicant.applicantId), applicant);
});

test('an applicant the provider does not hold is null', async () => {
  const client = createKycHttpClient({ url: served.url, appToken, secretKey, logger });
  assert.is(await client.getApplicant('000000000000000000000000'), null);
  assert.is(await simulator.getApplicant('000000000000000000000000'), null);
});

test('the served simulator refuses a request not signed with its secret', async () => {
  const client = createKycHttpClient({ url: served.url, appToken, secretKey: 'another-secret', logger });
  const error = await rejection(client.getApplicant(applicant.applicantId));
  assert.is(error.code, 'INTERNAL');
  assert.is(error.message, 'KYC provider answered 401 for applicantData');
});

test('an answer that breaks the wire shape names the field and quotes no answer', async () => {
  const wire = wireApplicant(applicant) as any;
  const cases: [unknown, string][] = [
    [
      {
        ...wire,
        questionnaires: [
          {
            ...wire.questionnaires[0],
            sections: [{ id: 's', items: [{ id: 'i', type: 'country', value: 'Secret' }] }],
          },
        ],
      },
      '$.questionnaires[0].sections[0].items[0].value must be a string of 1 to 3 characters',
    ],
    [
      {
        ...wire,
        questionnaires: [
          {
            ...wire.questionnaires[0],
            sections: [{ id: 's', items: [{ id: 'i', type: 'multiSelect', values: ['Secret'], options: [] }] }],
          },
        ],
      },
      '$.questionnaires[0].sections[0].items[0].values[0] must be the value of one of $.questionnaires[0].sections[0].items[0].options',
    ],
    [
      { ...wire, review: { reviewStatus: 'approved' } },
      '$.review.reviewStatus must be one of init, pending, prechecked, queued, completed, onHold, awaitingService, awaitingUser',
    ],
    [
      { ...wire, id: 'someone-else' },
      'KYC provider answered applicantData for applicant "someone-else" instead of "5cb56e8e0a975a35f333cb83"',
    ],
  ];
  for (const [body, message] of cases) {
    const provider = await answering(body);
    try {
      const client = createKycHttpClient({ url: provider.url, appToken, secretKey, logger });
      const error = await rejection(client.getApplicant(applicant.applicantId));
      assert.is(error.code, 'INTERNAL');
      assert.is(error.message.replace('KYC provider answered applicantData: ', ''), message);
      assert.not.ok(error.message.includes('Secret'));
    } finally {
      await provider.close();
    }
  }
});

test.run();
