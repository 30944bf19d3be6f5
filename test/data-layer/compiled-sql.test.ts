// The SQL itself, not only the rows (DESIGN.md §11): for every role (and admin) and every
// table it may select, the statement compiled for the canonical query `{ <t> { <every
// permitted column> } }` is compared with test/data-layer/golden/<role>/<table>.select.sql,
// and run against the demo data to prove it is valid. UPDATE_SNAPSHOTS=1 rewrites the goldens.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { permissionModel } from '../../generated/permissions/compiled-permissions.ts';
import { createDataQueryExecutor, type DataQueryExecutor } from '../../src/access/data-query/data-query-executor.ts';
import type { RootFieldPlan } from '../../src/access/data-query/query-plan.ts';
import { createDatabase, type Db } from '../../src/db/create-database.ts';
import { seedDemoData } from '../../src/db/seed/demo-seed.ts';
import { roleTables, schemaRoles } from '../../src/data-layer/schema/role-tables.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';
import { demo } from './data-layer-client.ts';
import { formatSql } from './format-sql.ts';

const goldenDir = path.join(import.meta.dirname, 'golden');
// Goldens are rewritten, not compared, with UPDATE_SNAPSHOTS=1 (DESIGN.md §11).
const updateSnapshots = process.env.UPDATE_SNAPSHOTS === '1';

let database: TestDatabase;
let db: Db;
let queries: DataQueryExecutor;

test.before(async () => {
  database = await createTestDatabase();
  db = createDatabase({ url: database.url }).db;
  await seedDemoData(db);
  queries = createDataQueryExecutor(db);
});

test.after(async () => {
  await db.destroy();
  await database.drop();
});

const session = { 'x-data-user-id': 'demo-alice', 'x-data-organization-id': demo.aurora, 'x-data-allowed-funds': [1, 2] };

function canonicalPlan(table: string, columns: readonly string[]): RootFieldPlan {
  return {
    kind: 'select',
    alias: table,
    table,
    arguments: { where: null, orderBy: [], limit: null, offset: null, distinctOn: [] },
    fields: columns.map((column) => ({ kind: 'column', alias: column, column })),
  };
}

function golden(role: string, table: string, columns: readonly string[], explained: string): string {
  return `-- role ${role}: { ${table} { ${columns.join(' ')} } }\n${formatSql(explained.split('\n')[0] as string)}\n${explained.split('\n').slice(1).join('\n')}`;
}

for (const role of schemaRoles(permissionModel)) {
  test(`select statements of role ${role}`, async () => {
    for (const table of roleTables(permissionModel, role).values()) {
      const columns = table.columns.map((column) => column.name);
      const statement = queries.compile(role, canonicalPlan(table.name, columns));
      const contents = golden(role, table.name, columns, queries.explain(statement));
      const file = path.join(goldenDir, role, `${table.name}.select.sql`);
      if (updateSnapshots) {
        mkdirSync(path.dirname(file), { recursive: true });
        writeFileSync(file, contents);
      } else {
        let expected: string;
        try {
          expected = readFileSync(file, 'utf8');
        } catch {
          throw new assert.Assertion({ message: `no golden ${path.relative(goldenDir, file)}; run with UPDATE_SNAPSHOTS=1 to create it`, operator: 'golden', expects: undefined, actual: undefined });
        }
        assert.fixture(contents, expected, `${role}/${table.name}.select.sql differs (UPDATE_SNAPSHOTS=1 rewrites the goldens)`);
      }
      const json = await queries.run(statement, { session, variables: {} });
      assert.ok(Array.isArray(JSON.parse(json)), `${role}/${table.name} runs and returns a list`);
    }
  });
}

test.run();
