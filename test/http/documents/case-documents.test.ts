// GET /pdf/case/{caseId}/report and /agreement (docs/conformance.md#document-routes): PDF for
// the administrator API key only; 403 for service and partner keys, 401 for sessions and bearer
// tokens (not accepted on these routes), 404 for an unknown case.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  type DocumentKit,
  assertForbiddenKey,
  assertPdfDocument,
  errorWithoutRequestId,
  startDocumentKit,
} from './document-test-kit.ts';

let kit: DocumentKit;

test.before(async () => {
  kit = await startDocumentKit();
});

test.after(async () => {
  await kit?.stop();
});

// Demo case 1 (docs/demo-data.md): Meridian onboarding in review, subject Grace (a director).
const caseParties = [
  'CASE-0001',
  'Onboarding: Meridian Digital Assets Ltd',
  'Meridian Digital Assets Ltd',
  'Grace Whitfield',
  'Example Wealth Platform AG',
];

test('the admin API key gets the case report: case, parties, files and timeline', async () => {
  const response = await kit.get('/pdf/case/1/report', kit.adminKey);
  await assertPdfDocument(response, 'case-report-CASE-0001.pdf', [
    ...caseParties,
    'certificate-of-incorporation.pdf',
    'passport-heidi-brennan.jpg',
    'Invitation sent',
    'Invitation expired',
    'KYC review completed: RED (retry)',
    'BAD_PROOF_OF_ADDRESS',
  ]);
});

test('a closed case report ends with its closing and names its fund; download=true is an attachment', async () => {
  const response = await kit.get('/pdf/case/3/report?download=true', kit.adminKey);
  await assertPdfDocument(
    response,
    'case-report-CASE-0003.pdf',
    ['CASE-0003', 'Erin Fischer', 'Northbridge Digital Asset Fund I', 'Case closed'],
    'attachment',
  );
});

test('the admin API key gets the case agreement between the operator and the client', async () => {
  const response = await kit.get('/pdf/case/1/agreement', kit.adminKey);
  await assertPdfDocument(response, 'case-agreement-CASE-0001.pdf', [
    ...caseParties,
    'AGR-CASE-0001',
    'Director',
    'Authorised signatory',
  ]);
  await assertPdfDocument(
    await kit.get('/pdf/case/1/agreement?download=true', kit.adminKey),
    'case-agreement-CASE-0001.pdf',
    ['AGR-CASE-0001'],
    'attachment',
  );
});

test('an unknown case is 404 on both routes', async () => {
  for (const document of ['report', 'agreement']) {
    const response = await kit.get(`/pdf/case/4242/${document}`, kit.adminKey);
    assert.is(response.status, 404);
    assert.equal(errorWithoutRequestId(response), { success: false, message: 'Case not found', code: 'NOT_FOUND' });
  }
});

test('service and partner API keys are refused with 403, for existing and unknown cases alike', async () => {
  for (const key of [kit.serviceKey, kit.partnerKey]) {
    for (const path of ['/pdf/case/1/report', '/pdf/case/1/agreement', '/pdf/case/4242/report'])
      assertForbiddenKey(await kit.get(path, key));
  }
});

test('sessions and bearer tokens, even of an admin user, are not credentials here: 401', async () => {
  for (const headers of [await kit.bearer('demo-admin'), await kit.user('demo-admin'), {}]) {
    for (const document of ['report', 'agreement']) {
      const response = await kit.get(`/pdf/case/1/${document}`, headers);
      assert.is(response.status, 401, response.text);
      assert.is(response.json().code, 'UNAUTHENTICATED');
    }
  }
});

test.run();
