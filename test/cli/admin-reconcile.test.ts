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

test('every organization: each difference with its figures and the transfers behind, exit 2', async () => {
  const [btc] = await api.rows(
    `SELECT w.custodian_wallet_id, (a.balance * 10::numeric ^ 8)::numeric(78, 0) AS posted,
       t.transfer_id, t.amount_base_units AS amount, t.created_at
     FROM digital_wallet w JOIN digital_wallet_asset a ON a.wallet_id = w.id AND a.symbol = 'BTC'
     JOIN digital_wallet_transaction t ON t.wallet_id = w.id AND t.state = 'pendingApproval' WHERE w.id = 1`,
  );
  const [sol] = await api.rows(
    `SELECT w.custodian_wallet_id, (a.balance * 10::numeric ^ 6)::numeric(78, 0) AS usdc
     FROM digital_wallet w JOIN digital_wallet_asset a ON a.wallet_id = w.id AND a.symbol = 'USDC' WHERE w.id = 6`,
  );
  const [avax] = await api.rows(`SELECT custodian_wallet_id FROM digital_wallet WHERE id = 4`);
  // The custodian holds the waiting send's amount and its 1,000 satoshi fee.
  const spendable = BigInt(btc.posted) - BigInt(btc.amount) - 1000n;
  const result = await admin(['reconcile']);
  assert.is(result.code, 2, result.stderr);
  const [summary, ...lines] = result.stdout.trimEnd().split('\n');
  assert.match(
    summary!,
    new RegExp(
      `^reconciled 7 wallet\\(s\\) of every organization with the custodian at ${iso}: 2 difference\\(s\\), 1 wallet\\(s\\) unreadable$`,
    ),
  );
  assert.equal(lines, [
    `wallet 1 BTC (custodian ${btc.custodian_wallet_id}, organization ${organizations.aurora})`,
    `  posted     journal ${btc.posted}  custodian ${btc.posted}  difference 0  (custodian: confirmed)`,
    `  available  journal ${btc.posted}  custodian ${spendable}  difference ${BigInt(btc.posted) - spendable}  (custodian: spendable)`,
    `  behind: send ${btc.transfer_id} BTC pendingApproval, journal at nothing (${btc.created_at.toISOString()})`,
    '  last synced never',
    `wallet 6 USDC (custodian ${sol.custodian_wallet_id}, organization ${organizations.meridian})`,
    `  posted     journal ${sol.usdc}  custodian 0  difference ${sol.usdc}  (custodian: confirmed)`,
    `  available  journal ${sol.usdc}  custodian 0  difference ${sol.usdc}  (custodian: spendable)`,
    '  last synced never',
    `wallet 4 AVAX (custodian ${avax.custodian_wallet_id}, organization ${organizations.aurora}): no balances: notFound`,
  ]);
});

test('--json: the same report, figures as decimal strings', async () => {
  const [btc] = await api.rows(
    `SELECT (a.balance * 10::numeric ^ 8)::numeric(78, 0)::text AS posted FROM digital_wallet_asset a WHERE a.wallet_id = 1 AND a.symbol = 'BTC'`,
  );
  const result = await admin(['reconcile', '--organization', organizations.aurora, '--json']);
  assert.is(result.code, 2, result.stderr);
  const report = JSON.parse(result.stdout);
  assert.is(report.organizationId, organizations.aurora);
  assert.is(report.walletsCompared, 3);
  assert.equal(report.driftsByAsset, { BTC: 1, ETH: 0, USDC: 0, USDT: 0 });
  assert.equal(
    report.drifts.map((drift: any) => [drift.walletId, drift.asset, drift.posted, drift.available.journal]),
    [[1, 'BTC', { journal: btc.posted, custodian: btc.posted, difference: '0' }, btc.posted]],
  );
  assert.equal(
    report.unreadable.map((wallet: any) => [wallet.walletId, wallet.reason]),
    [[4, 'notFound']],
  );
  assert.match(report.finishedAt, new RegExp(`^${iso}$`));
});

test.run();
