// GET /receipts/{receiptId} (issue 5): HTML and PDF for the recipient of the paid invoice and
// administrators, 404 alike for hidden and missing receipts, 403 for non-admin API keys.
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
const receiptTexts = ['RCPT-2025-0039', 'INV-2025-0053', 'Meridian Digital Assets Ltd', 'Grace Whitfield', 'Example Wealth Platform AG'];

test('the recipient gets the receipt as HTML with the amount, the invoice paid and no balance left', async () => {
  const response = await kit.get(receipt, await kit.user('demo-grace'));
  assertHtmlDocument(response, 'receipt-RCPT-2025-0039.html', [...receiptTexts, 'US$4,500.00', 'US$0.00', 'Crypto']);
});

test('the recipient gets the PDF; its text reads the numbers, parties and amount', async () => {
  const response = await kit.get(`${receipt}?format=pdf`, await kit.user('demo-grace'));
  await assertPdfDocument(response, 'receipt-RCPT-2025-0039.pdf', [...receiptTexts, '4,500.00']);
});

test('download=true is an attachment; the admin API key reads any receipt', async () => {
  const grace = await kit.user('demo-grace');
  assertHtmlDocument(await kit.get(`${receipt}?download=true`, grace), 'receipt-RCPT-2025-0039.html', ['RCPT-2025-0039'], 'attachment');
  const pdf = await kit.get('/receipts/1?format=pdf&download=true', kit.adminKey);
  await assertPdfDocument(pdf, 'receipt-RCPT-2025-0031.pdf', ['RCPT-2025-0031', 'INV-2025-0041', 'Carol Nakamura', '6,323.85'], 'attachment');
});

test('another user gets the same 404 body as for a missing receipt, in both formats', async () => {
  const judy = await kit.user('demo-judy');
  for (const format of ['html', 'pdf']) {
    const hidden = await kit.get(`${receipt}?format=${format}`, judy);
    const missing = await kit.get(`/receipts/424242?format=${format}`, judy);
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
