// At route level (docs/documents.md#where-chromium-comes-from): with no usable Chromium the PDF
// routes answer 503 with Retry-After and a message naming what to install, while HTML keeps
// working. (How the engine itself fails and recovers is tested in test/documents/pdf.)
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { chromiumInstallHint } from '../../../src/documents/pdf/find-chromium.ts';
import { type DocumentKit, assertHtmlDocument, startDocumentKit } from './document-test-kit.ts';

let kit: DocumentKit;
const missingChromium = '/nonexistent/chromium-headless-shell';

test.before(async () => {
  kit = await startDocumentKit({ CHROMIUM_PATH: missingChromium });
});

test.after(async () => {
  await kit?.stop();
});

test('PDF answers 503 with Retry-After and the install hint; HTML of the same invoice answers 200', async () => {
  const judy = await kit.user('demo-judy');
  const pdf = await kit.get('/invoices/5?format=pdf', judy);
  assert.is(pdf.status, 503);
  assert.is(pdf.json().code, 'SERVICE_UNAVAILABLE');
  assert.is(pdf.json().message, `CHROMIUM_PATH=${missingChromium} is not an executable file. ${chromiumInstallHint}`);
  assert.ok(Number(pdf.headers.get('retry-after')) > 0);
  assertHtmlDocument(await kit.get('/invoices/5', judy), 'invoice-INV-2025-0060.html', [
    'INV-2025-0060',
    'US$5,928.00',
  ]);
});

test('receipts and the catalog, PDF by default, answer 503 without format; format=html still answers 200', async () => {
  const grace = await kit.user('demo-grace');
  for (const [path, html] of [
    ['/receipts/3', 'receipt-RCPT-2025-0039.html'],
    ['/product-catalog', `product-catalog-${new Date().toISOString().slice(0, 10)}.html`],
  ] as const) {
    const pdf = await kit.get(path, grace);
    assert.is(pdf.status, 503, pdf.text);
    assert.is(pdf.json().code, 'SERVICE_UNAVAILABLE');
    assertHtmlDocument(await kit.get(`${path}?format=html`, grace), html, []);
  }
});

test('the admin-only case PDFs answer 503 the same way; access is still checked first', async () => {
  const report = await kit.get('/pdf/case/1/report', kit.adminKey);
  assert.is(report.status, 503);
  assert.match(report.json().message, 'apt-get install chromium-headless-shell');
  assert.is((await kit.get('/pdf/case/4242/agreement', kit.adminKey)).status, 404);
  assert.is((await kit.get('/pdf/case/1/agreement', kit.partnerKey)).status, 403);
});

test.run();
