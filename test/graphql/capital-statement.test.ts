// Mutation.downloadFundInvestorCapitalStatementPdf through the real service on the demo data,
// printed by the real Chromium (docs/funds.md#capital-statements,
// docs/documents.md#through-the-business-graphql-api): the statement PDF inline as base64 with its
// size and SHA-256, for an API key bound to the investor's organization (or to none); an investor
// of another organization, an unknown one, a fund she holds no capital in and a missing fund
// answer NOT_FOUND without telling which; a bad period is VALIDATION_FAILED naming its field.
import { createHash } from 'node:crypto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { pdfText } from '../support/pdf-text.ts';
import { startBusinessApi } from '../support/business-api-client.ts';
import type { TestApiKey } from '../support/test-api-keys.ts';
import { scopeCallers } from './support/scope-callers.ts';

const api = await startBusinessApi({ seed: 'demo' });
const keys = await api.keys(scopeCallers('documents'));

test.after(() => api.close());

const mutation = `mutation ($input: DownloadFundInvestorCapitalStatementPdfInput!) {
  downloadFundInvestorCapitalStatementPdf(input: $input) {
    success errors { code message field }
    document { fileName contentType byteSize sha256 contentBase64 generatedAt } } }`;

const q4 = { periodStart: '2025-10-01', periodEnd: '2025-12-31' };

async function run(key: TestApiKey, input: Record<string, unknown>) {
  const { status, body } = await api.graphql(mutation, { input }, { key });
  assert.is(status, 200, JSON.stringify(body));
  assert.is(body.errors, undefined, JSON.stringify(body.errors));
  return body.data.downloadFundInvestorCapitalStatementPdf;
}

/** The statement's PDF, checked against its own bytes; its text with whitespace collapsed. */
async function statementText(key: TestApiKey, input: Record<string, unknown>, fileName: string): Promise<string> {
  const before = new Date().toISOString();
  const payload = await run(key, input);
  const after = new Date().toISOString();
  assert.equal([payload.success, payload.errors], [true, []]);
  const { document } = payload;
  const bytes = Buffer.from(document.contentBase64, 'base64');
  assert.equal(document, {
    fileName,
    contentType: 'application/pdf',
    byteSize: bytes.byteLength,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    contentBase64: bytes.toString('base64'),
    generatedAt: document.generatedAt,
  });
  assert.is(bytes.subarray(0, 5).toString('latin1'), '%PDF-');
  assert.ok(before <= document.generatedAt && document.generatedAt <= after, document.generatedAt);
  return (await pdfText(bytes)).replace(/\s+/g, ' ');
}

/** The text between two markers of a statement, to compare one table whole. */
function between(text: string, from: string, to: string): string {
  const start = text.indexOf(from);
  const end = text.indexOf(to, start);
  assert.ok(start >= 0 && end > start, `${from} … ${to} in ${text}`);
  return text.slice(start, end).trim();
}

const failure = (code: string, field: string, message: string) => ({
  success: false,
  errors: [{ code, message, field: [field] }],
  document: null,
});

test('the investor’s organization gets her Q4 2025 statement: the demo register’s figures on a NAV basis', async () => {
  const text = await statementText(
    keys.aurora,
    { fundId: 1, investorUserId: 'demo-erin', ...q4 },
    'capital-statement-CS-0001-DEMO-ERIN-2025Q4.pdf',
  );
  for (const expected of ['CS-0001-DEMO-ERIN-2025Q4', 'Erin Fischer', 'Aurora Family Office AG'])
    assert.ok(text.includes(expected), expected);
  assert.is(
    between(text, 'Opening balance', 'NAV basis'),
    'Opening balance, 1 October 2025 US$299,611.75 Contributions US$0.00 Redemptions -US$30,000.00 ' +
      'Fees -US$1,048.64 Gains or losses US$11,238.16 Closing balance, 31 December 2025 US$279,801.27',
  );
  assert.is(
    between(text, 'Opening 30', 'Transactions in the period'),
    'Opening 30 September 2025 US$1,198.4470 250.0000 US$299,611.75 ' +
      'Closing 31 December 2025 US$1,243.5612 225.0000 US$279,801.27',
  );
  assert.is(
    between(text, '8 October 2025', 'Amounts in'),
    '8 October 2025 Redemption Redemption no. 1 25.0000 US$1,200.0000 US$30,000.00 ' +
      '31 December 2025 Fee Management fee Q4 2025 — — US$1,048.64',
  );
});

