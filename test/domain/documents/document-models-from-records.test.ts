// The demo rows, read by the scoped readers of src/records/documents and mapped by the document
// service's model builders, must give exactly the view models the template fixtures were
// written from (test/documents/fixtures), so the goldens describe what the routes print.
// Where the schema has no column for a fixture's value, the difference is spelled out.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type DocumentRecords, createDocumentRecords } from '../../../src/records/documents/document-tables.ts';
import type { Principal } from '../../../src/access/principal.ts';
import { demoDocumentIssuer } from '../../../src/config/document-issuer-config.ts';
import { createDatabase, type Db } from '../../../src/db/create-database.ts';
import { seedDemoData } from '../../../src/db/seed/demo-seed.ts';
import { invoiceModel, quoteModel, receiptModel } from '../../../src/domain/documents/billing-models.ts';
import { caseAgreementModel, caseReportModel } from '../../../src/domain/documents/case-models.ts';
import { issuerParty } from '../../../src/domain/documents/document-parties.ts';
import { fundUserAgreementModel, productCatalogModel } from '../../../src/domain/documents/fund-models.ts';
import { caseAgreementFixture } from '../../documents/fixtures/case-agreement.ts';
import { caseReportFixture } from '../../documents/fixtures/case-report.ts';
import { demoPrintedAt } from '../../documents/fixtures/demo-parties.ts';
import { fundUserAgreementFixture } from '../../documents/fixtures/fund-user-agreement.ts';
import { invoiceFixture } from '../../documents/fixtures/invoice.ts';
import { productCatalogFixture } from '../../documents/fixtures/product-catalog.ts';
import { quoteFixture } from '../../documents/fixtures/quote.ts';
import { receiptFixture } from '../../documents/fixtures/receipt.ts';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.ts';

let database: TestDatabase;
let db: Db;
let records: DocumentRecords;

const adminKey: Principal = {
  kind: 'api-key',
  keyId: 'k',
  keyKind: 'admin',
  organizationId: null,
  scopes: [],
  ownerUserId: null,
};
const erin: Principal = {
  kind: 'user',
  userId: 'demo-erin',
  credential: 'session-cookie',
  sessionId: null,
  organizationIds: [],
  fundIds: [1],
  isAdministrator: false,
};
const issuer = issuerParty(demoDocumentIssuer);
const printedAt = new Date(demoPrintedAt);

test.before(async () => {
  database = await createTestDatabase();
  db = createDatabase({ url: database.url }).db;
  await seedDemoData(db);
  records = createDocumentRecords(db);
});

test.after(async () => {
  await db.destroy();
  await database.drop();
});

/** The fixtures pin the default locale explicitly; the routes leave it to the renderer. */
function withoutLocale<T extends { locale?: string }>(fixture: T): Omit<T, 'locale'> {
  const rest: T = { ...fixture };
  delete rest.locale;
  return rest;
}

async function required<T>(record: Promise<T | null>): Promise<T> {
  const value = await record;
  assert.ok(value, 'the demo row is visible to the caller');
  return value as T;
}

test('invoice 1 and sales quote 4: parties, lines with per-line tax, totals', async () => {
  assert.equal(invoiceModel(await required(records.invoice(adminKey, 1)), issuer), withoutLocale(invoiceFixture));
  assert.equal(quoteModel(await required(records.quote(adminKey, 4)), issuer), withoutLocale(quoteFixture));
});

test('receipt 1: the fixture invents a bank reference, which the receipt table does not store', async () => {
  const expected = withoutLocale(receiptFixture);
  assert.equal(receiptModel(await required(records.receipt(adminKey, 1)), issuer), {
    ...expected,
    payment: { ...expected.payment, reference: null },
  });
});

test('the product catalog: active products, open funds', async () => {
  assert.equal(
    productCatalogModel(await records.productCatalog(), issuer, demoPrintedAt),
    withoutLocale(productCatalogFixture),
  );
});

test("fund 1's agreement for Erin: no signature image is stored yet", async () => {
  const model = fundUserAgreementModel(await required(records.fundAgreement(erin, 1)), issuer, demoPrintedAt);
  assert.equal(model, { ...withoutLocale(fundUserAgreementFixture), signature: null });
});

test('case 1: the report with its whole timeline; the agreement without negotiated special terms', async () => {
  const record = await required(records.complianceCase(adminKey, 'compliance_case_report', 1));
  assert.equal(caseReportModel(record, issuer, printedAt), withoutLocale(caseReportFixture));
  assert.equal(caseAgreementModel(record, issuer, printedAt), {
    ...withoutLocale(caseAgreementFixture),
    specialTerms: [],
  });
});

test('the readers apply document_access: a non-recipient user and a service key see nothing', async () => {
  const judy: Principal = { ...erin, userId: 'demo-judy', fundIds: [] };
  const serviceKey: Principal = { ...adminKey, keyKind: 'service' };
  assert.is(await records.invoice(judy, 1), null);
  assert.is(await records.receipt(judy, 1), null);
  assert.is(await records.quote(judy, 1), null);
  assert.is(await records.fundAgreement(judy, 1), null);
  assert.is(await records.complianceCase(serviceKey, 'compliance_case_report', 1), null);
  assert.is((await records.invoice(judy, 5))?.invoiceNumber, 'INV-2025-0060');
});

test.run();
