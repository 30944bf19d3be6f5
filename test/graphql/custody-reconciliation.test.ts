// The reconciliation of the journal with the custodian (docs/ledger.md#reconciliation), over the
// real service's database and the custody simulator served over loopback HTTP (the HTTP client
// runs, as the service uses it): the demo wallets, adopted by the custodian, agree, their sends on
// their way held on both sides; wallets moved through sends, approvals and
// syncs agree; a deposit or a confirmation at the custodian not yet synced, and a send stored
// before its funding deposit, are reported with figures worked out here by hand; scopes; a
// custodian that is down stops the run. Expected figures come from the simulator's books or the
// database by SQL, never from the code under test.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { everyOrganization, scopeOf } from '../../src/access/organization-scope.ts';
import { adoptSimulatorWallets } from '../../src/composition/adopt-simulator-wallets.ts';
import { createCustodyReconciliation } from '../../src/domain/wallets/custody-reconciliation.ts';
import type { AssetDrift, ReconciliationReport } from '../../src/domain/wallets/reconciliation-report.ts';
import { createLogger } from '../../src/observability/logger.ts';
import { CustodyProviderError } from '../../src/providers/custody/custody-provider-error.ts';
import { createCustodyReconciliationTable } from '../../src/records/wallets/custody-reconciliation-table.ts';
import { startBusinessApi } from '../support/business-api-client.ts';
import { startCustodyFake } from '../support/provider-fakes/custody-fake.ts';
import {
  btcDestination,
  custodyMutation,
  custodyScopes,
  linkedWallet,
  organizations,
} from './support/custody-fixtures.ts';

const custody = await startCustodyFake();
const api = await startBusinessApi({ seed: 'demo', providers: [custody] });
const alice = await api.key({ organization: organizations.aurora, owner: 'demo-alice', scopes: custodyScopes });
const frank = await api.key({ organization: organizations.aurora, owner: 'demo-frank', scopes: custodyScopes });
const ethDestination = `0x${'ab'.repeat(20)}`;
// The custodian holds the demo wallets too, as the service's own simulator would adopt them.
await adoptSimulatorWallets({
  db: api.service.db,
  custody: custody.simulator,
  custodialApprovalsRequired: 1,
  logger: createLogger('silent'),
});
const reconciliation = createCustodyReconciliation({
  table: createCustodyReconciliationTable(api.service.db),
  custody: custody.client,
});

test.after(() => api.close());

const send = (input: Record<string, unknown>) => custodyMutation(api, 'send', alice.secret, input);
const sync = (walletId: number) => custodyMutation(api, 'sync', alice.secret, { walletId });
const resolve = (approvalId: string, decision: 'APPROVE' | 'REJECT') =>
  custodyMutation(api, 'resolve', frank.secret, { approvalId, decision });
const deposit = (custodianId: string, amount: string, coin?: string) =>
  custody.simulator.control.receive({ walletId: custodianId, amount, ...(coin ? { coin } : {}) });

async function wallet(coin: 'BTC' | 'ETH', approvalsRequired = 0) {
  return linkedWallet(api, custody, {
    organizationId: organizations.aurora,
    owner: 'demo-alice',
    coin,
    approvalsRequired,
  });
}

/** What the report says of these wallets only (the demo wallets share the organization). */
function driftsOf(report: ReconciliationReport, ...walletIds: number[]): AssetDrift[] {
  return report.drifts.filter((drift) => walletIds.includes(drift.walletId));
}

async function lastSyncedAt(walletId: number): Promise<Date | null> {
  const [row] = await api.rows(`SELECT last_synced_at FROM digital_wallet_transfer_sync WHERE wallet_id = $1`, [
    walletId,
  ]);
  return row?.last_synced_at ?? null;
}

test('the demo wallets agree: the journal holds their sends on their way as the custodian does', async () => {
  const wallets = await api.rows(`SELECT id FROM digital_wallet WHERE custodian_wallet_id IS NOT NULL ORDER BY id`);
  const report = await reconciliation.reconcile(everyOrganization);
  assert.equal(report.drifts, []);
  assert.equal(report.unreadable, []);
  assert.is(report.walletsCompared, wallets.length);
  assert.equal(report.driftsByAsset, { AVAX: 0, BTC: 0, ETH: 0, SOL: 0, USDC: 0, USDT: 0 });
  assert.is(report.organizationId, null);
  // The send waiting for approval is held on both sides: 2 BTC, no fee stored, none held
  // (docs/custody.md#demo-wallets-in-the-simulator).
  const [btc] = await api.rows(
    `SELECT w.custodian_wallet_id, (a.available_balance * 10::numeric ^ 8)::numeric(78, 0)::text AS available
     FROM digital_wallet w JOIN digital_wallet_asset a ON a.wallet_id = w.id AND a.symbol = 'BTC' WHERE w.id = 1`,
  );
  assert.is(btc.available, '4075000000');
  assert.is(custody.simulator.control.spendableBalance(btc.custodian_wallet_id), btc.available);
});

