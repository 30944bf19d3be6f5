// The SQL itself, not only the rows (docs/data-layer.md#how-it-is-tested): for every role (and
// admin) and every table it may select, the statement compiled for the canonical query
// `{ <t> { <every permitted column> } }` is compared with
// test/data-layer/golden/<role>/<table>.select.sql, and run against the demo data to prove it
// is valid. Likewise one golden per role × table × mutation action the role has a rule for
// (<table>.insert.sql, .update.sql, .delete.sql: every writable column from a variable,
// returning every readable column; .update-operators.sql: `_inc` and `_append` of every column
// they take), proven valid by EXPLAIN (planned, not run).
// UPDATE_SNAPSHOTS=1 rewrites the goldens (test/support/golden.ts).
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { permissionModel } from '../../generated/permissions/compiled-permissions.ts';
import { CompiledQuery } from 'kysely';
import {
  createDataQueryExecutor,
  type CompiledRootField,
  type DataQueryExecutor,
} from '../../src/records/data-layer-sql/data-query-executor.ts';
import { bindParameters } from '../../src/records/data-layer-sql/parameter-slot.ts';
import type {
  MutationOutput,
  SingleStatementPlan as RootFieldPlan,
} from '../../src/records/data-layer-sql/query-plan.ts';
import { updateOperators } from '../../src/records/data-layer-sql/update-operators.ts';
import { createDatabase, type Db } from '../../src/db/create-database.ts';
import { seedDemoData } from '../../src/db/seed/demo-seed.ts';
import { roleTables, schemaRoles, type RoleTable } from '../../src/data-layer/schema/role-tables.ts';
import { assertMatchesGolden } from '../support/golden.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';
import { demo } from './data-layer-client.ts';
import { formatSql } from './format-sql.ts';

const goldenDir = path.join(import.meta.dirname, 'golden');

let database: TestDatabase;
let db: Db;
let queries: DataQueryExecutor;

test.before(async () => {
  database = await createTestDatabase();
  const access = createDatabase({ url: database.url });
  db = access.db;
  await seedDemoData(db);
  queries = createDataQueryExecutor(access);
});

test.after(async () => {
  await db.destroy();
  await database.drop();
});

const session = {
  'x-data-user-id': 'demo-alice',
  'x-data-organization-id': demo.aurora,
  'x-data-allowed-funds': [1, 2],
};

function canonicalPlan(table: string, columns: readonly string[]): RootFieldPlan {
  return {
    kind: 'select',
    alias: table,
    table,
    arguments: { where: null, orderBy: [], limit: null, offset: null, distinctOn: [] },
    fields: columns.map((column) => ({ kind: 'column', alias: column, column })),
  };
}

function golden(
  role: string,
  table: string,
  columns: readonly string[],
  explained: string,
  operation = `{ ${table} { ${columns.join(' ')} } }`,
): string {
  return `-- role ${role}: ${operation}\n${formatSql(explained.split('\n')[0] as string)}\n${explained.split('\n').slice(1).join('\n')}`;
}

const variables = (columns: readonly string[]) =>
  columns.map((column) => ({ column, value: { kind: 'variable', name: column } as const }));
const returning = (columns: readonly string[]): MutationOutput => ({
  kind: 'response',
  fields: [
    { kind: 'affected_rows', alias: 'affected_rows' },
    {
      kind: 'returning',
      alias: 'returning',
      fields: columns.map((column) => ({ kind: 'column' as const, alias: column, column })),
    },
  ],
});

/**
 * `update-operators`: every numeric column the update rule lets a client give through `_inc`, every
 * jsonb one through `_append` (docs/data-layer.md#update-operators); none when it has neither.
 */
function updateOperatorsPlan(
  table: RoleTable,
  shown: string,
  output: MutationOutput,
): [string, string, RootFieldPlan] | null {
  const columns = table.updateColumns ?? [];
  const inc = columns.filter((column) => updateOperators._inc.appliesTo(column.dataType)).map((column) => column.name);
  const append = columns
    .filter((column) => updateOperators._append.appliesTo(column.dataType))
    .map((column) => column.name);
  if (inc.length + append.length === 0) return null;
  const argument = (name: string, given: readonly string[]) =>
    given.length > 0 ? `, ${name}: { ${given.map((c) => `${c}: $${c}`).join(', ')} }` : '';
  return [
    'update-operators',
    `mutation { update_${table.name}(where: {}${argument('_inc', inc)}${argument('_append', append)}) ${shown} }`,
    {
      kind: 'update',
      alias: `update_${table.name}`,
      table: table.name,
      target: { kind: 'where', where: { kind: 'and', operands: [] } },
      set: [],
      operations: [
        ...inc.map((column) => ({
          operator: '_inc' as const,
          column,
          value: { kind: 'variable' as const, name: column },
        })),
        ...append.map((column) => ({
          operator: '_append' as const,
          column,
          value: { kind: 'variable' as const, name: column },
        })),
      ],
      output,
    },
  ];
}

