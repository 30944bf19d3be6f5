// `npm run admin -- reconcile` (docs/ledger.md#reconciliation): the real CLI process against the
// demo data and the custody simulator served over loopback HTTP (CUSTODY_URL), the demo wallets
// adopted by it as the service's own simulator adopts them. Exit 0 when the books agree, 2 with
// the report when any wallet differs or cannot be read, 1 on an error; `--json` for machines.
// Expected figures come from the database by SQL.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { adoptSimulatorWallets } from '../../src/composition/adopt-simulator-wallets.ts';
import { createLogger } from '../../src/observability/logger.ts';
import { organizations } from '../graphql/support/custody-fixtures.ts';
import { startBusinessApi } from '../support/business-api-client.ts';
import { startCustodyFake } from '../support/provider-fakes/custody-fake.ts';

const run = promisify(execFile);
const repo = path.resolve(import.meta.dirname, '../..');
const custody = await startCustodyFake();
const api = await startBusinessApi({ seed: 'demo', providers: [custody] });
await adoptSimulatorWallets({
  db: api.service.db,
  custody: custody.simulator,
  custodialApprovalsRequired: 1,
  logger: createLogger('silent'),
});
const parent = mkdtempSync(path.join(tmpdir(), 'platform-admin-reconcile-'));
const dataDir = path.join(parent, 'data');
const baseEnv = {
  PATH: process.env.PATH ?? '',
  HOME: process.env.HOME ?? '',
  DATABASE_URL: api.service.databaseUrl,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  // Set, so the first command does not generate them and print them before its report.
  ADMIN_API_KEY: 'admin-reconcile-test-key-0123456789',
  DATA_ADMIN_SECRET: 'admin-reconcile-test-secret-0123456789',
};

test.after(async () => {
  await api.close();
  rmSync(parent, { recursive: true, force: true });
});

async function admin(
  args: string[],
  env: Record<string, string> = custody.env,
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [path.join(repo, 'src/cli/admin-cli.ts'), ...args], {
      env: { ...baseEnv, ...env },
      cwd: repo,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const iso = '\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z';

test('without CUSTODY_URL it refuses before opening anything: exit 1', async () => {
  const result = await admin(['reconcile'], {});
  assert.is(result.code, 1);
  assert.is(result.stdout, '');
  assert.match(result.stderr, /^error: reconcile reads the custodian at CUSTODY_URL, which is not set/);
  assert.is(existsSync(dataDir), false, 'DATA_DIR untouched');
  const usage = await admin(['reconcile', '--organization', 'aurora']);
  assert.is(usage.code, 1);
  assert.match(usage.stderr, /^error: --organization must be a UUID, got 'aurora'/);
});

test('an organization whose books agree: one line, exit 0', async () => {
  const result = await admin(['reconcile', '--organization', organizations.northbridge]);
  assert.is(result.code, 0, result.stderr);
  assert.match(
    result.stdout,
    new RegExp(
      `^reconciled 1 wallet\\(s\\) of organization ${organizations.northbridge} with the custodian at ${iso}: the journal agrees\\n$`,
    ),
  );
});

test('every organization: each difference with its figures, and a wallet the custodian does not know, exit 2', async () => {
  // The demo agrees with the custodian (test/graphql/custody-demo-start.test.ts); two differences
  // are made here: a deposit the custodian confirmed that no sync has stored, and a wallet whose
  // custodian id the custodian does not know.
  const [btc] = await api.rows(
    `SELECT w.custodian_wallet_id, (a.balance * 10::numeric ^ 8)::numeric(78, 0) AS posted,
       (a.available_balance * 10::numeric ^ 8)::numeric(78, 0) AS available
     FROM digital_wallet w JOIN digital_wallet_asset a ON a.wallet_id = w.id AND a.symbol = 'BTC' WHERE w.id = 1`,
  );
  custody.simulator.control.receive({ walletId: btc.custodian_wallet_id, amount: '5000' });
  const unknown = 'f'.repeat(24);
  await api.rows(`UPDATE digital_wallet SET custodian_wallet_id = $1 WHERE id = 8`, [unknown]);
  const [posted, available] = [BigInt(btc.posted), BigInt(btc.available)];
  const result = await admin(['reconcile']);
  assert.is(result.code, 2, result.stderr);
  const [summary, ...lines] = result.stdout.trimEnd().split('\n');
  assert.match(
    summary!,
    new RegExp(
      `^reconciled 7 wallet\\(s\\) of every organization with the custodian at ${iso}: 1 difference\\(s\\), 1 wallet\\(s\\) unreadable$`,
    ),
  );
  assert.equal(lines, [
    `wallet 1 BTC (custodian ${btc.custodian_wallet_id}, organization ${organizations.aurora})`,
    `  posted     journal ${posted}  custodian ${posted + 5000n}  difference -5000  (custodian: confirmed)`,
    `  available  journal ${available}  custodian ${available + 5000n}  difference -5000  (custodian: spendable)`,
    '  last synced never',
    `wallet 8 BTC (custodian ${unknown}, organization ${organizations.northbridge}): no balances: notFound`,
  ]);
});

test('--json: the same report, figures as decimal strings', async () => {
  const [btc] = await api.rows(
    `SELECT (a.balance * 10::numeric ^ 8)::numeric(78, 0)::text AS posted,
       (a.available_balance * 10::numeric ^ 8)::numeric(78, 0)::text AS available
     FROM digital_wallet_asset a WHERE a.wallet_id = 1 AND a.symbol = 'BTC'`,
  );
  const result = await admin(['reconcile', '--organization', organizations.aurora, '--json']);
  assert.is(result.code, 2, result.stderr);
  const report = JSON.parse(result.stdout);
  assert.is(report.organizationId, organizations.aurora);
  assert.is(report.walletsCompared, 4);
  assert.equal(report.driftsByAsset, { AVAX: 0, BTC: 1, ETH: 0, USDC: 0, USDT: 0 });
  const custodian = (BigInt(btc.posted) + 5000n).toString();
  assert.equal(
    report.drifts.map((drift: any) => [drift.walletId, drift.asset, drift.posted, drift.available.journal]),
    [[1, 'BTC', { journal: btc.posted, custodian, difference: '-5000' }, btc.available]],
  );
  assert.equal(report.unreadable, []);
  assert.match(report.finishedAt, new RegExp(`^${iso}$`));
});

test.run();