test('a key bound to none gets any investor’s statement; a first period before any NAV prints no opening NAV', async () => {
  const heidi = await statementText(
    keys.admin,
    { fundId: 2, investorUserId: 'demo-heidi', periodStart: '2025-01-01', periodEnd: '2025-12-31' },
    'capital-statement-CS-0002-DEMO-HEIDI-2025.pdf',
  );
  // 150,000.00 dealt at 1,006.25 on 20 June: 149.06832298 units, worth 151,782.04 at 1,018.2045.
  assert.is(
    between(heidi, 'Opening balance', 'NAV basis'),
    'Opening balance, 1 January 2025 US$0.00 Contributions US$150,000.00 Redemptions US$0.00 ' +
      'Fees -US$400.80 Gains or losses US$2,182.84 Closing balance, 31 December 2025 US$151,782.04',
  );
  const erin = await statementText(
    keys.admin,
    { fundId: 1, investorUserId: 'demo-erin', periodStart: '2024-06-15', periodEnd: '2025-03-31' },
    'capital-statement-CS-0001-DEMO-ERIN-20240615-20250331.pdf',
  );
  assert.is(
    between(erin, 'Opening —', 'Transactions in the period'),
    'Opening — — 0.0000 US$0.00 Closing 31 March 2025 US$1,012.3450 250.0000 US$253,086.25',
  );
});

test('another organization’s investor answers exactly as an unknown one; so does the fund administrator', async () => {
  const input = { fundId: 1, investorUserId: 'demo-erin', ...q4 };
  const noErin = failure('NOT_FOUND', 'investorUserId', 'no investor demo-erin');
  assert.equal(await run(keys.meridian, input), noErin);
  assert.equal(await run(keys.northbridge, input), noErin);
  assert.equal(
    await run(keys.meridian, { ...input, investorUserId: 'nobody-at-all' }),
    failure('NOT_FOUND', 'investorUserId', 'no investor nobody-at-all'),
  );
});

test('a fund the investor holds no capital in answers exactly as a missing fund', async () => {
  const none = (fundId: number, investor: string, end: string) =>
    failure('NOT_FOUND', 'fundId', `investor ${investor} holds no capital in fund ${fundId} on or before ${end}`);
  // Heidi's requests into fund 1 are approved, not processed; Erin's into fund 2 pending
  // (src/db/seed/demo-funds.ts); Erin's first dealing in fund 1 is on 17 March 2025.
  assert.equal(
    await run(keys.meridian, { fundId: 1, investorUserId: 'demo-heidi', ...q4 }),
    none(1, 'demo-heidi', '2025-12-31'),
  );
  assert.equal(
    await run(keys.meridian, { fundId: 999, investorUserId: 'demo-heidi', ...q4 }),
    none(999, 'demo-heidi', '2025-12-31'),
  );
  assert.equal(
    await run(keys.aurora, { fundId: 2, investorUserId: 'demo-erin', ...q4 }),
    none(2, 'demo-erin', '2025-12-31'),
  );
  assert.equal(
    await run(keys.admin, {
      fundId: 1,
      investorUserId: 'demo-erin',
      periodStart: '2025-01-01',
      periodEnd: '2025-03-16',
    }),
    none(1, 'demo-erin', '2025-03-16'),
  );
});

test('a period that is not two calendar dates, ends before it starts or ends in the future is VALIDATION_FAILED', async () => {
  const base = { fundId: 1, investorUserId: 'demo-erin' };
  const invalid = (field: string, message: string) => failure('VALIDATION_FAILED', field, message);
  assert.equal(
    await run(keys.aurora, { ...base, periodStart: '2025-02-30', periodEnd: '2025-12-31' }),
    invalid('periodStart', 'periodStart must be a calendar date YYYY-MM-DD, got "2025-02-30"'),
  );
  assert.equal(
    await run(keys.aurora, { ...base, periodStart: '2025-10-01', periodEnd: '31/12/2025' }),
    invalid('periodEnd', 'periodEnd must be a calendar date YYYY-MM-DD, got "31/12/2025"'),
  );
  assert.equal(
    await run(keys.aurora, { ...base, periodStart: '2025-12-31', periodEnd: '2025-10-01' }),
    invalid('periodEnd', 'periodEnd 2025-10-01 must not be before periodStart 2025-12-31'),
  );
  const future = await run(keys.aurora, { ...base, periodStart: '2025-10-01', periodEnd: '2099-12-31' });
  assert.equal(
    [future.success, future.document, future.errors.map((e: any) => [e.code, e.field])],
    [false, null, [['VALIDATION_FAILED', ['periodEnd']]]],
  );
  assert.match(
    future.errors[0].message,
    /^periodEnd 2099-12-31 must not be in the future \(today is \d{4}-\d{2}-\d{2} UTC\)$/,
  );
  const everything = await run(keys.aurora, { fundId: 0, investorUserId: '', periodStart: '', periodEnd: '2025-1-1' });
  assert.equal(everything.errors, [
    { code: 'VALIDATION_FAILED', message: 'fundId must be a fund id: a whole number from 1', field: ['fundId'] },
    {
      code: 'VALIDATION_FAILED',
      message: 'investorUserId must be a user id of 1 to 255 characters',
      field: ['investorUserId'],
    },
    {
      code: 'VALIDATION_FAILED',
      message: 'periodStart must be a calendar date YYYY-MM-DD, got ""',
      field: ['periodStart'],
    },
    {
      code: 'VALIDATION_FAILED',
      message: 'periodEnd must be a calendar date YYYY-MM-DD, got "2025-1-1"',
      field: ['periodEnd'],
    },
  ]);
});

test.run();
