// /readyz when the database fails (docs/configuration.md#operations): a pending migration or an
// unreachable database makes it 503, while /healthz stays ok.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import pg from 'pg';
import { type TestService, startTestService, testAdminApiKey } from '../support/test-service.ts';

let service: TestService;
let databaseUrl: string;

test.before(async () => {
  service = await startTestService();
  databaseUrl = service.databaseUrl;
});
test.after(async () => {
  await service.stop();
});

async function sql(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

test('a pending migration makes /readyz 503 and says which', async () => {
  await sql(`DELETE FROM schema_migration WHERE name = '0001-initial-schema'`);
  // The admin key: which migration is pending is an administrator's detail (openapi.yaml /readyz).
  const response = await service.request('GET', '/readyz', { headers: { 'x-api-key': testAdminApiKey } });
  assert.is(response.status, 503);
  const body = response.json();
  assert.is(body.status, 'unavailable');
  assert.is(body.checks.database.status, 'ok');
  assert.is(body.checks.migrations.status, 'pending');
  assert.match(body.checks.migrations.message, /0001-initial-schema/);
  await sql(`INSERT INTO schema_migration (name, timestamp) VALUES ('0001-initial-schema', now()::text)`);
  assert.is((await service.request('GET', '/readyz')).status, 200);
});

test('an unreachable database makes /readyz 503 while /healthz stays ok', async () => {
  const admin = new pg.Client({ connectionString: process.env.PLATFORM_TEST_ADMIN_URL });
  await admin.connect();
  const name = new URL(databaseUrl).pathname.slice(1);
  try {
    await admin.query(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS false`);
    await admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`,
      [name],
    );
    const response = await service.request('GET', '/readyz');
    assert.is(response.status, 503);
    const body = response.json();
    assert.is(body.checks.database.status, 'unavailable');
    assert.is(body.checks.migrations.status, 'unavailable');
    assert.is((await service.request('GET', '/healthz')).status, 200);
  } finally {
    await admin.query(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS true`);
    await admin.end();
  }
  assert.is((await service.request('GET', '/readyz')).status, 200);
});

test.run();
