// `access diff` over document_access (docs/access-review.md#documents): edits of the real
// permissions.yaml's document rules, compiled by codegen's compiler, get their verdicts (rewrites
// that keep who reads what are not listed or equivalent), and every witness is replayed both on
// the rules in TypeScript and in PostgreSQL through the path the document routes take
// (src/access/document-access.ts: the version's CASL read rules with the session put in, folded by
// CASL and compiled by conditionToSql), on the witness's rows in empty copies of their tables.
import { CompiledQuery, sql } from 'kysely';
import { parseDocument } from 'yaml';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { databaseSchema } from '../../generated/database/database-schema.ts';
import { conditionToSql } from '../../src/access/condition-to-sql.ts';
import type { BoolExp, PermissionModel } from '../../src/access/permission-model.ts';
import { abilityCondition, createRuleAbility } from '../../src/access/rule-ability.ts';
import type { DocumentDiff } from '../../src/access-review/diff/diff-documents.ts';
import { diffPermissions } from '../../src/access-review/diff/diff-permissions.ts';
import { evaluateFilter } from '../../src/access-review/diff/evaluate-filter.ts';
import { witnessWorld, type Witness } from '../../src/access-review/diff/find-counterexample.ts';
import { createDatabase, type Db } from '../../src/db/create-database.ts';
import type { CompiledPermissions } from '../../scripts/codegen/permissions/compile-permissions.ts';
import { compilePermissionsFile } from '../../scripts/codegen/permissions/compile-permissions-file.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';
import { baseYaml } from './corpus/judge-corpus.ts';

const compile = (yamlText: string): CompiledPermissions =>
  compilePermissionsFile({ yamlText, fileName: 'permissions.yaml', database: databaseSchema });
const base = compile(baseYaml);

/** permissions.yaml with `document_access.<document>` set to `value` (null removes it). */
function edited(document: string, value: unknown): CompiledPermissions {
  const yaml = parseDocument(baseYaml);
  if (value === null) yaml.deleteIn(['document_access', document]);
  else yaml.setIn(['document_access', document], yaml.createNode(value));
  return compile(yaml.toString());
}

const rulesOf = (document: string) =>
  (parseDocument(baseYaml).toJS() as { document_access: Record<string, { rules: unknown[] }> }).document_access[
    document
  ] as { table: string; description: string; rules: Record<string, unknown>[] };

const receipt = rulesOf('receipt');
const fileUpload = rulesOf('file_upload');
const invoice = rulesOf('invoice');
const quote = rulesOf('quote');
const recipient = { recipient_user_id: { _eq: 'X-Data-User-Id' } };
const administrator = { name: 'administrator', administrator: true };

interface Case {
  readonly name: string;
  readonly document: string;
  readonly value: unknown;
  /** The document's verdict; null: the edit changes nothing the diff compares, so it is not listed. */
  readonly verdict: DocumentDiff['verdict'] | null;
  readonly administrators?: DocumentDiff['administrators'];
}

const cases: readonly Case[] = [
  {
    name: 'two filter rules merged into one _or',
    document: 'receipt',
    value: {
      ...receipt,
      rules: [
        { name: 'either', filter: { _or: [recipient, { invoice: recipient }] } },
        { name: 'administrator', administrator: true },
      ],
    },
    verdict: null,
  },
  {
    name: 'a rule renamed',
    document: 'invoice',
    value: { ...invoice, rules: [{ name: 'addressee', filter: recipient }, administrator] },
    verdict: null,
  },
  {
    name: 'filter rules reordered',
    document: 'file_upload',
    value: { ...fileUpload, rules: [...fileUpload.rules].reverse() },
    verdict: 'equivalent',
  },
  {
    name: 'a filter as a double negation',
    document: 'invoice',
    value: { ...invoice, rules: [{ name: 'recipient', filter: { _not: { _not: recipient } } }, administrator] },
    verdict: 'equivalent',
  },
  {
    name: 'a filter rule added',
    document: 'invoice',
    value: {
      ...invoice,
      rules: [
        ...invoice.rules,
        { name: 'organization', filter: { organization_id: { _eq: 'X-Data-Organization-Id' } } },
      ],
    },
    verdict: 'more-permissive',
  },
  {
    name: 'a filter rule removed',
    document: 'receipt',
    value: { ...receipt, rules: receipt.rules.filter((rule) => rule.name !== 'invoice_recipient') },
    verdict: 'less-permissive',
  },
  {
    name: 'a filter replaced',
    document: 'quote',
    value: {
      ...quote,
      rules: [{ name: 'org', filter: { organization_id: { _eq: 'X-Data-Organization-Id' } } }, administrator],
    },
    verdict: 'incomparable',
  },
  {
    name: 'administrators added',
    document: 'digital_wallet_sparkline',
    value: {
      ...rulesOf('digital_wallet_sparkline'),
      rules: [...rulesOf('digital_wallet_sparkline').rules, administrator],
    },
    verdict: 'more-permissive',
    administrators: { gained: ['admin_api_key', 'admin_user'], lost: [] },
  },
  {
    name: 'an administrator rule narrowed to admin users',
    document: 'invoice',
    value: { ...invoice, rules: [invoice.rules[0], { ...administrator, credentials: ['admin_user'] }] },
    verdict: 'less-permissive',
    administrators: { gained: [], lost: ['admin_api_key'] },
  },
  {
    name: 'a filter widened and administrators dropped',
    document: 'quote',
    value: {
      ...quote,
      rules: [
        { name: 'quote_user', filter: { _or: [{ user_id: { _eq: 'X-Data-User-Id' } }, { status: { _eq: 'sent' } }] } },
      ],
    },
    verdict: 'incomparable',
    administrators: { gained: [], lost: ['admin_api_key', 'admin_user'] },
  },
  { name: 'a document removed', document: 'quote', value: null, verdict: 'less-permissive' },
  { name: 'a document added', document: 'invoice_copy', value: invoice, verdict: 'more-permissive' },
  {
    name: 'a document reading another table',
    document: 'invoice',
    value: { ...invoice, table: 'receipt', rules: [{ name: 'recipient', filter: recipient }, administrator] },
    verdict: 'incomparable',
  },
];

