// A fresh demo service, as `npm start` runs it (the in-process custody simulator, no CUSTODY_URL):
// the start-up pass carries the seed's sends on their way into the journal, so available balances
// hold them before any wallet is touched (docs/ledger.md#custody-transfers); the simulator adopts
// the demo wallets holding what the journal holds, so the first reconciliation finds no drift and
// no unreadable wallet (docs/custody.md#demo-wallets-in-the-simulator); two nodes starting
// together on one empty database hold each send once, and a restart posts nothing. Expected
// figures are the demo data's own (demo-wallets.ts, demo-wallet-activity.ts) or read by SQL.
import { Writable } from 'node:stream';
import pg from 'pg';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startBusinessApi } from '../support/business-api-client.ts';
import { eventRecorder } from '../support/event-recorder.ts';
import { createTestDatabase } from '../support/test-database.ts';
import { startTestNode } from '../support/test-service.ts';

type LogLine = Record<string, any>;

const lines = eventRecorder<LogLine>();
const api = await startBusinessApi({
  seed: 'demo',
  env: {
    // One run at start; the adopted sends stay where the demo left them while the test reads.
    RECONCILE_INTERVAL_SECONDS: '3600',
    CUSTODY_SIM_BROADCAST_MS: '86400000',
    CUSTODY_SIM_CONFIRM_MS: '86400000',
  },
  logDestination: new Writable({
    write(chunk, _encoding, done) {
      lines.record(JSON.parse(chunk.toString()) as LogLine);
      done();
    },
  }),
});

test.after(() => api.close());

/** The journal's holds of custody sends: `send:` and `send-fee:` pending transfers not yet resolved. */
const openHolds = `SELECT t.id, t.amount::text AS amount FROM ledger_transfer t
  WHERE t.kind = 'pending' AND t.id ~ '^send(-fee)?:'
    AND NOT EXISTS (SELECT 1 FROM ledger_transfer r WHERE r.pending_id = t.id) ORDER BY t.id`;

/** The demo's sends on their way: each should be held by exactly its amount (the demo stores no fee). */
const sendsOnTheirWay = `SELECT 'send:' || transfer_id AS id, amount_base_units::text AS amount FROM digital_wallet_transaction
  WHERE direction = 'send' AND state IN ('initialized', 'pendingApproval', 'signed', 'unconfirmed') ORDER BY 1`;

test('right after start every demo transfer is journaled, and each send on its way is held', async () => {
  const inFlight = await api.rows(sendsOnTheirWay);
  assert.is(inFlight.length, 4, 'the demo has four sends on their way (demo-wallet-activity.ts)');
  assert.equal(await api.rows(openHolds), inFlight);
  assert.equal(
    await api.rows(`SELECT transfer_id FROM digital_wallet_transaction WHERE journaled_state IS DISTINCT FROM state`),
    [],
  );
  // Aurora ETH Treasury: 1,250,000 USDC less the signed 250,000; 310.5 ETH less the unconfirmed 5.
  const treasury = await api.rows(
    `SELECT symbol, balance::text, available_balance::text FROM digital_wallet_asset WHERE wallet_id = 2 ORDER BY symbol`,
  );
  assert.equal(
    treasury.map((row) => [row.symbol, Number(row.balance), Number(row.available_balance)]),
    [
      ['ETH', 310.5, 305.5],
      ['USDC', 1250000, 1000000],
      ['USDT', 400000, 400000],
    ],
  );
});

test('the first reconciliation of the fresh demo finds every wallet agreeing with the simulator', async () => {
  const completed = await lines.next(
    'the reconciliation at start',
    (line) => line.msg === 'custody reconciliation completed',
  );
  const [{ wallets }] = await api.rows(
    `SELECT count(*)::int AS wallets FROM digital_wallet WHERE custodian_wallet_id IS NOT NULL`,
  );
  assert.equal([completed.wallets, completed.drifts, completed.unreadable], [wallets, 0, 0]);
  assert.equal(
    lines.events.filter((line) => line.level >= 40 && /custod/.test(String(line.msg))).map((line) => line.msg),
    [],
    'no drift, no unreadable wallet, no wallet left out of the simulator',
  );
  const adopted = lines.events.find((line) => line.msg === 'custody simulator: adopted the wallets of the database');
  assert.equal([adopted?.adopted, adopted?.leftOut], [wallets, []]);
});

test('two nodes starting together on one empty database hold each send once; a restart posts nothing', async () => {
  const database = await createTestDatabase();
  const env = { SEED: 'demo' };
  const client = new pg.Client({ connectionString: database.url });
  try {
    const nodes = await Promise.all([startTestNode(database.url, env), startTestNode(database.url, env)]);
    await client.connect();
    const journal = async () =>
      (await client.query(`SELECT id, amount::text AS amount FROM ledger_transfer ORDER BY id`)).rows;
    const inFlight = (await client.query(sendsOnTheirWay)).rows;
    assert.equal((await client.query(openHolds)).rows, inFlight);
    const before = await journal();
    for (const node of nodes) await node.stop();
    const restarted = await startTestNode(database.url, env);
    await restarted.stop();
    assert.equal(await journal(), before);
  } finally {
    await client.end();
    await database.drop();
  }
});

test.run();
