// Migration 0022 (src/db/migrations/0022-data-layer-table-notify.ts; docs/data-layer.md#refresh):
// every table permissions.yaml tracks has the statement trigger that notifies `data_changed` with
// the table's name (a table tracked later needs a migration adding it), a transaction's repeated
// writes to one table are announced once, at commit, and a rollback announces nothing.
import pg from 'pg';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { permissionModel } from '../../generated/permissions/compiled-permissions.ts';
import { createDatabaseNotifications, type DatabaseNotifications } from '../../src/db/database-notifications.ts';
import { dataLayerTables } from '../../src/db/migrations/0022-data-layer-table-notify.ts';
import { dataChangedChannel } from '../../src/records/data-layer-sql/data-changed.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

let database: TestDatabase;
let client: pg.Client;
let notifications: DatabaseNotifications;
const received: (string | undefined)[] = [];
let markerSeen: (() => void) | undefined;

test.before(async () => {
  database = await createTestDatabase();
  client = new pg.Client({ connectionString: database.url });
  await client.connect();
  notifications = createDatabaseNotifications({ url: database.url });
  await notifications.listen(dataChangedChannel, (payload) => received.push(payload));
  await notifications.listen('test_marker', () => markerSeen?.());
});

test.after(async () => {
  await notifications?.close();
  await client?.end();
  await database?.drop();
});

/** Everything notified before a marker sent after it: notifications arrive in commit order. */
async function notifiedBy(statements: readonly string[]): Promise<(string | undefined)[]> {
  received.length = 0;
  for (const statement of statements) await client.query(statement);
  const seen = new Promise<void>((resolve) => (markerSeen = resolve));
  await client.query(`NOTIFY test_marker`);
  await seen;
  return [...received];
}

test('every tracked table has the data_changed trigger', async () => {
  const { rows } = await client.query<{ table: string }>(
    `SELECT c.relname AS table FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
     WHERE t.tgname = c.relname || '_data_changed' ORDER BY 1`,
  );
  const tracked = Object.keys(permissionModel.tables).sort();
  assert.equal(
    rows.map((row) => row.table),
    tracked,
  );
  assert.equal([...dataLayerTables].sort(), tracked);
});

test('a transaction writing a table twice announces it once, at commit; a rollback announces nothing', async () => {
  const insert = `INSERT INTO audit_log (action, resource_type) VALUES ('x', 'test')`;
  assert.equal(await notifiedBy(['BEGIN', insert, insert, 'COMMIT']), ['audit_log']);
  assert.equal(await notifiedBy(['BEGIN', insert, 'ROLLBACK']), []);
  assert.equal(await notifiedBy([`UPDATE coin SET name = name WHERE false`]), ['coin']);
});

test.run();
