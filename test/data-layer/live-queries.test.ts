// Live queries and streams on DATA_PORT over graphql-ws (docs/data-layer.md#subscriptions), with a
// real graphql-ws client against the real service and PostgreSQL. Each test names the Hasura v2
// behaviour it follows (hasura.io/docs/2.0/subscriptions/postgres/): a live query sends its
// result, then a new result whenever it changes; a stream sends new rows in cursor order, batch by
// batch, each once. Expected values come from plain SQL. The refresh interval is set to a minute,
// so a change arriving early proves the table notification (migration 0022) drove it.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { sql } from 'kysely';
import { createSessionStore } from '../../src/stores/session-store.ts';
import { createSessionService } from '../../src/domain/identity/session-service.ts';
import { startTestService, type TestService } from '../support/test-service.ts';
import {
  createPlatformTokenForge,
  testSigningKeySecret,
  type PlatformTokenForge,
} from '../support/platform-token-forge.ts';
import { dataAdminSecret, demo, postGraphql } from './data-layer-client.ts';
import { liveClient, sleep, type LiveClient } from './live-query-client.ts';

let service: TestService;
let forge: PlatformTokenForge;
const logLines: Record<string, unknown>[] = [];
const clients: LiveClient[] = [];

test.before(async () => {
  service = await startTestService(
    {
      SEED: 'demo',
      SIGNING_KEY_SECRET: testSigningKeySecret,
      DATA_LIVE_QUERY_INTERVAL_MS: '60000',
    },
    { logLines },
  );
  forge = await createPlatformTokenForge({
    databaseUrl: service.databaseUrl,
    signingKeySecret: testSigningKeySecret,
    issuer: service.url,
    dataUrl: service.dataUrl,
  });
});

test.after(async () => {
  await Promise.all(clients.map((client) => client.dispose()));
  await forge?.close();
  await service?.stop();
});

function connect(params: Record<string, unknown>): LiveClient {
  const client = liveClient(service.dataUrl, params);
  clients.push(client);
  return client;
}

const orgAdmin = (organization: string) => ({
  headers: {
    'X-Data-Admin-Secret': dataAdminSecret,
    'X-Data-Role': 'organization_admin',
    'X-Data-Organization-Id': organization,
  },
});

const walletsQuery = 'subscription { digital_wallet(order_by: {id: asc}) { id label } }';

async function walletsOf(organization: string) {
  const { rows } = await sql<{ id: number; label: string }>`
    SELECT id, label FROM digital_wallet WHERE organization_id = ${organization} ORDER BY id`.execute(service.db);
  return rows.map(({ id, label }) => ({ id, label }));
}

test('Hasura live query: the first result, then a new one within 1.5 s of a committed change, none for a change elsewhere', async () => {
  const live = connect(orgAdmin(demo.aurora)).subscribe(walletsQuery);
  const first = await live.result(1);
  assert.equal(first, { data: { digital_wallet: await walletsOf(demo.aurora) } });
  const [meridianWallet] = await walletsOf(demo.meridian);
  await sql`UPDATE digital_wallet SET label = 'elsewhere' WHERE id = ${meridianWallet!.id}`.execute(service.db);
  // The notification refreshes the cohort; aurora's result did not change, so nothing is sent.
  await sleep(1_500);
  assert.is(live.results.length, 1, JSON.stringify(live.results));
  const auroraWallet = first.data.digital_wallet[0];
  await sql`UPDATE digital_wallet SET label = 'renamed live' WHERE id = ${auroraWallet.id}`.execute(service.db);
  const committed = performance.now();
  const second = await live.result(2, 5_000);
  const waited = performance.now() - committed;
  assert.ok(waited < 1_500, `the change arrived after ${Math.round(waited)} ms`);
  assert.equal(second, { data: { digital_wallet: await walletsOf(demo.aurora) } });
  assert.is(second.data.digital_wallet[0].label, 'renamed live');
  live.dispose();
});

