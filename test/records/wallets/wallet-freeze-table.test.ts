// The freeze of a wallet by a DENIED AML screening, at the table (src/records/wallets/aml-report-table.ts,
// wallet-freeze-table.ts; docs/custody.md#aml-freeze): a report stored DENIED at once freezes its
// wallet in the same transaction with one audit entry; a wallet frozen already stays frozen by the
// first denial; an ARCHIVED wallet stays ARCHIVED but cannot become ACTIVE; the database refuses
// ACTIVE to any statement while the freeze is open, the unfreeze closes it; nothing of a report
// that is not DENIED freezes.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { sql } from 'kysely';
import { type AuditActor, platformActor } from '../../../src/records/audit/audit-log-table.ts';
import {
  type AmlReportTable,
  createAmlReportTable,
  type NewAmlReport,
} from '../../../src/records/wallets/aml-report-table.ts';
import { createWalletFreezeTable, type WalletFreezeTable } from '../../../src/records/wallets/wallet-freeze-table.ts';
import { demoWalletIds } from '../../../src/db/seed/demo-wallets.ts';
import { type DemoWalletDatabase, demoWalletDatabase, scopes } from './support/demo-wallet-database.ts';

let database: DemoWalletDatabase;
let reports: AmlReportTable;
let freezes: WalletFreezeTable;

test.before(async () => {
  database = await demoWalletDatabase();
  reports = createAmlReportTable(database.db);
  freezes = createWalletFreezeTable(database.db);
});

test.after(() => database.close());

const requester: AuditActor = { userId: 'demo-rupert', apiKeyId: null, requestId: 'freeze-table-test-0001' };

function report(walletId: number, status: NewAmlReport['status']): NewAmlReport {
  const final = status !== 'pending';
  return {
    walletId,
    provider: 'simulator',
    providerScreeningId: `freeze-table-${walletId}-${status}`,
    requestedBy: 'demo-rupert',
    status,
    riskLevel: final ? 'Severe' : null,
    riskScore: final ? 9.1 : null,
    exposures: [],
    completedAt: final ? new Date('2026-03-02T09:05:00Z') : null,
  };
}

interface WalletState {
  status: string;
  freezes: { report: string; open: boolean }[];
  audit: { action: string; user: string | null; request: string | null; details: Record<string, unknown> }[];
}

async function stateOf(walletId: number): Promise<WalletState> {
  const { rows } = await sql<WalletState>`SELECT w.status,
      (SELECT coalesce(json_agg(json_build_object('report', f.aml_report_id, 'open', f.unfrozen_at IS NULL) ORDER BY f.id), '[]')
        FROM digital_wallet_freeze f WHERE f.wallet_id = w.id) AS freezes,
      (SELECT coalesce(json_agg(json_build_object('action', a.action, 'user', a.actor_user_id, 'request', a.request_id,
          'details', a.details) ORDER BY a.id), '[]')
        FROM audit_log a WHERE a.resource_type = 'digital_wallet' AND a.resource_id = w.id::text) AS audit
    FROM digital_wallet w WHERE w.id = ${walletId}`.execute(database.db);
  if (!rows[0]) throw new Error(`no wallet ${walletId}`);
  return rows[0];
}

test('a report stored DENIED at once freezes its ACTIVE wallet with one audit entry; a second denial adds nothing', async () => {
  const walletId = demoWalletIds.meridianBtcOperating;
  const denied = await reports.insert(report(walletId, 'denied'), requester);
  const freeze = { report: denied.id, open: true };
  const entry = {
    action: 'digital_wallet.freeze',
    user: 'demo-rupert',
    request: 'freeze-table-test-0001',
    details: {
      amlReportId: denied.id,
      riskLevel: 'Severe',
      riskScore: 9.1,
      previousStatus: 'active',
      status: 'frozen',
      voidedTransferIds: [],
    },
  };
  assert.equal(await stateOf(walletId), { status: 'frozen', freezes: [freeze], audit: [entry] });
  const running = await reports.insert(report(walletId, 'pending'), platformActor);
  await reports.complete(running, report(walletId, 'denied'), platformActor);
  assert.equal(await stateOf(walletId), { status: 'frozen', freezes: [freeze], audit: [entry] });
});

test('reports that are not DENIED freeze nothing', async () => {
  const walletId = demoWalletIds.meridianSolTrading;
  const before = await stateOf(walletId);
  for (const status of ['approved', 'auto-approved'] as const)
    await reports.insert(report(walletId, status), requester);
  const running = await reports.insert(report(walletId, 'pending'), requester);
  await reports.complete(running, report(walletId, 'approved'), requester);
  assert.equal(await stateOf(walletId), before);
  assert.equal(before, { status: 'active', freezes: [], audit: [] });
});

test('an ARCHIVED wallet denied stays ARCHIVED, cannot become ACTIVE, and is not unfrozen', async () => {
  const walletId = demoWalletIds.meridianSmartTreasury;
  await sql`UPDATE digital_wallet SET status = 'archived' WHERE id = ${walletId}`.execute(database.db);
  const running = await reports.findRunning(scopes.every, walletId);
  assert.ok(running, 'the demo data has a running screening of the wallet');
  const denied = await reports.complete(running, report(walletId, 'denied'), platformActor);
  const state = await stateOf(walletId);
  assert.equal([state.status, state.freezes], ['archived', [{ report: denied?.id, open: true }]]);
  assert.equal(
    state.audit.map((entry) => [entry.user, entry.request, entry.details['status']]),
    [[null, null, 'archived']],
  );
  try {
    await sql`UPDATE digital_wallet SET status = 'active' WHERE id = ${walletId}`.execute(database.db);
    assert.unreachable('the trigger refuses ACTIVE');
  } catch (error: any) {
    assert.equal(
      [error.code, error.constraint, error.message],
      ['23514', 'digital_wallet_aml_freeze', `wallet ${walletId} is frozen by a DENIED AML screening`],
    );
  }
  const unfrozen = await freezes.unfreeze({ scope: scopes.every, walletId, actor: requester, reason: 'closed' });
  assert.equal(unfrozen, { outcome: 'notFrozen', status: 'archived' });
  await sql`UPDATE digital_wallet SET status = 'frozen' WHERE id = ${walletId}`.execute(database.db);
  assert.equal((await stateOf(walletId)).status, 'frozen');
});

test('the unfreeze closes the freeze, then the wallet may be ACTIVE; another organization does not reach it', async () => {
  const walletId = demoWalletIds.meridianBtcOperating;
  const actor: AuditActor = { userId: 'demo-admin', apiKeyId: null, requestId: 'freeze-table-test-0002' };
  assert.equal(await freezes.unfreeze({ scope: scopes.aurora, walletId, actor, reason: 'r' }), { outcome: 'notFound' });
  const unfrozen = await freezes.unfreeze({ scope: scopes.meridian, walletId, actor, reason: 'cleared' });
  const state = await stateOf(walletId);
  assert.equal(unfrozen, { outcome: 'unfrozen', amlReportId: state.freezes[0]?.report });
  assert.equal([state.status, state.freezes[0]?.open], ['active', false]);
  await sql`UPDATE digital_wallet SET status = 'frozen' WHERE id = ${walletId}`.execute(database.db);
  await sql`UPDATE digital_wallet SET status = 'active' WHERE id = ${walletId}`.execute(database.db);
  assert.equal((await stateOf(walletId)).status, 'active');
});

test.run();