/** The canonical mutation of each action the role has a rule for on the table. */
function mutationPlans(table: RoleTable): [string, string, RootFieldPlan][] {
  const readable = table.columns.map((column) => column.name);
  const plans: [string, string, RootFieldPlan][] = [];
  const shown = `{ affected_rows returning { ${readable.join(' ')} } }`;
  const insert = table.insertColumns?.map((column) => column.name) ?? [];
  if (insert.length > 0) {
    plans.push([
      'insert',
      `mutation { insert_${table.name}(objects: [{ ${insert.map((c) => `${c}: $${c}`).join(', ')} }]) ${shown} }`,
      {
        kind: 'insert',
        alias: `insert_${table.name}`,
        table: table.name,
        objects: [variables(insert)],
        output: returning(readable),
      },
    ]);
  }
  const update = table.updateColumns?.map((column) => column.name) ?? [];
  if (update.length > 0) {
    plans.push([
      'update',
      `mutation { update_${table.name}(where: {}, _set: { ${update.map((c) => `${c}: $${c}`).join(', ')} }) ${shown} }`,
      {
        kind: 'update',
        alias: `update_${table.name}`,
        table: table.name,
        target: { kind: 'where', where: { kind: 'and', operands: [] } },
        set: variables(update),
        operations: [],
        output: returning(readable),
      },
    ]);
  }
  const computed = updateOperatorsPlan(table, shown, returning(readable));
  if (computed) plans.push(computed);
  if (table.deletable) {
    plans.push([
      'delete',
      `mutation { delete_${table.name}(where: {}) ${shown} }`,
      {
        kind: 'delete',
        alias: `delete_${table.name}`,
        table: table.name,
        target: { kind: 'where', where: { kind: 'and', operands: [] } },
        output: returning(readable),
      },
    ]);
  }
  return plans;
}

/** Operands for the computed operators, which refuse null (the other variables are bound null). */
function operands(plan: RootFieldPlan): Record<string, unknown> {
  if (plan.kind !== 'update') return {};
  return Object.fromEntries(
    plan.operations.map(({ operator, column }) => [column, operator === '_inc' ? 1 : {}] as const),
  );
}

/** Plans the statement in PostgreSQL without running it: proves it is valid SQL over the real tables. */
async function explainStatement(
  statement: CompiledRootField,
  variables: Readonly<Record<string, unknown>> = {},
): Promise<void> {
  const parameters = bindParameters(statement.parameters, { session: new Map(Object.entries(session)), variables });
  // The tables with GENERATED ALWAYS columns (audit_log.id, the journal's ids) are read_only, so no
  // canonical insert or update names one (docs/permissions.md#read-only-tables).
  await db.executeQuery(CompiledQuery.raw(`EXPLAIN ${statement.sql}`, parameters));
}

for (const role of schemaRoles(permissionModel)) {
  test(`select statements of role ${role}`, async () => {
    for (const table of roleTables(permissionModel, role).values()) {
      const columns = table.columns.map((column) => column.name);
      const statement = queries.compile(role, canonicalPlan(table.name, columns));
      const contents = golden(role, table.name, columns, queries.explain(statement));
      assertMatchesGolden(path.join(goldenDir, role, `${table.name}.select.sql`), contents);
      const json = await queries.run(statement, { session, variables: {} });
      assert.ok(Array.isArray(JSON.parse(json)), `${role}/${table.name} runs and returns a list`);
    }
  });
}

for (const role of schemaRoles(permissionModel)) {
  test(`mutation statements of role ${role}`, async () => {
    for (const table of roleTables(permissionModel, role).values()) {
      for (const [action, operation, plan] of mutationPlans(table)) {
        const statement = queries.compile(role, plan);
        assertMatchesGolden(
          path.join(goldenDir, role, `${table.name}.${action}.sql`),
          golden(role, table.name, [], queries.explain(statement), operation),
        );
        await explainStatement(statement, operands(plan));
      }
    }
  });
}

test.run();
