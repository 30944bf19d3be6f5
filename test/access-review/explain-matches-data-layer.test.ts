// `access explain` agrees with the running data layer (docs/access-review.md#how-it-is-tested):
// for every role (admin included) × table × column of permissions.yaml, explain's answer to "may
// the role select this column" is whether the column is a field of the table's type in the
// role's schema, introspected over HTTP (and in generated/data-layer/<role>.graphql); and for
// demo sessions, the rows the explained SQL selects are exactly the rows the data layer returns
// for that session.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildSchema, isObjectType } from 'graphql';
import { CompiledQuery } from 'kysely';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { permissionModel } from '../../generated/permissions/compiled-permissions.ts';
import type { RuleSqlParameter } from '../../src/records/data-layer-sql/rule-sql-text.ts';
import { parseSessionValue } from '../../src/access/parse-session-value.ts';
import type { PermissionModel } from '../../src/access/permission-model.ts';
import { explainAccess } from '../../src/access-review/explain-access.ts';
import { adminRole, reviewRoles } from '../../src/access-review/table-access.ts';
import { asRole, dataOf, demo, postGraphql } from '../data-layer/data-layer-client.ts';
import { startTestService, type TestService } from '../support/test-service.ts';

const model: PermissionModel = permissionModel;
const repo = path.resolve(import.meta.dirname, '../..');

let service: TestService;

test.before(async () => {
  service = await startTestService({ SEED: 'demo' });
});

test.after(async () => {
  await service?.stop();
});

/** Every column of every tracked table, the secret ones included (explain must say no to those). */
function everyColumn(table: string): string[] {
  const tableModel = model.tables[table];
  return [...(tableModel?.columns.map((column) => column.name) ?? []), ...(model.secretColumns[table] ?? [])];
}

/** table → the field names of its object type in the role's schema, introspected over HTTP. */
async function servedFields(role: string): Promise<Map<string, Set<string>>> {
  const headers = role === adminRole ? asRole(null) : asRole(role);
  const data = dataOf(await postGraphql(service, '{ __schema { types { name kind fields { name } } } }', { headers }));
  const fields = new Map<string, Set<string>>();
  for (const type of data.__schema.types as { name: string; kind: string; fields: { name: string }[] | null }[]) {
    if (type.kind === 'OBJECT' && type.name in model.tables)
      fields.set(type.name, new Set((type.fields ?? []).map((field) => field.name)));
  }
  return fields;
}

/** The same from the committed SDL, generated/data-layer/<role>.graphql. */
function committedFields(role: string): Map<string, Set<string>> {
  const schema = buildSchema(readFileSync(path.join(repo, 'generated/data-layer', `${role}.graphql`), 'utf8'));
  const fields = new Map<string, Set<string>>();
  for (const table of Object.keys(model.tables)) {
    const type = schema.getType(table);
    if (isObjectType(type)) fields.set(table, new Set(Object.keys(type.getFields())));
  }
  return fields;
}

test('explain says a role may select a column exactly when the column is in the role schema the data layer serves', async () => {
  let asked = 0;
  let allowed = 0;
  for (const role of reviewRoles(model)) {
    const served = await servedFields(role);
    assert.equal(committedFields(role), served, `${role}: the committed SDL is the schema served`);
    for (const table of Object.keys(model.tables)) {
      for (const column of everyColumn(table)) {
        const explained = explainAccess({ role, table, column });
        const inSchema = served.get(table)?.has(column) ?? false;
        assert.is(explained.allowed, inSchema, `${role} ${table}.${column}: explain ${explained.summary}`);
        asked += 1;
        if (inSchema) allowed += 1;
      }
    }
  }
  const columns = Object.keys(model.tables).reduce((sum, table) => sum + everyColumn(table).length, 0);
  assert.is(asked, reviewRoles(model).length * columns);
  // Neither answer is vacuous: many columns are readable, many are not.
  assert.ok(allowed > 1000 && asked - allowed > 4000, `${allowed} of ${asked} readable`);
});

