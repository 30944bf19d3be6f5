// GET /invoices/{invoiceId} (docs/conformance.md#document-routes): HTML and PDF for the
// recipient and administrators, 404 alike for a hidden and a missing invoice, 403 for non-admin
// API keys.
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

// Demo invoice 5 (docs/demo-data.md): INV-2025-0060, Meridian, addressed to Judy, issued.
const invoice = '/invoices/5';
const invoiceTexts = ['INV-2025-0060', 'Meridian Digital Assets Ltd', 'Judy Chen', 'Example Wealth Platform AG'];

test('the recipient gets the invoice as HTML by default, inline, with its number, parties and total', async () => {
  const response = await kit.get(invoice, await kit.user('demo-judy'));
  assertHtmlDocument(response, 'invoice-INV-2025-0060.html', [...invoiceTexts, 'US$5,928.00', 'US$988.00']);
  assert.is(response.headers.get('x-content-type-options'), 'nosniff');
  assert.match(response.headers.get('content-security-policy') ?? '', "default-src 'none'");
});

test('the recipient gets the PDF; its text reads the number, parties, lines and total', async () => {
  const response = await kit.get(`${invoice}?format=pdf`, await kit.user('demo-judy'));
  await assertPdfDocument(response, 'invoice-INV-2025-0060.pdf', [...invoiceTexts, 'OTC desk access', '5,928.00']);
});

test('download=true makes both forms an attachment', async () => {
  const judy = await kit.user('demo-judy');
  assertHtmlDocument(
    await kit.get(`${invoice}?download=true`, judy),
    'invoice-INV-2025-0060.html',
    ['INV-2025-0060'],
    'attachment',
  );
  await assertPdfDocument(
    await kit.get(`${invoice}?format=pdf&download=true`, judy),
    'invoice-INV-2025-0060.pdf',
    ['INV-2025-0060'],
    'attachment',
  );
});

test('administrators see every invoice: an admin user by bearer token, the admin API key', async () => {
  assertHtmlDocument(
    await kit.get(invoice, await kit.bearer('demo-admin')),
    'invoice-INV-2025-0060.html',
    invoiceTexts,
  );
  const pdf = await kit.get('/invoices/1?format=pdf', kit.adminKey);
  await assertPdfDocument(pdf, 'invoice-INV-2025-0041.pdf', [
    'INV-2025-0041',
    'Aurora Family Office AG',
    'Carol Nakamura',
    '6,323.85',
  ]);
});

test('a user who is not the recipient gets the same 404 body as for a missing invoice, in both formats', async () => {
  const grace = await kit.user('demo-grace');
  for (const format of ['html', 'pdf']) {
    const hidden = await kit.get(`${invoice}?format=${format}`, grace);
    const missing = await kit.get(`/invoices/999999?format=${format}`, grace);
    // Valid per the spec (int64) but beyond the integer column: still just "not found".
    const beyondColumn = await kit.get(`/invoices/9007199254740991?format=${format}`, kit.adminKey);
    assert.is(hidden.status, 404);
    assert.is(missing.status, 404);
    assert.equal(errorWithoutRequestId(beyondColumn), errorWithoutRequestId(hidden));
    assert.equal(errorWithoutRequestId(hidden), { success: false, message: 'Invoice not found', code: 'NOT_FOUND' });
    assert.equal(errorWithoutRequestId(missing), errorWithoutRequestId(hidden));
  }
});

test('service and partner API keys are refused with 403, HTML and PDF alike', async () => {
  for (const key of [kit.serviceKey, kit.partnerKey]) {
    assertForbiddenKey(await kit.get(invoice, key));
    assertForbiddenKey(await kit.get(`${invoice}?format=pdf`, key));
  }
});

test('no credential is 401; an unknown format is 400', async () => {
  assert.is((await kit.get(invoice)).status, 401);
  const bad = await kit.get(`${invoice}?format=docx`, await kit.user('demo-judy'));
  assert.is(bad.status, 400);
  assert.is(bad.json().code, 'VALIDATION_FAILED');
});

test.run();
