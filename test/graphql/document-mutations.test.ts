// Mutation.downloadInvoicePdf, downloadQuotePdf and generateFundUserAgreementPdf through the real
// service on the demo data, printed by the real Chromium (docs/documents.md#through-the-business-graphql-api):
// the REST routes' documents, returned inline as base64 with their size and SHA-256, for an API
// key's organization (invoices and quotes by their organization, fund agreements by the
// investor's), every organization for a key bound to none; a missing record and one out of reach
// answer the same NOT_FOUND. The PDFs read back (unpdf) as the REST route's PDF of the same
// record does. downloadFundInvestorCapitalStatementPdf has its own tests (capital-statement.test.ts).
import { createHash, randomUUID } from 'node:crypto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { extractImages, getDocumentProxy } from 'unpdf';
import { createSessionService } from '../../src/domain/identity/session-service.ts';
import { createSessionStore } from '../../src/stores/session-store.ts';
import { pdfText } from '../support/pdf-text.ts';
import { startBusinessApi } from '../support/business-api-client.ts';
import type { TestApiKey } from '../support/test-api-keys.ts';
import { aurora, meridian, scopeCallers } from './support/scope-callers.ts';

const api = await startBusinessApi({ seed: 'demo' });
const keys = await api.keys(scopeCallers('documents'));
const { service } = api;

test.after(() => api.close());

const documentFields = 'fileName contentType byteSize sha256 contentBase64 generatedAt';
const mutations = {
  downloadInvoicePdf: `mutation ($input: DownloadInvoicePdfInput!) {
    downloadInvoicePdf(input: $input) { success errors { code message field } document { ${documentFields} } } }`,
  downloadQuotePdf: `mutation ($input: DownloadQuotePdfInput!) {
    downloadQuotePdf(input: $input) { success errors { code message field } document { ${documentFields} } } }`,
  generateFundUserAgreementPdf: `mutation ($input: GenerateFundUserAgreementPdfInput!) {
    generateFundUserAgreementPdf(input: $input) { success errors { code message field } document { ${documentFields} } } }`,
  downloadFundInvestorCapitalStatementPdf: `mutation ($input: DownloadFundInvestorCapitalStatementPdfInput!) {
    downloadFundInvestorCapitalStatementPdf(input: $input) { success errors { code message field } document { ${documentFields} } } }`,
} as const;
type Field = keyof typeof mutations;

const inputs: Record<Field, Record<string, unknown>> = {
  downloadInvoicePdf: { invoiceId: 5 },
  downloadQuotePdf: { quoteDocumentId: 4 },
  generateFundUserAgreementPdf: { fundId: 1, investorUserId: 'demo-erin' },
  downloadFundInvestorCapitalStatementPdf: {
    fundId: 1,
    investorUserId: 'demo-erin',
    periodStart: '2025-10-01',
    periodEnd: '2025-12-31',
  },
};

/** The payload of a document mutation, asserting HTTP 200 and no GraphQL error. */
async function run(key: TestApiKey, field: Field, input: Record<string, unknown>) {
  const { status, body } = await api.graphql(mutations[field], { input }, { key });
  assert.is(status, 200, JSON.stringify(body));
  assert.is(body.errors, undefined, JSON.stringify(body.errors));
  return body.data[field];
}

/** The GraphQL errors of a refused call, as `CODE: message`, with the status and data. */
async function refusal(key: TestApiKey | null, field: Field, input: Record<string, unknown>) {
  const { status, body } = await api.graphql(mutations[field], { input }, { key });
  return { status, data: body.data, errors: body.errors.map((e: any) => `${e.extensions.code}: ${e.message}`) };
}

/** A payload's document, checked against its own bytes and the time it was asked for; its bytes. */
async function pdfOf(payload: any, fileName: string, asked: { before: string; after: string }): Promise<Buffer> {
  assert.equal([payload.success, payload.errors], [true, []]);
  const { document } = payload;
  const bytes = Buffer.from(document.contentBase64, 'base64');
  assert.is(bytes.toString('base64'), document.contentBase64, 'standard base64 with padding');
  assert.equal(document, {
    fileName,
    contentType: 'application/pdf',
    byteSize: bytes.byteLength,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    contentBase64: document.contentBase64,
    generatedAt: document.generatedAt,
  });
  assert.is(bytes.subarray(0, 5).toString('latin1'), '%PDF-');
  assert.ok(asked.before <= document.generatedAt && document.generatedAt <= asked.after, document.generatedAt);
  return bytes;
}