/** Demo sessions, each carrying every variable (the data layer ignores those a rule does not use). */
const sessions = [
  { 'x-data-user-id': 'demo-alice', 'x-data-organization-id': demo.aurora, 'x-data-allowed-funds': '{1,2}' },
  { 'x-data-user-id': 'demo-erin', 'x-data-organization-id': demo.aurora, 'x-data-allowed-funds': '{1,2,3}' },
  { 'x-data-user-id': 'demo-grace', 'x-data-organization-id': demo.meridian, 'x-data-allowed-funds': '{2}' },
  { 'x-data-user-id': 'demo-heidi', 'x-data-organization-id': demo.meridian, 'x-data-allowed-funds': '{1,2,3}' },
  { 'x-data-user-id': 'demo-judy', 'x-data-organization-id': demo.meridian, 'x-data-allowed-funds': '{}' },
  { 'x-data-user-id': 'demo-olivia', 'x-data-organization-id': demo.northbridge, 'x-data-allowed-funds': '{3}' },
  { 'x-data-user-id': 'demo-kim', 'x-data-organization-id': demo.meridian, 'x-data-allowed-funds': '{}' },
] as const;

type Session = (typeof sessions)[number];

function bind(parameters: readonly RuleSqlParameter[], session: Session): unknown[] {
  return parameters.map((parameter) => {
    if (parameter.kind === 'constant') return parameter.value;
    const type = model.sessionVariables[parameter.name]?.type;
    if (!type) throw new Error(`undeclared session variable ${parameter.name}`);
    return parseSessionValue(type, session[parameter.name as keyof Session]);
  });
}

const keyOf = (values: readonly unknown[]) => JSON.stringify(values.map((value) => String(value)));

/** The primary keys of the rows the explained statement selects, as the data layer's JSON spells them. */
async function explainedRows(role: string, table: string, session: Session): Promise<string[]> {
  const rows = explainAccess({ role, table }).rows;
  if (!rows) throw new Error(`${role} may not select ${table}`);
  const key = model.tables[table]?.primaryKey ?? [];
  // to_json(...) #>> '{}' is PostgreSQL's JSON text of the value, as json_build_object writes it.
  const columns = key.map((column, index) => `to_json("explained"."${column}") #>> '{}' AS "k${index}"`).join(', ');
  const query = CompiledQuery.raw(
    `SELECT ${columns} FROM (${rows.sql.statement}) AS "explained"`,
    bind(rows.sql.parameters, session),
  );
  const result = await service.db.executeQuery<Record<string, string>>(query);
  return result.rows.map((row) => keyOf(key.map((_, index) => row[`k${index}`]))).sort();
}

/** The primary keys of every table the role may select, as the data layer returns them for the session. */
async function servedRows(role: string, tables: readonly string[], session: Session): Promise<Map<string, string[]>> {
  const fields = tables.map((table) => `${table} { ${(model.tables[table]?.primaryKey ?? []).join(' ')} }`);
  const headers = role === adminRole ? asRole(null) : asRole(role, { ...session });
  const data = dataOf(await postGraphql(service, `{ ${fields.join(' ')} }`, { headers }));
  const rows = new Map<string, string[]>();
  for (const table of tables) {
    const key = model.tables[table]?.primaryKey ?? [];
    const list = data[table] as Record<string, unknown>[];
    rows.set(table, list.map((row) => keyOf(key.map((column) => row[column]))).sort());
  }
  return rows;
}

test('for demo sessions, the explained SQL selects exactly the rows the data layer returns', async () => {
  let compared = 0;
  let nonEmpty = 0;
  let partial = 0;
  for (const role of reviewRoles(model)) {
    const tables = Object.keys(model.tables).filter((table) => explainAccess({ role, table }).allowed);
    for (const session of role === adminRole ? sessions.slice(0, 1) : sessions) {
      const served = await servedRows(role, tables, session);
      for (const table of tables) {
        const expected = await explainedRows(role, table, session);
        const limit = explainAccess({ role, table }).limit;
        const got = served.get(table) ?? [];
        if (limit !== null && expected.length > limit) {
          // The rule's limit caps the list: the data layer returns `limit` of the explained rows.
          assert.is(got.length, limit, `${role} ${table}`);
          assert.ok(
            got.every((row) => expected.includes(row)),
            `${role} ${table}: rows outside the explained filter`,
          );
        } else {
          assert.equal(got, expected, `${role} ${table} ${JSON.stringify(session)}`);
        }
        compared += 1;
        if (expected.length > 0) nonEmpty += 1;
        const everything = await service.db.executeQuery<{ count: string }>(
          CompiledQuery.raw(`SELECT count(*)::text AS count FROM "${table}"`, []),
        );
        if (expected.length > 0 && expected.length < Number(everything.rows[0]?.count)) partial += 1;
      }
    }
  }
  // The demo data makes the comparison bite: many lists are non-empty and many are proper subsets.
  assert.ok(
    compared >= 900 && nonEmpty >= 700 && partial >= 350,
    `${compared} compared, ${nonEmpty} non-empty, ${partial} partial`,
  );
});

test.run();