test('Hasura live query: each subscriber sees only the rows its role rule and session values allow', async () => {
  const aurora = connect(orgAdmin(demo.aurora)).subscribe(walletsQuery);
  const meridian = connect(orgAdmin(demo.meridian)).subscribe(walletsQuery);
  assert.equal(await aurora.result(1), { data: { digital_wallet: await walletsOf(demo.aurora) } });
  assert.equal(await meridian.result(1), { data: { digital_wallet: await walletsOf(demo.meridian) } });
  const [target] = await walletsOf(demo.meridian);
  await sql`UPDATE digital_wallet SET label = 'meridian only' WHERE id = ${target!.id}`.execute(service.db);
  const changed = await meridian.result(2, 5_000);
  assert.equal(changed, { data: { digital_wallet: await walletsOf(demo.meridian) } });
  await sleep(500);
  assert.is(aurora.results.length, 1);
  aurora.dispose();
  meridian.dispose();
});

test('Hasura live query with variables, _by_pk and _aggregate under subscription_root', async () => {
  const client = connect(orgAdmin(demo.aurora));
  const [wallet] = await walletsOf(demo.aurora);
  const byPk = client.subscribe('subscription W($id: Int!) { digital_wallet_by_pk(id: $id) { id label } }', {
    id: wallet!.id,
  });
  assert.equal(await byPk.result(1), { data: { digital_wallet_by_pk: wallet } });
  const count = client.subscribe('subscription { digital_wallet_aggregate { aggregate { count } } }');
  const { rows } = await sql<{ count: string }>`
    SELECT count(*) FROM digital_wallet WHERE organization_id = ${demo.aurora}`.execute(service.db);
  assert.equal(await count.result(1), {
    data: { digital_wallet_aggregate: { aggregate: { count: Number(rows[0]!.count) } } },
  });
  byPk.dispose();
  count.dispose();
});

test('subscriptions are validated against the role schema: unknown fields and two root fields are refused', async () => {
  const client = connect(orgAdmin(demo.aurora));
  const hidden = client.subscribe('subscription { digital_wallet { owner_user_id } }');
  const [error] = await hidden.failed();
  assert.equal(error, {
    message: "field 'owner_user_id' not found in type 'digital_wallet' (unknown field or no permission)",
    extensions: { code: 'VALIDATION_FAILED', path: '$.selectionSet.digital_wallet.selectionSet.owner_user_id' },
  });
  const two = client.subscribe('subscription { digital_wallet { id } organization { id } }');
  const [twoError] = await two.failed();
  assert.is(twoError.extensions.code, 'VALIDATION_FAILED');
  assert.match(twoError.message, /must select only one top level field/);
});

test('each socket operation writes one access log line when it ends, as a POST does', async () => {
  const socketLines = () =>
    logLines.filter((line) => line['msg'] === 'request' && line['server'] === 'data' && line['method'] === 'WS');
  const before = socketLines().length;
  const client = connect(orgAdmin(demo.aurora));
  const live = client.subscribe(walletsQuery);
  await live.result(1);
  live.dispose();
  const [error] = await client.subscribe('subscription { digital_wallet { owner_user_id } }').failed();
  assert.is(error.extensions.code, 'VALIDATION_FAILED');
  const deadline = Date.now() + 10_000;
  while (socketLines().length < before + 2 && Date.now() < deadline) await sleep(50);
  const lines = socketLines().slice(before);
  assert.equal(lines.map((line) => [line['route'], line['status'], line['principal'], line['role']]).sort(), [
    ['/v1/graphql', 200, 'admin-secret', 'organization_admin'],
    ['/v1/graphql', 400, 'admin-secret', 'organization_admin'],
  ]);
  assert.is(new Set(lines.map((line) => line['requestId'])).size, 2);
});

test('over POST a subscription is refused: subscriptions need the WebSocket', async () => {
  const response = await postGraphql(service, walletsQuery, orgAdmin(demo.aurora));
  assert.is(response.status, 200);
  assert.equal(response.body, {
    errors: [
      {
        message:
          'subscriptions need a WebSocket: open /v1/graphql with the graphql-transport-ws protocol (docs/data-layer.md#subscriptions)',
        extensions: { code: 'BAD_REQUEST', path: '$' },
      },
    ],
  });
});

