// The business API's document records read within an organization scope
// (src/access/documents/organization-document-records.ts; docs/identity.md#organization-scope) on the
// demo data: invoice 1 and quote 1 are Aurora's; Erin (Aurora) subscribed to funds 1 to 3, Heidi
// (Meridian) to funds 1 and 2; uploaded file …05 is an Aurora PNG, …04 a Meridian JPEG. A scope
// bound to one organization reads nothing of another's, exactly as for a missing record; the
// organization's own scope and every organization read the record.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createOrganizationDocumentRecords } from '../../../src/access/documents/organization-document-records.ts';
import { demoUuid } from '../../../src/db/seed/demo-ids.ts';
import { demoDatabase, scopes } from '../support/demo-scopes.ts';

const demo = await demoDatabase();
const records = createOrganizationDocumentRecords(demo.db);

test.after(() => demo.close());

test('an invoice and a quote: the organization’s own scope and every organization, never another organization', async () => {
  assert.is((await records.invoice(scopes.aurora, 1))?.invoiceNumber, 'INV-2025-0041');
  assert.equal(await records.invoice(scopes.every, 1), await records.invoice(scopes.aurora, 1));
  assert.is(await records.invoice(scopes.meridian, 1), null);
  assert.is((await records.quote(scopes.aurora, 1))?.quoteNumber, 'Q-2025-0009');
  assert.equal(await records.quote(scopes.every, 1), await records.quote(scopes.aurora, 1));
  assert.is(await records.quote(scopes.meridian, 1), null);
});

test('an investor is in the scope of her home organization and of every organization', async () => {
  assert.equal(
    [
      await records.investorInScope(scopes.aurora, 'demo-erin'),
      await records.investorInScope(scopes.every, 'demo-erin'),
      await records.investorInScope(scopes.meridian, 'demo-erin'),
      await records.investorInScope(scopes.northbridge, 'demo-erin'),
      await records.investorInScope(scopes.every, 'no-such-user'),
    ],
    [true, true, false, false, false],
  );
});

test('a fund agreement: the investor’s scope for a fund she subscribed to; every organization for any fund', async () => {
  const agreement = await records.fundAgreement(scopes.aurora, 3, 'demo-erin');
  assert.equal([agreement?.id, agreement?.investor?.userId], [3, 'demo-erin']);
  assert.equal(await records.fundAgreement(scopes.every, 3, 'demo-erin'), agreement);
  assert.is(await records.fundAgreement(scopes.meridian, 3, 'demo-erin'), null);
  assert.is(await records.fundAgreement(scopes.northbridge, 3, 'demo-erin'), null);
  assert.is(await records.fundAgreement(scopes.meridian, 3, 'demo-heidi'), null);
  assert.is((await records.fundAgreement(scopes.every, 3, 'demo-heidi'))?.investor?.userId, 'demo-heidi');
});

test('a capital ledger: the investor’s scope and every organization, never another organization', async () => {
  const query = { fundId: 1, investorUserId: 'demo-erin', periodStart: '2025-10-01', periodEnd: '2025-12-31' };
  assert.is((await records.fundCapital(scopes.aurora, query))?.investor.userId, 'demo-erin');
  assert.equal(await records.fundCapital(scopes.every, query), await records.fundCapital(scopes.aurora, query));
  assert.is(await records.fundCapital(scopes.meridian, query), null);
});

test('a signature file: the organization’s own scope and every organization, never another organization', async () => {
  const auroraPng = demoUuid('fileUpload', 5);
  const expected = { storedName: `${auroraPng}.png`, contentType: 'image/png', sizeBytes: 2_210_488 };
  assert.equal(await records.signatureFile(scopes.aurora, auroraPng), expected);
  assert.equal(await records.signatureFile(scopes.every, auroraPng), expected);
  assert.is(await records.signatureFile(scopes.meridian, auroraPng), null);
  assert.is(await records.signatureFile(scopes.aurora, demoUuid('fileUpload', 4)), null);
  assert.is((await records.signatureFile(scopes.meridian, demoUuid('fileUpload', 4)))?.contentType, 'image/jpeg');
});

test.run();
