// GET /receipts/{receiptId}: PDF by default and HTML with format=html
// (openapi.yaml#/components/parameters/PdfFirstDocumentFormat), for the recipient of the paid
// invoice and administrators, 404 alike for hidden and missing receipts, 403 for non-admin API keys.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  type DocumentKit,
  assertForbiddenKey,
  assertHtmlDocument,
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

// Demo receipt 3 (docs/demo-data.md): RCPT-2025-0039 pays INV-2025-0053 (Meridian, Grace) in full.
const receipt = '/receipts/3';
const receiptTexts = [
  'RCPT-2025-0039',
  'INV-2025-0053',
  'Meridian Digital Assets Ltd',
  'Grace Whitfield',
  'Example Wealth Platform AG',
];

test('the recipient gets the receipt as HTML with format=html: the amount, the invoice paid and no balance left', async () => {
  const response = await kit.get(`${receipt}?format=html`, await kit.user('demo-grace'));
  assertHtmlDocument(response, 'receipt-RCPT-2025-0039.html', [...receiptTexts, 'US$4,500.00', 'US$0.00', 'Crypto']);
});

test('without format the recipient gets the PDF inline; its text reads the numbers, parties and amount', async () => {
  const response = await kit.get(receipt, await kit.user('demo-grace'));
  await assertPdfDocument(response, 'receipt-RCPT-2025-0039.pdf', [...receiptTexts, '4,500.00']);
});

test('format=pdf is the PDF too', async () => {
  await assertPdfDocument(
    await kit.get(`${receipt}?format=pdf`, await kit.user('demo-grace')),
    'receipt-RCPT-2025-0039.pdf',
    receiptTexts,
  );
});

test('download=true gives a PDF attachment; with format=html an HTML attachment; the admin API key reads any receipt', async () => {
  const grace = await kit.user('demo-grace');
  await assertPdfDocument(
    await kit.get(`${receipt}?download=true`, grace),
    'receipt-RCPT-2025-0039.pdf',
    ['RCPT-2025-0039'],
    'attachment',
  );
  assertHtmlDocument(
    await kit.get(`${receipt}?format=html&download=true`, grace),
    'receipt-RCPT-2025-0039.html',
    ['RCPT-2025-0039'],
    'attachment',
  );
  const pdf = await kit.get('/receipts/1?format=pdf&download=true', kit.adminKey);
  await assertPdfDocument(
    pdf,
    'receipt-RCPT-2025-0031.pdf',
    ['RCPT-2025-0031', 'INV-2025-0041', 'Carol Nakamura', '6,323.85'],
    'attachment',
  );
});

test('a format other than html or pdf, or a malformed id or download, is a 400 naming the parameter', async () => {
  const grace = await kit.user('demo-grace');
  for (const [query, message] of [
    ['?format=docx', 'invalid request: query.format must be one of html, pdf'],
    ['?format=HTML', 'invalid request: query.format must be one of html, pdf'],
    ['?download=yes', 'invalid request: query.download must be boolean'],
  ]) {
    const response = await kit.get(`${receipt}${query}`, grace);
    assert.is(response.status, 400, response.text);
    assert.is(response.json().code, 'VALIDATION_FAILED');
    assert.is(response.json().message, message);
  }
  const badId = await kit.get('/receipts/abc', grace);
  assert.is(badId.status, 400, badId.text);
  assert.is(badId.json().message, 'invalid request: path.receiptId must be integer');
});

test('no credential is 401', async () => {
  const response = await kit.get(receipt);
  assert.is(response.status, 401, response.text);
  assert.is(response.json().code, 'UNAUTHENTICATED');
});

test('another user gets the same 404 body as for a missing receipt, in both formats', async () => {
  const judy = await kit.user('demo-judy');
  for (const query of ['?format=html', '?format=pdf', '']) {
    const hidden = await kit.get(`${receipt}${query}`, judy);
    const missing = await kit.get(`/receipts/424242${query}`, judy);
    assert.is(hidden.status, 404);
    assert.equal(errorWithoutRequestId(hidden), { success: false, message: 'Receipt not found', code: 'NOT_FOUND' });
    assert.equal(errorWithoutRequestId(missing), errorWithoutRequestId(hidden));
  }
});

test('service and partner API keys are refused with 403', async () => {
  for (const key of [kit.serviceKey, kit.partnerKey]) {
    assertForbiddenKey(await kit.get(receipt, key));
    assertForbiddenKey(await kit.get(`${receipt}?format=pdf`, key));
  }
});

test.run();
