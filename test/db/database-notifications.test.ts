// LISTEN on a dedicated connection (docs/identity.md#api-key-verification): a change of an API
// key is announced by the database itself, and a lost connection is restored and reported to
// every handler without a payload, since what was sent meanwhile is gone.
import pg from 'pg';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createDatabaseNotifications } from '../../src/db/database-notifications.ts';
import { createTestDatabase } from '../support/test-database.ts';

const database = await createTestDatabase();
const sqlClient = new pg.Client({ connectionString: database.url });
await sqlClient.connect();

/** Resolves with the next `count` payloads a handler receives. */
function collector() {
  const received: (string | undefined)[] = [];
  let waiter: { count: number; resolve: () => void } | undefined;
  return {
    handler: (payload: string | undefined) => {
      received.push(payload);
      if (waiter && received.length >= waiter.count) waiter.resolve();
    },
    received,
    until: (count: number) =>
      new Promise<void>((resolve) => {
        if (received.length >= count) return resolve();
        waiter = { count, resolve };
      }),
  };
}

test.after(async () => {
  await sqlClient.end();
  await database.drop();
});

test('a revocation, a new secret and a removal are announced with the prefix; last use is not', async () => {
  const notifications = createDatabaseNotifications({ url: database.url });
  const seen = collector();
  await notifications.listen('api_key_changed', seen.handler);
  await sqlClient.query(
    `INSERT INTO api_key (name, kind, prefix, secret_hash) VALUES ('n', 'service', 'aaaaaaaaaaaa', 'h1')`,
  );
  await sqlClient.query(`UPDATE api_key SET last_used_at = now() WHERE prefix = 'aaaaaaaaaaaa'`);
  await sqlClient.query(`UPDATE api_key SET revoked_at = now() WHERE prefix = 'aaaaaaaaaaaa'`);
  await sqlClient.query(`UPDATE api_key SET secret_hash = 'h2' WHERE prefix = 'aaaaaaaaaaaa'`);
  await sqlClient.query(`DELETE FROM api_key WHERE prefix = 'aaaaaaaaaaaa'`);
  // A notification on another channel, sent last, proves the earlier ones all arrived.
  const marker = collector();
  await notifications.listen('test_marker', marker.handler);
  await sqlClient.query(`SELECT pg_notify('test_marker', 'done')`);
  await marker.until(1);
  assert.equal(seen.received, ['aaaaaaaaaaaa', 'aaaaaaaaaaaa', 'aaaaaaaaaaaa']);
  await notifications.close();
});

test('a lost connection is restored, and every handler hears of it without a payload', async () => {
  const changes: boolean[] = [];
  const notifications = createDatabaseNotifications({
    url: database.url,
    retryMs: 20,
    onConnectionChange: (connected) => changes.push(connected),
  });
  const seen = collector();
  await notifications.listen('api_key_changed', seen.handler);
  await sqlClient.query(
    `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'wealth-platform-listen' AND datname = current_database()`,
  );
  await seen.until(1);
  assert.equal(seen.received, [undefined]);
  assert.equal(changes, [false, true]);
  // Listening again after the restore.
  await sqlClient.query(`SELECT pg_notify('api_key_changed', 'bbbbbbbbbbbb')`);
  await seen.until(2);
  assert.equal(seen.received, [undefined, 'bbbbbbbbbbbb']);
  await notifications.close();
});

test.run();