test('after deposits, sends held, approved, confirmed, rejected and synced, the books agree', async () => {
  const btc = await wallet('BTC', 1);
  const eth = await wallet('ETH');
  deposit(btc.custodian.id, '10000000');
  deposit(eth.custodian.id, '1000000000000000000');
  deposit(eth.custodian.id, '5000000', 'usdc');
  await sync(btc.walletId);
  await sync(eth.walletId);
  const approved = await send({ walletId: btc.walletId, address: btcDestination, amount: '150000' });
  await resolve(approved.pendingApproval.id, 'APPROVE');
  custody.simulator.control.confirmTransfer(approved.transfer.id);
  const rejected = await send({ walletId: btc.walletId, address: btcDestination, amount: '200000' });
  await resolve(rejected.pendingApproval.id, 'REJECT');
  const waiting = await send({ walletId: btc.walletId, address: btcDestination, amount: '300000' });
  assert.is(waiting.outcome, 'PENDING_APPROVAL');
  const token = await send({ walletId: eth.walletId, coin: 'USDC', address: ethDestination, amount: '1000000' });
  assert.is(token.outcome, 'TRANSFER_CREATED');
  await sync(btc.walletId);
  await sync(eth.walletId);

  const before = custody.calls.getWalletBalances ?? 0;
  const report = await reconciliation.reconcile(scopeOf(organizations.aurora));
  assert.equal(driftsOf(report, btc.walletId, eth.walletId), []);
  assert.equal(report.unreadable, []);
  // Wallets 1 to 4 and the two new ones were asked for, each once: none drifts.
  assert.is(report.walletsCompared, 6);
  assert.is((custody.calls.getWalletBalances ?? 0) - before, 6);
  assert.equal(report.driftsByAsset, { AVAX: 0, BTC: 0, ETH: 0, USDC: 0, USDT: 0 });
  // The figures compared are the custodian's own: what it lets the wallets spend, per coin.
  assert.equal(
    [
      custody.simulator.control.spendableBalance(btc.custodian.id),
      custody.simulator.control.spendableBalance(eth.custodian.id, 'usdc'),
    ],
    ['9548000', '4000000'],
  );
});

test('a deposit the custodian confirmed and no sync stored yet: the journal is short by exactly it', async () => {
  const { walletId, custodian } = await wallet('BTC');
  deposit(custodian.id, '10000000');
  await sync(walletId);
  deposit(custodian.id, '2500000');
  const report = await reconciliation.reconcile(everyOrganization);
  assert.equal(driftsOf(report, walletId), [
    {
      walletId,
      organizationId: organizations.aurora,
      custodianWalletId: custodian.id,
      asset: 'BTC',
      posted: { journal: 10000000n, custodian: 12500000n, difference: -2500000n },
      available: { journal: 10000000n, custodian: 12500000n, difference: -2500000n },
      behind: [],
      lastSyncedAt: await lastSyncedAt(walletId),
    },
  ]);
  await sync(walletId);
  assert.equal(driftsOf(await reconciliation.reconcile(everyOrganization), walletId), []);
});

test('a send confirmed at the custodian before a sync: the journal still holds it, posted differs by amount + fee', async () => {
  const { walletId, custodian } = await wallet('BTC');
  deposit(custodian.id, '10000000');
  await sync(walletId);
  const sent = await send({ walletId, address: btcDestination, amount: '150000' });
  custody.simulator.control.confirmTransfer(sent.transfer.id);
  const report = await reconciliation.reconcile(scopeOf(organizations.aurora));
  const [drift] = driftsOf(report, walletId);
  assert.equal(drift?.posted, { journal: 10000000n, custodian: 9849000n, difference: 151000n });
  assert.equal(drift?.available, { journal: 9849000n, custodian: 9849000n, difference: 0n });
  assert.equal(drift?.behind, []);
  await sync(walletId);
  assert.equal(driftsOf(await reconciliation.reconcile(scopeOf(organizations.aurora)), walletId), []);
});

test('a send stored before the deposit paying for it is listed behind, with the drift it causes', async () => {
  const { walletId, custodian } = await wallet('BTC');
  deposit(custodian.id, '3000000');
  const sent = await send({ walletId, address: btcDestination, amount: '1000000' });
  const [stored] = await api.rows(`SELECT created_at FROM digital_wallet_transaction WHERE transfer_id = $1`, [
    sent.transfer.id,
  ]);
  const [drift] = driftsOf(await reconciliation.reconcile(everyOrganization), walletId);
  // The custodian: 3,000,000 confirmed, less 1,000,000 + 1,000 held. The journal: nothing yet.
  assert.equal(drift?.posted, { journal: 0n, custodian: 3000000n, difference: -3000000n });
  assert.equal(drift?.available, { journal: 0n, custodian: 1999000n, difference: -1999000n });
  assert.equal(drift?.behind, [
    {
      transferId: sent.transfer.id,
      direction: 'send',
      coin: 'BTC',
      feeCoin: 'BTC',
      state: 'signed',
      journaledState: null,
      createdAt: stored.created_at,
    },
  ]);
  await sync(walletId);
  assert.equal(driftsOf(await reconciliation.reconcile(everyOrganization), walletId), []);
});

test("a scope reaches its own organization's wallets only", async () => {
  const meridian = await api.rows(
    `SELECT id FROM digital_wallet WHERE organization_id = $1 AND custodian_wallet_id IS NOT NULL ORDER BY id`,
    [organizations.meridian],
  );
  const report = await reconciliation.reconcile(scopeOf(organizations.meridian));
  assert.is(report.walletsCompared, meridian.length);
  assert.equal(report.drifts, []);
  assert.equal(report.unreadable, []);
  assert.is(report.organizationId, organizations.meridian);
});

test('a custodian that is down stops the run instead of marking every wallet unreadable', async () => {
  custody.failNextRequest((method, url) => method === 'GET' && /^\/api\/v2\/[^/]+\/wallet\/[^/]+$/.test(url.pathname));
  try {
    await reconciliation.reconcile(everyOrganization);
    assert.unreachable('the run should fail');
  } catch (error) {
    assert.instance(error, CustodyProviderError);
    assert.is((error as CustodyProviderError).reason, 'unavailable');
  }
});

test.run();