/** Runs the mutation, noting the time around it for `generatedAt`. */
async function rendered(key: TestApiKey, field: Field, input: Record<string, unknown>, fileName: string) {
  const before = new Date().toISOString();
  const payload = await run(key, field, input);
  return pdfOf(payload, fileName, { before, after: new Date().toISOString() });
}

/** A REST document route's PDF. */
async function restPdf(pathname: string, headers: Record<string, string>): Promise<Buffer> {
  const response = await fetch(`${service.url}${pathname}`, { headers });
  assert.is(response.status, 200, pathname);
  return Buffer.from(await response.arrayBuffer());
}

/** PDF text with the printed dates (issue dates are "today") replaced, whitespace collapsed. */
async function textOf(pdf: Buffer): Promise<string> {
  return (await pdfText(pdf)).replace(/\d{1,2} [A-Z][a-z]+ \d{4}/g, 'DATE').replace(/\s+/g, ' ');
}

const notFound = (field: string, message: string) => ({
  success: false,
  errors: [{ code: 'NOT_FOUND', message, field: [field] }],
  document: null,
});
const invalid = (field: string, message: string) => ({
  success: false,
  errors: [{ code: 'VALIDATION_FAILED', message, field: [field] }],
  document: null,
});

test('partner keys, keys without the documents scope and requests without a key are refused before anything runs', async () => {
  for (const field of Object.keys(mutations) as Field[]) {
    assert.equal(
      await refusal(keys.partner, field, inputs[field]),
      { status: 200, data: null, errors: ['FORBIDDEN: partner API keys cannot use the business GraphQL API'] },
      field,
    );
    assert.equal(
      await refusal(keys.auroraWithoutScope, field, inputs[field]),
      {
        status: 200,
        data: null,
        errors: [`FORBIDDEN: this API key lacks the 'documents' scope, which ${field} needs`],
      },
      field,
    );
    assert.equal(
      await refusal(null, field, inputs[field]),
      { status: 401, data: undefined, errors: ['UNAUTHENTICATED: authentication required: send an X-API-Key header'] },
      field,
    );
  }
});

test('a key bound to the invoice’s organization gets the invoice PDF, the REST route’s document', async () => {
  // Demo invoice 5 (docs/demo-data.md): INV-2025-0060, Meridian, addressed to Judy.
  const pdf = await rendered(keys.meridian, 'downloadInvoicePdf', { invoiceId: 5 }, 'invoice-INV-2025-0060.pdf');
  const text = await textOf(pdf);
  for (const expected of ['INV-2025-0060', 'Meridian Digital Assets Ltd', 'Judy Chen', '5,928.00'])
    assert.ok(text.includes(expected), expected);
  assert.is(text, await textOf(await restPdf('/invoices/5?format=pdf', { 'x-api-key': api.adminKey })));
});

test('an admin key bound to no organization gets any organization’s invoice and quote', async () => {
  const invoice = await rendered(keys.admin, 'downloadInvoicePdf', { invoiceId: 1 }, 'invoice-INV-2025-0041.pdf');
  assert.ok((await textOf(invoice)).includes('Aurora Family Office AG'));
  const quote = await rendered(keys.admin, 'downloadQuotePdf', { quoteDocumentId: 4 }, 'quote-Q-2026-0002.pdf');
  assert.ok((await textOf(quote)).includes('Meridian Digital Assets Ltd'));
});

test('a key bound to the quote’s organization gets the quote PDF, the REST route’s document', async () => {
  // Demo sales quote 4: Q-2026-0002 for Judy at Meridian.
  const pdf = await rendered(keys.meridian, 'downloadQuotePdf', { quoteDocumentId: 4 }, 'quote-Q-2026-0002.pdf');
  const text = await textOf(pdf);
  for (const expected of ['Q-2026-0002', 'Meridian Digital Assets Ltd', 'Judy Chen', '20,280.00'])
    assert.ok(text.includes(expected), expected);
  assert.is(text, await textOf(await restPdf('/quotes/4?format=pdf', { 'x-api-key': api.adminKey })));
});

test('another organization’s invoice or quote answers exactly as a missing one', async () => {
  const hiddenInvoice = await run(keys.aurora, 'downloadInvoicePdf', { invoiceId: 5 });
  assert.equal(hiddenInvoice, notFound('invoiceId', 'no invoice 5'));
  const missingInvoice = await run(keys.aurora, 'downloadInvoicePdf', { invoiceId: 999_999 });
  assert.equal(missingInvoice, notFound('invoiceId', 'no invoice 999999'));
  assert.equal(
    await run(keys.northbridge, 'downloadQuotePdf', { quoteDocumentId: 4 }),
    notFound('quoteDocumentId', 'no quote document 4'),
  );
  assert.equal(
    await run(keys.admin, 'downloadQuotePdf', { quoteDocumentId: 777 }),
    notFound('quoteDocumentId', 'no quote document 777'),
  );
});

