// The service behind PgBouncer in transaction mode (docs/database.md#behind-pgbouncer), as
// deployments at scale run it: DATABASE_URL is the bouncer (a pool of 4 server connections for
// the node's 10), DATABASE_DIRECT_URL the server for migrations and LISTEN, and
// DB_PREPARED_STATEMENTS=off because Debian's PgBouncer (1.18) keeps no prepared statements
// across transactions. Where `pgbouncer` is not installed the suite reports "not run".
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { asRole, dataOf, demo, errorOf, postGraphql } from '../data-layer/data-layer-client.ts';
import { type BusinessApiClient, startBusinessApi } from '../support/business-api-client.ts';
import { findPgBouncer, type PgBouncer, startPgBouncer } from '../support/pgbouncer.ts';
import { dataAdminSecret } from '../data-layer/data-layer-client.ts';
import { liveClient, type LiveClient } from '../data-layer/live-query-client.ts';

const installed = findPgBouncer();
if (!installed) console.log('not run: the PgBouncer suite: no pgbouncer installed (Debian package `pgbouncer`)');
const run = installed ? test : test.skip;

let bouncer: PgBouncer | null = null;
let api: BusinessApiClient;
let live: LiveClient | null = null;

test.before(async () => {
  if (!installed) return;
  api = await startBusinessApi({
    seed: 'demo',
    env: { DB_PREPARED_STATEMENTS: 'off', API_KEY_CACHE_SECONDS: '3600' },
    directDatabaseUrl: true,
    routeDatabase: async (url) => {
      bouncer = await startPgBouncer(url);
      return bouncer!.url;
    },
  }).catch((error: unknown) => {
    // uvu hides a failing hook's error: say it.
    console.error(error);
    throw error;
  });
});

test.after(async () => {
  await live?.dispose();
  await api?.close();
  await bouncer?.close();
});

const accounting = asRole('accounting', { 'x-data-organization-id': demo.aurora, 'x-data-user-id': 'demo-carol' });
const orgAdmin = asRole('organization_admin', { 'x-data-organization-id': demo.aurora });

run('migrated through the direct URL, ready through the bouncer', async () => {
  const ready = await api.service.request('GET', '/readyz', { headers: { 'x-api-key': api.adminKey } });
  assert.is(ready.status, 200, ready.text);
  const [row] = await api.rows(
    `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'wealth-platform'`,
  );
  assert.ok(row.n >= 1);
});

run('data-layer reads repeated past the operation cache answer the same rows each time', async () => {
  const expected = (
    await api.rows('SELECT id FROM digital_wallet WHERE organization_id = $1 ORDER BY id', [demo.aurora])
  ).map((row) => row.id);
  const query = '{ digital_wallet(order_by: {id: asc}) { id } }';
  const answers = await Promise.all(
    Array.from({ length: 30 }, async () => dataOf(await postGraphql(api.service, query, { headers: orgAdmin }))),
  );
  for (const data of answers)
    assert.equal(
      data.digital_wallet.map((row: { id: number }) => row.id),
      expected,
    );
});

run(
  'a data-layer mutation is one transaction through the bouncer: a failing second root field writes nothing',
  async () => {
    const before = await api.rows('SELECT count(*)::int AS n FROM invoice');
    const invoice = (number: string) =>
      `{invoice_number: "${number}", organization_id: "${demo.aurora}", recipient_user_id: "demo-alice", currency: "CHF", subtotal: "1", tax_total: "0", total: "1"}`;
    const response = await postGraphql(
      api.service,
      `mutation { a: insert_invoice_one(object: ${invoice('INV-PGB-1')}) { invoice_number } b: insert_invoice_one(object: ${invoice('INV-PGB-1')}) { invoice_number } }`,
      { headers: accounting },
    );
    assert.is(errorOf(response).extensions.code, 'CONFLICT');
    assert.equal(await api.rows('SELECT count(*)::int AS n FROM invoice'), before);
    const written = await postGraphql(
      api.service,
      `mutation { insert_invoice_one(object: ${invoice('INV-PGB-2')}) { invoice_number } }`,
      {
        headers: accounting,
      },
    );
    assert.equal(dataOf(written), { insert_invoice_one: { invoice_number: 'INV-PGB-2' } });
  },
);

run('business API: queries answer, and a key revoked with SQL elsewhere reaches the node through LISTEN', async () => {
  const key = await api.key({ name: 'behind the bouncer' });
  const ping = () => api.graphql('{ ping }', undefined, { key: key.secret });
  assert.is((await ping()).status, 200);
  await api.rows('UPDATE api_key SET revoked_at = now() WHERE id = $1', [key.id]);
  let response = await ping();
  for (let asked = 1; response.status === 200 && asked < 2_000; asked++) response = await ping();
  assert.is(response.status, 403);
});

run('a live query through the bouncer: its multiplexed statement answers, and a change reaches it', async () => {
  live = liveClient(api.service.dataUrl, {
    headers: {
      'X-Data-Admin-Secret': dataAdminSecret,
      'X-Data-Role': 'organization_admin',
      'X-Data-Organization-Id': demo.aurora,
    },
  });
  const wallets = async () =>
    (await api.rows('SELECT id, label FROM digital_wallet WHERE organization_id = $1 ORDER BY id', [demo.aurora])).map(
      ({ id, label }) => ({ id, label }),
    );
  // A variable makes its statement take parameters: their types come from the server, through the bouncer.
  const subscription = live.subscribe(
    'subscription W($limit: Int!) { digital_wallet(order_by: {id: asc}, limit: $limit) { id label } }',
    { limit: 100 },
  );
  assert.equal(await subscription.result(1, 20_000), { data: { digital_wallet: await wallets() } });
  const [first] = await wallets();
  await api.rows('UPDATE digital_wallet SET label = $1 WHERE id = $2', ['renamed behind the bouncer', first!.id]);
  const changed = await subscription.result(2, 20_000);
  assert.equal(changed, { data: { digital_wallet: await wallets() } });
  assert.is(changed.data.digital_wallet[0].label, 'renamed behind the bouncer');
});

run('the bouncer is what the service talks to', async () => {
  assert.ok(bouncer, 'started');
  assert.match(bouncer!.url, /^postgres(ql)?:\/\/[^@]*@127\.0\.0\.1:\d+\//);
  assert.is.not(new URL(bouncer!.url).port, new URL(api.service.databaseUrl).port);
});

test.run();
