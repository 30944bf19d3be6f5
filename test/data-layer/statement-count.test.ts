// One SQL statement per root field, nested relations included
// (docs/data-layer.md#how-a-request-runs), counted by the executor's statement observer, and
// transaction control by a Kysely `log` hook on a database handle built here; the cached
// statement is the same text for every caller of a role, with session values and variables
// bound as parameters, and sent as a named prepared statement once it is reused
// (docs/data-layer.md#prepared-statements).
import { Kysely, PostgresDialect, type LogEvent } from 'kysely';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Database } from '../../generated/database/database.ts';
import { createDataQueryExecutor } from '../../src/records/data-layer-sql/data-query-executor.ts';
import type { DataCaller } from '../../src/data-layer/auth/data-caller.ts';
import {
  createDataRequestExecutor,
  type DataRequestExecutor,
} from '../../src/data-layer/request/execute-data-request.ts';
import { createDatabase } from '../../src/db/create-database.ts';
import { seedDemoData } from '../../src/db/seed/demo-seed.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';
import { demo } from './data-layer-client.ts';

let database: TestDatabase;
const transactionControl = /^(begin|commit|rollback)\b/i;
let db: Kysely<Database>;
let execute: DataRequestExecutor;
/** Data statements as the executor sends them, with their prepared statement's name. */
const statements: { sql: string; parameters: readonly unknown[]; name: string | undefined }[] = [];
/** Transaction control as Kysely sends it. */
const control: string[] = [];

test.before(async () => {
  database = await createTestDatabase();
  const { pool, statements: runner } = createDatabase({ url: database.url, poolSize: 4 });
  db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    log: (event: LogEvent) => {
      if (event.level === 'query' && transactionControl.test(event.query.sql.trim()))
        control.push(event.query.sql.trim().toLowerCase());
    },
  });
  await seedDemoData(db);
  execute = createDataRequestExecutor({
    queries: createDataQueryExecutor(
      { db, statements: runner },
      { onStatement: (sql, parameters, name) => statements.push({ sql, parameters, name }) },
    ),
  });
});

test.after(async () => {
  await db.destroy();
  await database.drop();
});

const orgAdmin = (organization: string, user: string): DataCaller => ({
  role: 'organization_admin',
  sessionText: { 'x-data-organization-id': organization, 'x-data-user-id': user },
  via: 'admin-secret',
});

async function counted(caller: DataCaller, query: string, variables: Record<string, unknown> | null = null) {
  statements.length = 0;
  control.length = 0;
  const body = JSON.parse(await execute(caller, { query, variables, operationName: null }));
  return { body, statements: [...statements], control: [...control] };
}

const nested = `{
  organization { name digital_wallets(order_by: {id: asc}) { id assets { symbol balance } whitelist_entries { address } } memberships { role user { email } } }
  digital_wallet(where: {assets: {symbol: {_eq: "ETH"}}}) { label assets(order_by: {symbol: asc}) { symbol wallet { label } } }
  invoice_aggregate { aggregate { count sum { total } } nodes { invoice_number organization { name } } }
  __typename
}`;

test('each root field is one statement, however deep its relations go', async () => {
  const { body, statements: sent } = await counted(orgAdmin(demo.aurora, 'demo-alice'), nested);
  assert.is(body.errors, undefined, JSON.stringify(body.errors));
  assert.is(sent.length, 3, sent.map((statement) => statement.sql).join('\n'));
  assert.ok(body.data.organization[0].digital_wallets[1].assets.length > 1);
  assert.ok(body.data.organization[0].memberships.length > 0);
  assert.is(body.data.__typename, 'query_root');
});

test('introspection and __typename send no statement', async () => {
  const { body, statements: sent } = await counted(
    orgAdmin(demo.aurora, 'demo-alice'),
    '{ __typename __type(name: "digital_wallet") { name } }',
  );
  assert.equal(body.data, { __typename: 'query_root', __type: { name: 'digital_wallet' } });
  assert.is(sent.length, 0);
});

test('the compiled statement is shared by every caller of the role; session values and variables are parameters', async () => {
  const query = 'query($id: Int!) { digital_wallet(where: {id: {_gte: $id}}) { id } }';
  const aurora = await counted(orgAdmin(demo.aurora, 'demo-alice'), query, { id: 2 });
  const meridian = await counted(orgAdmin(demo.meridian, 'demo-grace'), query, { id: 6 });
  assert.is(aurora.statements[0]?.sql, meridian.statements[0]?.sql);
  assert.ok(aurora.statements[0]?.parameters.includes(demo.aurora) && aurora.statements[0]?.parameters.includes(2));
  assert.ok(
    meridian.statements[0]?.parameters.includes(demo.meridian) && meridian.statements[0]?.parameters.includes(6),
  );
  assert.ok(!aurora.statements[0]?.sql.includes(demo.aurora), 'no value is interpolated into the SQL text');
  assert.equal(aurora.body.data.digital_wallet.map((row: { id: number }) => row.id).sort(), [2, 3, 4]);
  assert.equal(meridian.body.data.digital_wallet.map((row: { id: number }) => row.id).sort(), [6, 7]);
});