test('ids below 1 are VALIDATION_FAILED naming the field', async () => {
  assert.equal(
    await run(keys.admin, 'downloadInvoicePdf', { invoiceId: 0 }),
    invalid('invoiceId', 'invoiceId must be an invoice id: a whole number from 1'),
  );
  assert.equal(
    await run(keys.admin, 'downloadQuotePdf', { quoteDocumentId: -3 }),
    invalid('quoteDocumentId', 'quoteDocumentId must be a quote document id: a whole number from 1'),
  );
  assert.equal(
    await run(keys.admin, 'generateFundUserAgreementPdf', { fundId: 0, investorUserId: 'demo-erin' }),
    invalid('fundId', 'fundId must be a fund id: a whole number from 1'),
  );
  for (const investorUserId of ['', 'u'.repeat(256)])
    assert.equal(
      await run(keys.admin, 'generateFundUserAgreementPdf', { fundId: 1, investorUserId }),
      invalid('investorUserId', 'investorUserId must be a user id of 1 to 255 characters'),
    );
});

async function sessionCookie(userId: string): Promise<Record<string, string>> {
  const sessions = createSessionService({ store: createSessionStore(service.db) });
  return { cookie: `platform_session=${(await sessions.create(userId, 3600)).cookieSecret}` };
}

test('the investor’s organization gets her fund agreement: with a cover page the REST route’s document for her', async () => {
  const input = { fundId: 1, investorUserId: 'demo-erin', includeCoverPage: true };
  const fileName = 'fund-user-agreement-FUA-0001-DEMO-ERIN.pdf';
  const text = await textOf(await rendered(keys.aurora, 'generateFundUserAgreementPdf', input, fileName));
  for (const expected of ['Northbridge Digital Asset Fund I', 'Erin Fischer', 'Aurora Family Office AG', '250,000.00'])
    assert.ok(text.includes(expected), expected);
  assert.is(text, await textOf(await restPdf('/funds/1/user-agreement?format=pdf', await sessionCookie('demo-erin'))));
});

test('without includeCoverPage (default false) the agreement has no cover page', async () => {
  const fileName = 'fund-user-agreement-FUA-0001-DEMO-ERIN.pdf';
  const input = { fundId: 1, investorUserId: 'demo-erin' };
  const plain = await rendered(keys.aurora, 'generateFundUserAgreementPdf', input, fileName);
  const covered = await rendered(
    keys.aurora,
    'generateFundUserAgreementPdf',
    { ...input, includeCoverPage: true },
    fileName,
  );
  const pages = async (pdf: Buffer) => (await getDocumentProxy(new Uint8Array(pdf))).numPages;
  assert.is(await pages(covered), (await pages(plain)) + 1);
  const cover = 'for Erin Fischer, Aurora Family Office AG';
  assert.equal([(await textOf(plain)).includes(cover), (await textOf(covered)).includes(cover)], [false, true]);
});

test('fund agreements: an investor outside the key’s organization is NOT_FOUND like an unknown one; a fund she never subscribed to too', async () => {
  const agreement = (key: TestApiKey, fundId: number, investorUserId: string) =>
    run(key, 'generateFundUserAgreementPdf', { fundId, investorUserId });
  const noErin = notFound('investorUserId', 'no investor demo-erin');
  assert.equal(await agreement(keys.meridian, 1, 'demo-erin'), noErin);
  assert.equal(await agreement(keys.northbridge, 1, 'demo-erin'), noErin);
  assert.equal(
    await agreement(keys.meridian, 1, 'nobody-at-all'),
    notFound('investorUserId', 'no investor nobody-at-all'),
  );
  // Heidi subscribed to funds 1 and 2 only (src/db/seed/demo-funds.ts).
  assert.equal(
    await agreement(keys.meridian, 3, 'demo-heidi'),
    notFound('fundId', 'no fund 3 for investor demo-heidi'),
  );
  assert.equal(
    await agreement(keys.admin, 999, 'demo-heidi'),
    notFound('fundId', 'no fund 999 for investor demo-heidi'),
  );
  // A key bound to none, like an administrator on REST, sees every fund for every investor.
  const pdf = await rendered(
    keys.admin,
    'generateFundUserAgreementPdf',
    { fundId: 3, investorUserId: 'demo-heidi' },
    'fund-user-agreement-FUA-0003-DEMO-HEIDI.pdf',
  );
  const text = await textOf(pdf);
  for (const expected of [
    'Northbridge Bitcoin Opportunities Fund 2021',
    'Heidi Brennan',
    'Meridian Digital Assets Ltd',
  ])
    assert.ok(text.includes(expected), expected);
});

