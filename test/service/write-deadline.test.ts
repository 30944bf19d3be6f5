// Writes and the request deadline (docs/database.md#database-faults): a mutation whose
// database stops answering is refused at REQUEST_TIMEOUT_MS and its transaction is never
// committed, even when the database comes back; only a COMMIT already sent leaves the outcome
// open, and the answer says so. A statement the server cancels at DB_STATEMENT_TIMEOUT_MS is 503
// too, without an outage. Every check of the rows reads the database directly, not through the proxy.
import pg from 'pg';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { DatabaseProxy } from '../support/database-proxy.ts';
import { type TestService, startProxiedTestService } from '../support/test-service.ts';
import { type DataResponse, asRole, postGraphql } from '../data-layer/data-layer-client.ts';

let service: TestService;
let proxy: DatabaseProxy;
let direct: pg.Client;
const logLines: Record<string, unknown>[] = [];

test.before(async () => {
  ({ service, proxy } = await startProxiedTestService(
    // The server cancels a statement at 2 s; the client would give up on a silent one at 3 s, but the request's 3 s come first.
    { DB_STATEMENT_TIMEOUT_MS: '2000', DB_CONNECT_TIMEOUT_MS: '2000', REQUEST_TIMEOUT_MS: '3000' },
    { logLines },
  ));
  direct = new pg.Client({ connectionString: service.databaseUrl });
  await direct.connect();
});
test.after(async () => {
  await direct.end();
  await proxy.heal();
  await service.stop();
  await proxy.close();
});

const insertOrganization = (slug: string) =>
  postGraphql(service, `mutation { insert_organization_one(object: {name: "Deadline", slug: "${slug}"}) { slug } }`, {
    headers: asRole(null),
  });

async function organizationsWithSlug(slug: string): Promise<number> {
  const { rows } = await direct.query<{ n: string }>('SELECT count(*) AS n FROM organization WHERE slug = $1', [slug]);
  return Number(rows[0]!.n);
}

/**
 * Waits until no connection of the service is inside a transaction or running a statement: by
 * then anything it sent, a late COMMIT included, has been carried out by the server.
 */
async function untilServiceConnectionsSettle(): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const { rows } = await direct.query<{ n: string }>(
      `SELECT count(*) AS n FROM pg_stat_activity
       WHERE datname = current_database() AND application_name = 'wealth-platform'
         AND state IN ('active', 'idle in transaction', 'idle in transaction (aborted)')`,
    );
    if (Number(rows[0]!.n) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.unreachable('a connection of the service stayed inside a transaction');
}

function assertUnavailable(response: DataResponse, message: string): void {
  assert.is(response.status, 503);
  assert.is(response.headers.get('retry-after'), '5');
  assert.equal(response.body, { errors: [{ message, extensions: { code: 'SERVICE_UNAVAILABLE', path: '$' } }] });
}

const faultLines = (from: number) => logLines.slice(from).filter((line) => line.msg !== 'request');

test('healthy: an insert is committed and acknowledged', async () => {
  const response = await insertOrganization('deadline-healthy');
  assert.equal(response.body, { data: { insert_organization_one: { slug: 'deadline-healthy' } } });
  assert.is(await organizationsWithSlug('deadline-healthy'), 1);
});

test('the database stalls after the INSERT: 503 at the deadline, and the row is never committed', async () => {
  const from = logLines.length;
  proxy.stallAfter('INSERT INTO "organization"');
  assertUnavailable(
    await insertOrganization('deadline-stalled'),
    'the request did not finish within 3000 ms: a transaction it had open is rolled back, never committed',
  );
  assert.is(await organizationsWithSlug('deadline-stalled'), 0);
  await proxy.heal();
  await untilServiceConnectionsSettle();
  assert.is(await organizationsWithSlug('deadline-stalled'), 0);
  // A deadline is not an outage: nothing was logged beyond the access lines.
  assert.equal(faultLines(from), []);
});

test('the database stalls after the COMMIT was sent: 503 says the write may have been applied', async () => {
  proxy.stallAfter('commit');
  assertUnavailable(
    await insertOrganization('deadline-in-doubt'),
    'the request did not finish within 3000 ms: a commit was in flight: its writes may or may not have been applied; read them back before retrying',
  );
  await proxy.heal();
  await untilServiceConnectionsSettle();
  // The server had the COMMIT: the outcome the answer left open is, here, applied.
  assert.is(await organizationsWithSlug('deadline-in-doubt'), 1);
});

test('after the stalls the service writes again', async () => {
  const response = await insertOrganization('deadline-after');
  assert.equal(response.body, { data: { insert_organization_one: { slug: 'deadline-after' } } });
  assert.is(await organizationsWithSlug('deadline-after'), 1);
});

test('a statement the server cancels at DB_STATEMENT_TIMEOUT_MS is 503 and no outage', async () => {
  const from = logLines.length;
  const locker = new pg.Client({ connectionString: service.databaseUrl });
  await locker.connect();
  try {
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE organization IN ACCESS EXCLUSIVE MODE');
    assertUnavailable(
      await postGraphql(service, '{ organization { slug } }', { headers: asRole(null) }),
      'database statement timeout: a statement ran longer than allowed and was cancelled, and its transaction rolled back',
    );
  } finally {
    await locker.query('ROLLBACK');
    await locker.end();
  }
  const response = await postGraphql(service, '{ organization(order_by: {slug: asc}) { slug } }', {
    headers: asRole(null),
  });
  assert.equal(response.body, {
    data: { organization: [{ slug: 'deadline-after' }, { slug: 'deadline-healthy' }, { slug: 'deadline-in-doubt' }] },
  });
  assert.equal(faultLines(from), []);
});

test.run();