test('a wrong admin secret in connection_init closes the socket with 4403 and says why', async () => {
  const client = connect({ headers: { 'x-data-admin-secret': 'wrong' } });
  const live = client.subscribe(walletsQuery);
  const closed = await client.closed;
  assert.equal(closed, { code: 4403, reason: 'X-Data-Admin-Secret is wrong' });
  assert.is(live.results.length, 0);
});

test('a bearer token whose session ends closes its socket with 4403', async () => {
  const sessions = createSessionService({ store: createSessionStore(service.db) });
  const { sessionId } = await sessions.create('demo-alice', 3600);
  const token = await forge.issueAt(
    new Date(),
    'access',
    {
      sub: 'demo-alice',
      sid: sessionId,
      data_access: {
        'x-data-allowed-roles': ['organization_admin'],
        'x-data-default-role': 'organization_admin',
        'x-data-organization-id': demo.aurora,
      },
    },
    900,
  );
  const client = connect({ headers: { Authorization: `Bearer ${token}` } });
  const live = client.subscribe(walletsQuery);
  assert.equal(await live.result(1), { data: { digital_wallet: await walletsOf(demo.aurora) } });
  await sessions.destroy(sessionId);
  // A live session is remembered 5 s and sockets are checked every 5 s.
  const closed = await Promise.race([client.closed, sleep(20_000).then(() => null)]);
  assert.equal(closed, { code: 4403, reason: 'bearer the session this token was issued from has ended' });
});

const streamQuery = `subscription S($from: bigint!) {
  audit_log_stream(batch_size: 2, cursor: {initial_value: {id: $from}, ordering: ASC}, where: {action: {_like: "live.%"}}) { id action }
}`;

async function insertAuditRows(actions: readonly string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const action of actions) {
    const { rows } = await sql<{ id: string }>`
      INSERT INTO audit_log (action, resource_type) VALUES (${action}, 'test') RETURNING id::text`.execute(service.db);
    ids.push(rows[0]!.id);
  }
  return ids;
}

const admin = { headers: { 'x-data-admin-secret': dataAdminSecret } };

test('Hasura streaming subscription: every new row once, in cursor order, in batches; a reconnect from the last cursor loses and repeats none', async () => {
  const { rows } = await sql<{ id: string }>`SELECT coalesce(max(id), 0)::text AS id FROM audit_log`.execute(
    service.db,
  );
  const start = rows[0]!.id;
  const client = connect(admin);
  const stream = client.subscribe(streamQuery, { from: start });
  // Nothing after the cursor yet: no batch is sent.
  await sleep(300);
  assert.is(stream.results.length, 0);
  const firstIds = await insertAuditRows(['live.1', 'other', 'live.2', 'live.3', 'live.4', 'live.5']);
  const wanted = firstIds.filter((_id, index) => index !== 1);
  const batches: { id: string; action: string }[][] = [];
  for (let received = 0; received < wanted.length;) {
    const batch = (await stream.result(batches.length + 1)).data.audit_log_stream;
    assert.ok(batch.length >= 1 && batch.length <= 2, JSON.stringify(batch));
    batches.push(batch);
    received += batch.length;
  }
  assert.equal(
    batches.flat().map((row) => row.id),
    wanted,
  );
  assert.equal(
    batches.flat().map((row) => row.action),
    ['live.1', 'live.2', 'live.3', 'live.4', 'live.5'],
  );
  await client.dispose();
  const last = batches.flat().at(-1)!.id;
  const laterIds = await insertAuditRows(['live.6', 'live.7', 'live.8']);
  const again = connect(admin).subscribe(streamQuery, { from: last });
  const idsOf = (result: { data: { audit_log_stream: { id: string }[] } }) =>
    result.data.audit_log_stream.map((row) => row.id);
  const resumed: string[] = [];
  for (let batch = 1; resumed.length < laterIds.length; batch += 1) resumed.push(...idsOf(await again.result(batch)));
  assert.equal(resumed, laterIds);
  // Nothing more: every row came once.
  await sleep(300);
  assert.equal(again.results.flatMap(idsOf), laterIds);
});

test.run();
