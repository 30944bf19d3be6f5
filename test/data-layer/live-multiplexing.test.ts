// Multiplexed live queries (docs/data-layer.md#multiplexing), Hasura v2's `_subs` design: every
// subscriber of one compiled statement is refreshed by ONE SQL statement, one row per distinct
// binding, each subscriber still held to its own role rule and session values. Counted with the
// query executor's statement observer on a data layer served here over the test database.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import pino from 'pino';
import { createMetrics } from '../../src/observability/metrics.ts';
import { createDataLayerSockets } from '../../src/data-layer/create-data-layer.ts';
import type { DataLayerSockets } from '../../src/data-layer/live/data-layer-sockets.ts';
import { createDatabase, type DatabaseAccess } from '../../src/db/create-database.ts';
import type { PlatformTokens } from '../../src/domain/identity/platform-tokens.ts';
import { createDataQueryExecutor } from '../../src/records/data-layer-sql/data-query-executor.ts';
import { seedDemoData } from '../../src/db/seed/demo-seed.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';
import { dataAdminSecret, demo } from './data-layer-client.ts';
import { liveClient, type LiveClient } from './live-query-client.ts';

let database: TestDatabase;
let access: DatabaseAccess;
let server: http.Server;
let sockets: DataLayerSockets;
let dataUrl: string;
const clients: LiveClient[] = [];
const statements: { sql: string; parameters: readonly unknown[] }[] = [];
/** The statement count of each cohort refresh, as the hub reports it (docs/metrics.md#live-queries). */
const refreshes: number[] = [];

test.before(async () => {
  database = await createTestDatabase();
  access = createDatabase({ url: database.url, poolSize: 4 });
  await seedDemoData(access.db);
  server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  dataUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  sockets = createDataLayerSockets({
    queries: createDataQueryExecutor(access, {
      onStatement: (text, parameters) => statements.push({ sql: text, parameters }),
    }),
    adminSecret: dataAdminSecret,
    // Only the admin secret is used here.
    tokens: {} as PlatformTokens,
    sessions: { findById: async () => null },
    dataPublicUrl: dataUrl,
    logger: pino({ level: 'silent' }),
    server,
    caps: { socketsPerAddress: 0, socketsPerCredential: 0, operationsPerSocket: 0 },
    metrics: createMetrics(),
    // Refreshed by the test alone.
    intervalMs: 60_000,
    onRefreshed: (count) => refreshes.push(count),
  });
});

test.after(async () => {
  await Promise.all(clients.map((client) => client.dispose()));
  const deadline = new AbortController();
  await sockets.drain(deadline.signal);
  await new Promise((resolve) => server.close(resolve));
  await access.db.destroy();
  await database.drop();
});

const walletsQuery = 'subscription { digital_wallet(order_by: {id: asc}) { id label } }';

function orgAdmin(organization: string): LiveClient {
  const client = liveClient(dataUrl, {
    headers: {
      'x-data-admin-secret': dataAdminSecret,
      'x-data-role': 'organization_admin',
      'x-data-organization-id': organization,
    },
  });
  clients.push(client);
  return client;
}

async function walletsOf(organization: string) {
  const { rows } = await sql<{ id: number; label: string }>`
    SELECT id, label FROM digital_wallet WHERE organization_id = ${organization} ORDER BY id`.execute(access.db);
  return { data: { digital_wallet: rows.map(({ id, label }) => ({ id, label })) } };
}

test('Hasura multiplexed live queries: three subscribers of two organizations, one statement per refresh, each its own rows', async () => {
  const aurora = orgAdmin(demo.aurora).subscribe(walletsQuery);
  const auroraAgain = orgAdmin(demo.aurora).subscribe(walletsQuery);
  const meridian = orgAdmin(demo.meridian).subscribe(walletsQuery);
  assert.equal(await aurora.result(1), await walletsOf(demo.aurora));
  assert.equal(await auroraAgain.result(1), await walletsOf(demo.aurora));
  assert.equal(await meridian.result(1), await walletsOf(demo.meridian));
  assert.is(sockets.hub.cohorts, 1);

  const [auroraWallet] = (await walletsOf(demo.aurora)).data.digital_wallet;
  const [meridianWallet] = (await walletsOf(demo.meridian)).data.digital_wallet;
  await sql`UPDATE digital_wallet SET label = label || ' (a)' WHERE id = ${auroraWallet!.id}`.execute(access.db);
  await sql`UPDATE digital_wallet SET label = label || ' (m)' WHERE id = ${meridianWallet!.id}`.execute(access.db);
  statements.length = 0;
  refreshes.length = 0;
  await sockets.hub.refreshAll();
  assert.is(statements.length, 1, statements.map((statement) => statement.sql).join('\n'));
  // What data_live_query_refreshes_total and data_live_query_statements_total count: one cohort, one statement.
  assert.equal(refreshes, [1]);
  const [sent] = statements;
  assert.match(
    sent!.sql,
    /^SELECT "s"\."subscriber", "r"\.\* FROM unnest\(\$1::text\[\]\) WITH ORDINALITY AS "s"\("p\d+", "subscriber"\) CROSS JOIN LATERAL \(/,
  );
  // One row per distinct binding: the two aurora subscribers share theirs.
  assert.equal(sent!.parameters[0], [demo.aurora, demo.meridian]);

  assert.equal(await aurora.result(2), await walletsOf(demo.aurora));
  assert.equal(await auroraAgain.result(2), await walletsOf(demo.aurora));
  assert.equal(await meridian.result(2), await walletsOf(demo.meridian));

  // Nothing changed: a refresh sends nothing.
  await sockets.hub.refreshAll();
  await new Promise((resolve) => setTimeout(resolve, 200));
  assert.equal([aurora.results.length, auroraAgain.results.length, meridian.results.length], [2, 2, 2]);
  aurora.dispose();
  auroraAgain.dispose();
  meridian.dispose();
});

test('a variable is one more per-subscriber array: _by_pk of different wallets in one statement', async () => {
  const query = 'subscription W($id: Int!) { digital_wallet_by_pk(id: $id) { id label } }';
  const [first, second] = (await walletsOf(demo.aurora)).data.digital_wallet;
  const one = orgAdmin(demo.aurora).subscribe(query, { id: first!.id });
  const two = orgAdmin(demo.aurora).subscribe(query, { id: second!.id });
  const foreign = orgAdmin(demo.meridian).subscribe(query, { id: first!.id });
  assert.equal(await one.result(1), { data: { digital_wallet_by_pk: first } });
  assert.equal(await two.result(1), { data: { digital_wallet_by_pk: second } });
  // Meridian's rule hides aurora's wallet.
  assert.equal(await foreign.result(1), { data: { digital_wallet_by_pk: null } });
  await sql`UPDATE digital_wallet SET label = 'by pk' WHERE id = ${second!.id}`.execute(access.db);
  statements.length = 0;
  await sockets.hub.refreshAll();
  const byPk = statements.filter((statement) => statement.sql.includes('LIMIT 1)::text'));
  assert.is(byPk.length, 1);
  assert.equal(await two.result(2), { data: { digital_wallet_by_pk: { id: second!.id, label: 'by pk' } } });
  assert.is(one.results.length, 1);
  assert.is(foreign.results.length, 1);
});

test.run();