let database: TestDatabase;
let db: Db;

test.before(async () => {
  database = await createTestDatabase();
  db = createDatabase({ url: database.url, poolSize: 1 }).db;
});

test.after(async () => {
  await db?.destroy();
  await database?.drop();
});

const unionOf = (model: PermissionModel, document: string): BoolExp => ({
  type: 'or',
  operands: (model.documentAccess[document]?.rules ?? []).flatMap((rule) =>
    rule.kind === 'filter' ? [rule.filter] : [],
  ),
});

/** Whether the version's document rules admit the witness's row, as document-access.ts compiles them, in PostgreSQL. */
async function admitsInSql(compiled: CompiledPermissions, document: string, table: string, witness: Witness) {
  const session = Object.fromEntries(Object.entries(witness.session));
  const condition = abilityCondition(
    createRuleAbility(compiled.documentCaslRules[document] ?? [], session),
    'read',
    table,
  );
  return db.connection().execute(async (connection) => {
    await connection.executeQuery(CompiledQuery.raw('BEGIN'));
    try {
      const rows = [{ table, row: witness.row }, ...witness.related];
      for (const name of new Set(rows.map((row) => row.table)))
        await connection.executeQuery(
          CompiledQuery.raw(
            `CREATE TEMP TABLE "${name}" ON COMMIT DROP AS SELECT * FROM public."${name}" WITH NO DATA`,
          ),
        );
      for (const { table: name, row } of rows) {
        const columns = Object.keys(row);
        await connection.executeQuery(
          CompiledQuery.raw(
            columns.length === 0
              ? `INSERT INTO pg_temp."${name}" DEFAULT VALUES`
              : `INSERT INTO pg_temp."${name}" (${columns.map((column) => `"${column}"`).join(', ')}) VALUES (${columns.map((_, index) => `$${index + 1}`).join(', ')})`,
            Object.values(row),
          ),
        );
      }
      if (!condition) return false;
      const where = conditionToSql(condition, table, 't0', compiled.model.tables);
      const query = sql<{
        admitted: boolean;
      }>`SELECT bool_or((${where}) IS TRUE) AS "admitted" FROM ${sql.table(table)} AS "t0"`.compile(db);
      const result = await connection.executeQuery<{ admitted: boolean }>(query);
      return result.rows[0]?.admitted === true;
    } finally {
      await connection.executeQuery(CompiledQuery.raw('ROLLBACK'));
    }
  });
}

test("document rule edits get their verdicts; every witness holds in TypeScript and through the document routes' SQL", async () => {
  let replayed = 0;
  for (const entry of cases) {
    const after = edited(entry.document, entry.value);
    const { documents, rules } = diffPermissions(base.model, after.model);
    assert.equal(rules, [], entry.name);
    assert.equal(
      documents.map((found) => [found.document, found.verdict]),
      entry.verdict === null ? [] : [[entry.document, entry.verdict]],
      entry.name,
    );
    const found = documents[0];
    if (!found) continue;
    if (entry.administrators !== undefined) assert.equal(found.administrators, entry.administrators, entry.name);
    for (const [witness, admits, refuses] of [
      [found.filter?.widening, after, base],
      [found.filter?.narrowing, base, after],
    ] as const) {
      if (!witness) continue;
      const table = (admits.model.documentAccess[entry.document] ?? refuses.model.documentAccess[entry.document])
        ?.table as string;
      const world = witnessWorld(table, witness);
      const truth = (side: CompiledPermissions) =>
        evaluateFilter(side.model, table, unionOf(side.model, entry.document), witness.row, world);
      assert.equal([truth(admits), truth(refuses) === 'true'], ['true', false], entry.name);
      assert.equal(
        [
          await admitsInSql(admits, entry.document, table, witness),
          await admitsInSql(refuses, entry.document, table, witness),
        ],
        [true, false],
        `${entry.name} ${JSON.stringify(witness)}`,
      );
      replayed += 1;
    }
  }
  assert.is(replayed, 7);
});

test.run();
