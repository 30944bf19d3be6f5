// Upserts beyond what the demo rules exercise (docs/data-layer.md#upserts-on_conflict): an update
// rule with presets (`set`) and a check an upsert can fail, served from permissions.yaml with
// accounting's invoice update rule amended (the real data layer over the same demo database), and
// two concurrent upserts of one key under the real rules.
import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parse, stringify } from 'yaml';
import { databaseSchema } from '../../generated/database/database-schema.ts';
import { compilePermissionsFile } from '../../scripts/codegen/permissions/generate-permissions.ts';
import { createDatabase, type DatabaseAccess } from '../../src/db/create-database.ts';
import { startTestService, type TestService } from '../support/test-service.ts';
import { startVersionServer, replayAdminSecret, type VersionServer } from '../access-review/replay/version-server.ts';
import { asRole, demo, postGraphql } from './data-layer-client.ts';

let service: TestService;
let access: DatabaseAccess;
let amended: VersionServer;

/** permissions.yaml with accounting's invoice update rule presetting internal_notes and checking currency. */
function amendedRules() {
  const source = parse(readFileSync('permissions.yaml', 'utf8'));
  const rule = source.tables.invoice.update.accounting;
  rule.set = { internal_notes: 'touched by an upsert' };
  rule.columns = rule.columns.filter((column: string) => column !== 'internal_notes');
  rule.check = { _and: [rule.check ?? {}, { currency: { _neq: 'XXX' } }] };
  const compiled = compilePermissionsFile({
    yamlText: stringify(source),
    fileName: 'amended.yaml',
    database: databaseSchema,
  });
  return { model: compiled.model, caslRules: compiled.caslRules };
}

const amendedHeaders = {
  'x-data-admin-secret': replayAdminSecret,
  'x-data-role': 'accounting',
  'x-data-user-id': 'demo-trent',
};

const upsert = (number: string, currency: string) =>
  `mutation { insert_invoice_one(object: {invoice_number: "${number}", organization_id: "${demo.aurora}", currency: "${currency}", subtotal: 1, tax_total: 0, total: 1, internal_notes: "given"}, on_conflict: {constraint: invoice_invoice_number_key, update_columns: [currency]}) { invoice_number currency internal_notes } }`;

test.before(async () => {
  service = await startTestService({ SEED: 'demo' });
  access = createDatabase({ url: service.databaseUrl, poolSize: 2 });
  amended = await startVersionServer(access, amendedRules());
});

test.after(async () => {
  await amended?.close();
  await access?.db.destroy();
  await service?.stop();
});

test("the update rule's presets apply on the upsert's update path, the insert values on its insert path", async () => {
  const inserted = await amended.post(upsert('INV-P-0001', 'EUR'), {}, amendedHeaders);
  assert.equal(inserted.body, {
    data: { insert_invoice_one: { invoice_number: 'INV-P-0001', currency: 'EUR', internal_notes: 'given' } },
  });
  const updated = await amended.post(upsert('INV-2026-0001', 'CHF'), {}, amendedHeaders);
  assert.equal(updated.body, {
    data: {
      insert_invoice_one: { invoice_number: 'INV-2026-0001', currency: 'CHF', internal_notes: 'touched by an upsert' },
    },
  });
  const { rows } = await sql<{ invoice_number: string; currency: string; internal_notes: string }>`
    SELECT invoice_number, currency, internal_notes FROM invoice WHERE invoice_number IN ('INV-P-0001', 'INV-2026-0001') ORDER BY invoice_number`.execute(
    service.db,
  );
  assert.equal(rows, [
    { invoice_number: 'INV-2026-0001', currency: 'CHF', internal_notes: 'touched by an upsert' },
    { invoice_number: 'INV-P-0001', currency: 'EUR', internal_notes: 'given' },
  ]);
});

test("a failed update check on the upsert's update path rolls back every root field of the operation", async () => {
  const answer = await amended.post(
    `mutation { first: insert_invoice_one(object: {invoice_number: "INV-P-0002", organization_id: "${demo.aurora}", currency: "EUR", subtotal: 1, tax_total: 0, total: 1}) { id }
      second: ${upsert('INV-2026-0001', 'XXX').slice('mutation { '.length, -2)} }`,
    {},
    amendedHeaders,
  );
  assert.equal(
    answer.body.errors?.map((error) => [error.extensions.code, error.message]),
    [
      [
        'FORBIDDEN',
        "check constraint of an update permission has failed for 'invoice' in 'second'; nothing was written (permission check)",
      ],
    ],
  );
  const { rows } = await sql<{ invoice_number: string; currency: string }>`
    SELECT invoice_number, currency FROM invoice WHERE invoice_number IN ('INV-P-0002', 'INV-2026-0001')`.execute(
    service.db,
  );
  assert.equal(rows, [{ invoice_number: 'INV-2026-0001', currency: 'CHF' }]);
});

test('two concurrent upserts of one new key both succeed and leave one row', async () => {
  const headers = asRole('accounting', { 'x-data-user-id': 'demo-trent' });
  const answers = await Promise.all(
    ['EUR', 'USD'].map((currency) => postGraphql(service, upsert('INV-C-0001', currency), { headers })),
  );
  for (const answer of answers) {
    assert.is(answer.status, 200, answer.text);
    assert.is(answer.body.errors, undefined, answer.text);
    assert.is(answer.body.data?.insert_invoice_one.invoice_number, 'INV-C-0001');
  }
  const currencies = answers.map((answer) => answer.body.data?.insert_invoice_one.currency).sort();
  assert.equal(currencies, ['EUR', 'USD']);
  const { rows } = await sql<{ count: number }>`
    SELECT count(*)::int AS count FROM invoice WHERE invoice_number = 'INV-C-0001'`.execute(service.db);
  assert.equal(rows, [{ count: 1 }]);
});

test.run();
