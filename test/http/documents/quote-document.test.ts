// GET /quotes/{quoteId} (docs/conformance.md#document-routes): HTML and PDF for the quote's
// user and administrators, 404 alike for hidden and missing quotes, 403 for non-admin API keys.
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

// Demo sales quote 4 (docs/demo-data.md): Q-2026-0002 for Judy at Meridian, sent.
const quote = '/quotes/4';
const quoteTexts = ['Q-2026-0002', 'Meridian Digital Assets Ltd', 'Judy Chen', 'Example Wealth Platform AG'];

test("the quote's user gets it as HTML with product SKUs and the total", async () => {
  const response = await kit.get(quote, await kit.user('demo-judy'));
  assertHtmlDocument(response, 'quote-Q-2026-0002.html', [
    ...quoteTexts,
    'OTC-DESK-MONTH',
    'AML-SCREENING',
    'US$20,280.00',
  ]);
});

test("the quote's user gets the PDF; its text reads the number, parties and total", async () => {
  const response = await kit.get(`${quote}?format=pdf`, await kit.user('demo-judy'));
  await assertPdfDocument(response, 'quote-Q-2026-0002.pdf', [...quoteTexts, '20,280.00']);
});

test('administrators: an admin user by session, the admin API key with download=true', async () => {
  assertHtmlDocument(await kit.get(quote, await kit.user('demo-admin')), 'quote-Q-2026-0002.html', quoteTexts);
  const pdf = await kit.get(`${quote}?format=pdf&download=true`, kit.adminKey);
  await assertPdfDocument(pdf, 'quote-Q-2026-0002.pdf', quoteTexts, 'attachment');
});

test('a colleague in the same organization gets the same 404 body as for a missing quote', async () => {
  const grace = await kit.user('demo-grace');
  for (const format of ['html', 'pdf']) {
    const hidden = await kit.get(`${quote}?format=${format}`, grace);
    const missing = await kit.get(`/quotes/777?format=${format}`, grace);
    assert.is(hidden.status, 404);
    assert.equal(errorWithoutRequestId(hidden), { success: false, message: 'Quote not found', code: 'NOT_FOUND' });
    assert.equal(errorWithoutRequestId(missing), errorWithoutRequestId(hidden));
  }
});

test('service and partner API keys are refused with 403', async () => {
  for (const key of [kit.serviceKey, kit.partnerKey]) {
    assertForbiddenKey(await kit.get(quote, key));
    assertForbiddenKey(await kit.get(`${quote}?format=pdf`, key));
  }
});

test.run();