test('a mutation is one statement per root field, all inside one transaction', async () => {
  const {
    body,
    statements: sent,
    control: transaction,
  } = await counted(
    orgAdmin(demo.aurora, 'demo-alice'),
    `mutation {
    a: insert_digital_wallet(objects: [{label: "count A", coin: "BTC", wallet_type: "hot"}, {label: "count B", coin: "ETH", wallet_type: "hot"}]) { affected_rows returning { label assets { symbol } } }
    b: update_digital_wallet(where: {label: {_like: "count %"}}, _set: {label: "count C"}) { affected_rows }
    c: update_organization_by_pk(pk_columns: {id: "${demo.aurora}"}, _set: {name: "Aurora Family Office"}) { name }
    __typename
  }`,
  );
  assert.is(body.errors, undefined, JSON.stringify(body.errors));
  assert.is(body.data.a.affected_rows, 2);
  assert.is(body.data.b.affected_rows, 2, 'a later root field sees what an earlier one wrote');
  assert.is(body.data.__typename, 'mutation_root');
  assert.is(sent.length, 3, sent.map((statement) => statement.sql).join('\n'));
  assert.equal(transaction, ['begin', 'commit']);
  assert.ok(!sent.some((statement) => statement.sql.includes('count A')), 'values are parameters');
});

test("update_<t>_many is one statement per element, in the operation's one transaction with the other root fields", async () => {
  const {
    body,
    statements: sent,
    control: transaction,
  } = await counted(
    orgAdmin(demo.aurora, 'demo-alice'),
    `mutation {
    a: update_digital_wallet_many(updates: [
      {where: {label: {_eq: "none such"}}, _set: {label: "never"}},
      {where: {}, _set: {label: "many A"}},
      {where: {label: {_eq: "many A"}}, _set: {label: "many B"}}
    ]) { affected_rows }
    b: update_digital_wallet_many(updates: []) { affected_rows }
    c: update_organization_by_pk(pk_columns: {id: "${demo.aurora}"}, _set: {name: "Aurora Family Office"}) { name }
  }`,
  );
  assert.is(body.errors, undefined, JSON.stringify(body.errors));
  const wallets = body.data.a[1].affected_rows;
  assert.ok(wallets > 0);
  assert.equal(body.data.a, [{ affected_rows: 0 }, { affected_rows: wallets }, { affected_rows: wallets }]);
  assert.equal(body.data.b, []);
  assert.is(sent.length, 4, sent.map((statement) => statement.sql).join('\n'));
  assert.equal(transaction, ['begin', 'commit']);
});

test('a failed check rolls the transaction back', async () => {
  const { body, statements: sent } = await counted(
    orgAdmin(demo.aurora, 'demo-alice'),
    `mutation {
    a: update_digital_wallet(where: {label: {_eq: "count C"}}, _set: {label: "count D"}) { affected_rows }
    b: update_organization(where: {}, _set: {name: "x"}) { affected_rows }
  }`,
  );
  assert.is(body.errors, undefined, 'organization_admin may update its own organization only, and the check holds');
  assert.is(body.data.b.affected_rows, 1);
  const failing = await counted(
    {
      role: 'investor',
      sessionText: { 'x-data-user-id': 'demo-erin', 'x-data-allowed-funds': '{1,2}' },
      via: 'admin-secret',
    },
    'mutation { insert_fund_subscription(objects: [{fund_id: 1, subscription_amount: "1"}, {fund_id: 3, subscription_amount: "1"}]) { affected_rows } }',
  ).catch((error: unknown) => error);
  assert.ok(
    failing instanceof Error && /check constraint of an insert permission has failed/.test(failing.message),
    String(failing),
  );
  assert.equal(control, ['begin', 'rollback']);
  assert.ok(sent.length > 0);
});

test('a query run again is sent as a prepared statement named after its text; a mutation never is', async () => {
  const query = '{ organization { name digital_wallets(order_by: {id: asc}) { label } } }';
  const first = await counted(orgAdmin(demo.aurora, 'demo-alice'), query);
  const again = await counted(orgAdmin(demo.aurora, 'demo-alice'), query);
  const otherCaller = await counted(orgAdmin(demo.meridian, 'demo-grace'), query);
  assert.is(first.statements[0]?.name, undefined, 'a statement run once takes no name');
  assert.match(again.statements[0]?.name ?? '', /^dl_[0-9a-f]{32}$/);
  assert.is(otherCaller.statements[0]?.name, again.statements[0]?.name);
  assert.equal(again.body, first.body);
  assert.ok(otherCaller.body.data.organization[0].name !== first.body.data.organization[0].name);
  const mutation = `mutation { update_organization(where: {}, _set: {name: "Aurora Family Office"}) { affected_rows } }`;
  await counted(orgAdmin(demo.aurora, 'demo-alice'), mutation);
  const mutated = await counted(orgAdmin(demo.aurora, 'demo-alice'), mutation);
  assert.is(mutated.body.data.update_organization.affected_rows, 1);
  assert.is(mutated.statements[0]?.name, undefined);
});

test.run();
