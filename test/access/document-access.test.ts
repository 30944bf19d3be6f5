// document_access rules of permissions.yaml compiled through CASL to SQL, run against the demo
// data. Expectations are written as plain SQL from the rule text, independent of the
// compiler, for every demo user and every document.
import { sql } from 'kysely';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { documentFilter, isRefusedDocumentKey, type DocumentName } from '../../src/access/document-access.ts';
import type { Principal } from '../../src/access/principal.ts';
import { createDatabase, type Db } from '../../src/db/create-database.ts';
import { seedDemoData } from '../../src/db/seed/demo-seed.ts';
import { demoUsers } from '../../src/db/seed/demo-users.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

let database: TestDatabase;
let db: Db;

test.before(async () => {
  database = await createTestDatabase();
  db = createDatabase({ url: database.url }).db;
  await seedDemoData(db);
});

test.after(async () => {
  await db.destroy();
  await database.drop();
});

function user(userId: string, isAdministrator = false): Principal {
  return {
    kind: 'user',
    userId,
    credential: 'platform-token',
    sessionId: null,
    organizationIds: [],
    fundIds: [],
    isAdministrator,
  };
}

function apiKey(keyKind: 'admin' | 'service' | 'partner'): Principal {
  return { kind: 'api-key', keyId: 'k', keyKind, organizationId: null, scopes: [], ownerUserId: null };
}

const tables: Record<DocumentName, string> = {
  invoice: 'invoice',
  receipt: 'receipt',
  quote: 'quote',
  digital_wallet_sparkline: 'digital_wallet',
  file_upload: 'file_upload',
  fund_user_agreement: 'fund',
  compliance_case_report: 'compliance_case',
  compliance_case_agreement: 'compliance_case',
};

/** What each rule of permissions.yaml says, as hand-written SQL over `d` for user `$1`. */
const expectedSql: Record<DocumentName, string> = {
  invoice: 'd.recipient_user_id = $1',
  receipt:
    'd.recipient_user_id = $1 OR EXISTS (SELECT 1 FROM invoice i WHERE i.id = d.invoice_id AND i.recipient_user_id = $1)',
  quote: 'd.user_id = $1',
  digital_wallet_sparkline: 'd.owner_user_id = $1',
  file_upload: `d.owner_user_id = $1
    OR EXISTS (SELECT 1 FROM compliance_case c WHERE c.id = d.case_id AND c.subject_user_id = $1)
    OR EXISTS (SELECT 1 FROM case_invitation ci WHERE ci.case_id = d.case_id AND ci.user_id = $1)
    OR EXISTS (SELECT 1 FROM fund_subscription s WHERE s.fund_id = d.fund_id AND s.user_id = $1)`,
  fund_user_agreement: 'EXISTS (SELECT 1 FROM fund_subscription s WHERE s.fund_id = d.id AND s.user_id = $1)',
  compliance_case_report: 'false',
  compliance_case_agreement: 'false',
};

async function idsVisibleTo(principal: Principal, document: DocumentName): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`SELECT d.id::text AS id FROM ${sql.table(tables[document])} AS d
    WHERE ${documentFilter(principal, document, 'd')} ORDER BY 1`.execute(db);
  return rows.map((row) => row.id);
}

async function expectedIds(document: DocumentName, userId: string): Promise<string[]> {
  const text = `SELECT d.id::text AS id FROM ${tables[document]} AS d WHERE ${expectedSql[document]} ORDER BY 1`;
  const { rows } = await sql<{
    id: string;
  }>`${sql.raw(text.replaceAll('$1', `'${userId.replaceAll("'", "''")}'`))}`.execute(db);
  return rows.map((row) => row.id);
}

async function allIds(document: DocumentName): Promise<string[]> {
  const { rows } = await sql<{
    id: string;
  }>`SELECT d.id::text AS id FROM ${sql.table(tables[document])} AS d ORDER BY 1`.execute(db);
  return rows.map((row) => row.id);
}

const documents = Object.keys(tables) as DocumentName[];

test('every demo user sees exactly the rows the rules describe, for every document', async () => {
  let nonEmpty = 0;
  for (const document of documents) {
    for (const demo of demoUsers.filter((candidate) => !candidate.isPlatformAdmin)) {
      const expected = await expectedIds(document, demo.id);
      assert.equal(await idsVisibleTo(user(demo.id), document), expected, `${demo.id} on ${document}`);
      if (expected.length > 0) nonEmpty += 1;
    }
  }
  // The demo data must exercise the rules, not only the empty case.
  assert.ok(nonEmpty >= 10, `only ${nonEmpty} user/document pairs had visible rows`);
});

test('administrator rules admit the credentials they name, and only those', async () => {
  for (const document of documents) {
    const all = await allIds(document);
    const adminKey = await idsVisibleTo(apiKey('admin'), document);
    const adminUser = await idsVisibleTo(user('demo-admin', true), document);
    const rules =
      document === 'digital_wallet_sparkline'
        ? 'owner only'
        : document.startsWith('compliance_case')
          ? 'key only'
          : 'both';
    assert.equal(adminKey, rules === 'owner only' ? [] : all, `admin key on ${document}`);
    if (rules === 'both') assert.equal(adminUser, all, `admin user on ${document}`);
    else assert.equal(adminUser, await expectedIds(document, 'demo-admin'), `admin user on ${document}`);
  }
});

test('non-admin API keys and anonymous callers see nothing; non-admin keys are refused outright', async () => {
  for (const document of documents) {
    assert.equal(await idsVisibleTo(apiKey('service'), document), [], document);
    assert.equal(await idsVisibleTo(apiKey('partner'), document), [], document);
    assert.equal(await idsVisibleTo({ kind: 'anonymous' }, document), [], document);
  }
  assert.ok(isRefusedDocumentKey(apiKey('service')));
  assert.ok(isRefusedDocumentKey(apiKey('partner')));
  assert.not.ok(isRefusedDocumentKey(apiKey('admin')));
  assert.not.ok(isRefusedDocumentKey(user('demo-judy')));
});

test('session values are bound as parameters, never spliced into the SQL', async () => {
  const hostile = "x' OR '1'='1";
  const compiled = sql`SELECT 1 FROM invoice AS d WHERE ${documentFilter(user(hostile), 'invoice', 'd')}`.compile(db);
  assert.not.ok(compiled.sql.includes(hostile));
  assert.ok(compiled.parameters.includes(hostile));
  assert.equal(await idsVisibleTo(user(hostile), 'file_upload'), []);
});

test.run();
