// createDigitalWallet across a SIGKILL (docs/custody.md#idempotent-creation): the service runs as
// `npm start` runs it, in a child process of its own; the test holds a lock on
// digital_wallet_address so that the registration waits after the custodian made the wallet,
// kills the process right there, and starts another node on the database, whose start-up sweep
// registers the custodian's wallet under the intent the killed request recorded. No orphan: one
// wallet at the custodian, its row here, the intent completed with it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startServiceProcess } from '../robustness/service-process.ts';
import { startAmlFake } from '../support/provider-fakes/aml-fake.ts';
import { startCustodyFake } from '../support/provider-fakes/custody-fake.ts';
import { createTestDatabase } from '../support/test-database.ts';
import { startTestNode, testAdminApiKey } from '../support/test-service.ts';
import { aurora } from './support/wallet-fixtures.ts';

const custodian = await startCustodyFake({ seed: 'wallet-creation-kill' });
const aml = await startAmlFake();
const database = await createTestDatabase();
const dataDir = mkdtempSync(path.join(tmpdir(), 'platform-kill-'));
const sql = new pg.Client({ connectionString: database.url });
await sql.connect();
const locker = new pg.Client({ connectionString: database.url });
await locker.connect();

test.after(async () => {
  await sql.end();
  await locker.end();
  await custodian.close();
  await aml.close();
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function until(condition: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

test('a process killed between the custodian’s answer and the commit leaves an intent the next node’s start adopts', async () => {
  const service = await startServiceProcess({
    DATABASE_URL: database.url,
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_PORT: '0',
    DATA_DIR: dataDir,
    SEED: 'demo',
    ADMIN_API_KEY: testAdminApiKey,
    DATA_ADMIN_SECRET: 'test-data-admin-secret-0123456789',
    MARKET_DATA: 'off',
    VALUE_HISTORY: 'off',
    RECONCILE_INTERVAL_SECONDS: '0',
    PDF_PREWARM: 'false',
    ...custodian.env,
    ...aml.env,
  });
  // The registration's first insert into digital_wallet_address waits behind this lock.
  await locker.query('BEGIN');
  await locker.query('LOCK TABLE digital_wallet_address IN SHARE MODE');
  const answer = fetch(`${service.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': testAdminApiKey, 'x-acting-user': 'demo-admin' },
    body: JSON.stringify({
      query: `mutation ($input: CreateDigitalWalletInput!) { createDigitalWallet(input: $input) { success } }`,
      variables: {
        input: {
          label: 'Killed SOL',
          type: 'CUSTODIAL',
          coin: 'SOL',
          organizationId: aurora,
          idempotencyKey: 'kill-1',
        },
      },
    }),
  }).catch((error: unknown) => error);
  await until(async () => {
    const { rows } = await sql.query(
      `SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'
       AND query ILIKE 'insert into "digital_wallet_address"%'`,
    );
    return rows.length === 1;
  }, 'the registration to wait for the lock');
  assert.is(custodian.calls.createWallet, 1);
  const made = custodian.answers.createWallet;
  process.kill(service.pid, 'SIGKILL');
  assert.instance(await answer, Error);
  await locker.query('ROLLBACK');

  // The killed request's transaction is rolled back: nothing registered, the intent pending.
  const { rows: claims } = await sql.query(
    `SELECT id, state, reference FROM idempotency_key WHERE idempotency_key = 'kill-1'`,
  );
  assert.equal(
    claims.map((claim) => claim.state),
    ['pending'],
  );
  assert.is((await custodian.simulator.findWalletByReference('sol', claims[0].reference))?.id, made.id);
  assert.equal((await sql.query('SELECT id FROM digital_wallet WHERE custodian_wallet_id = $1', [made.id])).rows, []);

  // Older than a request may run: its request is gone.
  await sql.query(`UPDATE idempotency_key SET updated_at = now() - interval '3 minutes' WHERE id = $1`, [claims[0].id]);
  const node = await startTestNode(database.url, { ...custodian.env, ...aml.env });
  await node.stop();

  const { rows: wallets } = await sql.query(
    'SELECT id, label, organization_id, created_by FROM digital_wallet WHERE custodian_wallet_id = $1',
    [made.id],
  );
  assert.equal(
    wallets.map(({ label, organization_id, created_by }) => ({ label, organization_id, created_by })),
    [{ label: 'Killed SOL', organization_id: aurora, created_by: 'demo-admin' }],
  );
  assert.equal((await sql.query('SELECT state, result_ref FROM idempotency_key WHERE id = $1', [claims[0].id])).rows, [
    { state: 'completed', result_ref: String(wallets[0].id) },
  ]);
  assert.is(custodian.calls.createWallet, 1);
});

test.run();
