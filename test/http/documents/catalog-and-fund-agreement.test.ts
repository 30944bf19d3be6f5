// GET /product-catalog and GET /funds/{fundId}/user-agreement: the catalog for any signed-in
// user or the admin API key, PDF unless format=html
// (openapi.yaml#/components/parameters/PdfFirstDocumentFormat); the fund agreement for the
// fund's investors and administrators, 404 alike for hidden and missing funds; 403 for
// non-admin API keys.
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

const today = () => new Date().toISOString().slice(0, 10);
const catalogTexts = [
  'Product catalog',
  'CUSTODY-WALLET-MONTH',
  'Northbridge Digital Asset Fund I',
  'Northbridge Stablecoin Yield Fund',
  'Example Wealth Platform AG',
];

test('any signed-in user gets the catalog as HTML with format=html: active products and open funds only', async () => {
  const response = await kit.get('/product-catalog?format=html', await kit.user('demo-judy'));
  assertHtmlDocument(response, `product-catalog-${today()}.html`, [...catalogTexts, 'US$7,500.00']);
  assert.not.ok(response.text.includes('CARD-PROGRAMME-LEGACY'), 'the inactive product is not on offer');
  assert.not.ok(response.text.includes('Bitcoin Opportunities Fund 2021'), 'the liquidating fund is not on offer');
});

test('without format the catalog is a PDF, inline, or an attachment with download=true; format=html&download=true an HTML attachment', async () => {
  const judy = await kit.user('demo-judy');
  const text = await assertPdfDocument(
    await kit.get('/product-catalog', judy),
    `product-catalog-${today()}.pdf`,
    catalogTexts,
  );
  assert.not.ok(text.includes('CARD-PROGRAMME-LEGACY'), 'the inactive product is not on offer');
  await assertPdfDocument(
    await kit.get('/product-catalog?download=true', judy),
    `product-catalog-${today()}.pdf`,
    catalogTexts,
    'attachment',
  );
  assertHtmlDocument(
    await kit.get('/product-catalog?format=html&download=true', judy),
    `product-catalog-${today()}.html`,
    catalogTexts,
    'attachment',
  );
});

test('a format other than html or pdf is a 400 naming the parameter', async () => {
  const response = await kit.get('/product-catalog?format=docx', await kit.user('demo-judy'));
  assert.is(response.status, 400, response.text);
  assert.is(response.json().code, 'VALIDATION_FAILED');
  assert.is(response.json().message, 'invalid request: query.format must be one of html, pdf');
});

test('the catalog as PDF, for a bearer token and for the admin API key with download=true', async () => {
  await assertPdfDocument(
    await kit.get('/product-catalog?format=pdf', await kit.bearer('demo-erin')),
    `product-catalog-${today()}.pdf`,
    catalogTexts,
  );
  await assertPdfDocument(
    await kit.get('/product-catalog?format=pdf&download=true', kit.adminKey),
    `product-catalog-${today()}.pdf`,
    catalogTexts,
    'attachment',
  );
});

test('service and partner API keys are refused the catalog with 403; no credential is 401', async () => {
  for (const key of [kit.serviceKey, kit.partnerKey]) {
    assertForbiddenKey(await kit.get('/product-catalog', key));
    assertForbiddenKey(await kit.get('/product-catalog?format=html', key));
  }
  assert.is((await kit.get('/product-catalog')).status, 401);
});

// Demo fund 1: Erin holds subscription 1 (processed, 250,000) and 5 (cancelled, 20,000).
const agreement = '/funds/1/user-agreement';
const agreementTexts = [
  'FUA-0001-DEMO-ERIN',
  'Northbridge Digital Asset Fund I',
  'Northbridge Fund Services S.A.',
  'Erin Fischer',
  'Aurora Family Office AG',
];

test("an investor gets the fund's user agreement for herself, with her live subscriptions", async () => {
  const response = await kit.get(agreement, await kit.user('demo-erin'));
  assertHtmlDocument(response, 'fund-user-agreement-FUA-0001-DEMO-ERIN.html', [
    ...agreementTexts,
    'No. 1',
    'US$250,000.00',
  ]);
  assert.not.ok(response.text.includes('No. 5'), 'a cancelled subscription is not covered');
});

test('the investor gets the agreement as PDF (download=true: attachment)', async () => {
  const response = await kit.get(`${agreement}?format=pdf&download=true`, await kit.user('demo-erin'));
  await assertPdfDocument(
    response,
    'fund-user-agreement-FUA-0001-DEMO-ERIN.pdf',
    [...agreementTexts, '250,000.00'],
    'attachment',
  );
});

test('administrators: an admin user gets it in their own name, the admin API key the specimen form', async () => {
  const asAdmin = await kit.get(agreement, await kit.user('demo-admin'));
  assertHtmlDocument(asAdmin, 'fund-user-agreement-FUA-0001-DEMO-ADMIN.html', [
    'Admin Operator',
    'No subscriptions yet',
  ]);
  const specimen = await kit.get(`${agreement}?format=pdf`, kit.adminKey);
  await assertPdfDocument(specimen, 'fund-user-agreement-FUA-0001-SPECIMEN.pdf', [
    'FUA-0001-SPECIMEN',
    'Northbridge Digital Asset Fund I',
    'Specimen',
  ]);
});

test('a user with no subscription in the fund gets the same 404 body as for a missing fund', async () => {
  const judy = await kit.user('demo-judy');
  for (const format of ['html', 'pdf']) {
    const hidden = await kit.get(`${agreement}?format=${format}`, judy);
    const missing = await kit.get(`/funds/999/user-agreement?format=${format}`, judy);
    assert.is(hidden.status, 404);
    assert.equal(errorWithoutRequestId(hidden), { success: false, message: 'Fund not found', code: 'NOT_FOUND' });
    assert.equal(errorWithoutRequestId(missing), errorWithoutRequestId(hidden));
  }
});

test('service and partner API keys are refused the agreement with 403', async () => {
  for (const key of [kit.serviceKey, kit.partnerKey]) {
    assertForbiddenKey(await kit.get(agreement, key));
    assertForbiddenKey(await kit.get(`${agreement}?format=pdf`, key));
  }
});

test.run();