// A 1×1 PNG, and a PNG signature followed by more than 1 MiB of padding (sniffed as PNG, too large).
const onePixelPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

async function upload(bytes: Buffer, name: string, type: string, organizationId: string): Promise<string> {
  const form = new FormData();
  form.append('organizationId', organizationId);
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const response = await fetch(`${service.url}/documents/upload`, {
    method: 'POST',
    headers: { 'x-api-key': api.adminKey },
    body: form,
  });
  const body = (await response.json()) as { files: { id: string }[] };
  assert.is(response.status, 200, JSON.stringify(body));
  return body.files[0]!.id;
}

test('a signature image uploaded for the organization is printed on the agreement', async () => {
  const signatureFileId = await upload(onePixelPng, 'signature.png', 'image/png', aurora);
  const input = { fundId: 1, investorUserId: 'demo-erin', signatureFileId };
  const fileName = 'fund-user-agreement-FUA-0001-DEMO-ERIN.pdf';
  const signed = await rendered(keys.aurora, 'generateFundUserAgreementPdf', input, fileName);
  const unsigned = await rendered(
    keys.aurora,
    'generateFundUserAgreementPdf',
    { ...input, signatureFileId: null },
    fileName,
  );
  const images = async (pdf: Buffer) => {
    const document = await getDocumentProxy(new Uint8Array(pdf));
    const found = [];
    for (let page = 1; page <= document.numPages; page++)
      for (const image of await extractImages(document, page))
        found.push(`page ${page}: ${image.width}x${image.height}`);
    return found;
  };
  assert.equal(await images(unsigned), []);
  const pageCount = (await getDocumentProxy(new Uint8Array(signed))).numPages;
  assert.equal(await images(signed), [`page ${pageCount}: 1x1`]);
});

test('a signature file that is not an image, too large, another organization’s, missing or without bytes is refused', async () => {
  const agreement = (signatureFileId: string) =>
    run(keys.aurora, 'generateFundUserAgreementPdf', { fundId: 1, investorUserId: 'demo-erin', signatureFileId });
  const text = await upload(Buffer.from('not an image\n'), 'signature.txt', 'text/plain', aurora);
  assert.equal(
    await agreement(text),
    invalid('signatureFileId', `uploaded file ${text} is text/plain; charset=utf-8, not a PNG or JPEG image`),
  );
  const large = await upload(Buffer.concat([onePixelPng, Buffer.alloc(1_048_577)]), 'large.png', 'image/png', aurora);
  assert.equal(await agreement(large), invalid('signatureFileId', 'the signature image must be at most 1048576 bytes'));
  const meridianPng = await upload(onePixelPng, 'signature.png', 'image/png', meridian);
  assert.equal(await agreement(meridianPng), notFound('signatureFileId', `no uploaded file ${meridianPng}`));
  const unknown = randomUUID();
  assert.equal(await agreement(unknown), notFound('signatureFileId', `no uploaded file ${unknown}`));
  // Demo upload 4: Meridian's JPEG of 912,004 bytes, a row without stored bytes (docs/demo-data.md);
  // the admin key reaches it, and finds nothing to print.
  const [{ id: withoutBytes }] = await api.rows(
    `SELECT id::text FROM file_upload WHERE original_name = 'selfie-heidi-brennan.jpg'`,
  );
  assert.equal(
    await run(keys.admin, 'generateFundUserAgreementPdf', {
      fundId: 1,
      investorUserId: 'demo-heidi',
      signatureFileId: withoutBytes,
    }),
    notFound('signatureFileId', `no uploaded file ${withoutBytes}`),
  );
});

test('with no PDF renderer the payload says SERVICE_UNAVAILABLE', async () => {
  const missingChromium = '/nonexistent/chromium-headless-shell';
  const unavailable = await startBusinessApi({ seed: 'demo', env: { CHROMIUM_PATH: missingChromium } });
  try {
    const meridianKey = (await unavailable.keys(scopeCallers('documents'))).meridian;
    const { status, body } = await unavailable.graphql(
      mutations.downloadInvoicePdf,
      { input: { invoiceId: 5 } },
      { key: meridianKey },
    );
    assert.is(status, 200);
    const payload = body.data.downloadInvoicePdf;
    assert.equal(
      [payload.success, payload.document, payload.errors.map((e: any) => [e.code, e.field])],
      [false, null, [['SERVICE_UNAVAILABLE', null]]],
    );
    assert.match(payload.errors[0].message, `CHROMIUM_PATH=${missingChromium} is not an executable file.`);
  } finally {
    await unavailable.close();
  }
});

test.run();
