// The service's periodic reconciliation with the custodian (RECONCILE_INTERVAL_SECONDS,
// docs/ledger.md#reconciliation, docs/metrics.md#reconciliation): a service on the demo data with
// the job every second, the custody simulator over loopback HTTP holding the demo wallets. After
// a run that started once a deposit arrived at the custodian unsynced, `/metrics` counts the
// drifting wallets per asset and a `warn` line gives the new wallet's figures; after the sync the
// count drops to none. The test waits for the job's own log lines, never on a clock.
import { Writable } from 'node:stream';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { adoptSimulatorWallets } from '../../src/composition/adopt-simulator-wallets.ts';
import { createLogger } from '../../src/observability/logger.ts';
import { custodyMutation, custodyScopes, linkedWallet, organizations } from '../graphql/support/custody-fixtures.ts';
import { startBusinessApi } from '../support/business-api-client.ts';
import { eventRecorder } from '../support/event-recorder.ts';
import { startCustodyFake } from '../support/provider-fakes/custody-fake.ts';

type LogLine = Record<string, any>;

const lines = eventRecorder<LogLine>();
const custody = await startCustodyFake();
const api = await startBusinessApi({
  seed: 'demo',
  providers: [custody],
  env: { RECONCILE_INTERVAL_SECONDS: '1' },
  logDestination: new Writable({
    write(chunk, _encoding, done) {
      lines.record(JSON.parse(chunk.toString()) as LogLine);
      done();
    },
  }),
});
const alice = await api.key({ organization: organizations.aurora, owner: 'demo-alice', scopes: custodyScopes });

test.after(() => api.close());

/** Two completed runs from now: the second started after everything done before this call. */
async function aRunFromNow(): Promise<void> {
  lines.skipSeen();
  const completed = (line: LogLine) => line.msg === 'custody reconciliation completed';
  await lines.next('a reconciliation completing', completed);
  await lines.next('a reconciliation starting after the change and completing', completed);
}

/** The reconciliation's series in the exposition, `name{labels} value` as written. */
async function reconciliationSeries(): Promise<string[]> {
  const response = await api.service.request('GET', '/metrics');
  return response.text
    .split('\n')
    .filter(
      (line) =>
        line.startsWith('custody_reconciliation_') && !line.includes('_runs_total') && !line.includes('_timestamp_'),
    );
}

test('each run sets the drifting wallets per asset, and a warn line per drift names its figures', async () => {
  await adoptSimulatorWallets({
    db: api.service.db,
    custody: custody.simulator,
    custodialApprovalsRequired: 1,
    logger: createLogger('silent'),
  });
  const { walletId, custodian } = await linkedWallet(api, custody, {
    organizationId: organizations.aurora,
    owner: 'demo-alice',
  });
  custody.simulator.control.receive({ walletId: custodian.id, amount: '2500000' });
  await aRunFromNow();
  // The demo wallets agree (test/graphql/custody-demo-start.test.ts): only the new wallet's
  // unsynced deposit drifts.
  assert.equal(await reconciliationSeries(), [
    'custody_reconciliation_drifts{asset="AVAX"} 0',
    'custody_reconciliation_drifts{asset="BTC"} 1',
    'custody_reconciliation_drifts{asset="ETH"} 0',
    'custody_reconciliation_drifts{asset="SOL"} 0',
    'custody_reconciliation_drifts{asset="USDC"} 0',
    'custody_reconciliation_drifts{asset="USDT"} 0',
    'custody_reconciliation_unreadable_wallets 0',
  ]);
  const warned = lines.events.find(
    (line) => line.msg === 'journal differs from the custodian' && line.walletId === walletId,
  );
  assert.equal(
    warned && {
      level: warned.level,
      asset: warned.asset,
      journalPosted: warned.journalPosted,
      custodianConfirmed: warned.custodianConfirmed,
      postedDifference: warned.postedDifference,
      journalAvailable: warned.journalAvailable,
      custodianSpendable: warned.custodianSpendable,
      availableDifference: warned.availableDifference,
      behindTransfers: warned.behindTransfers,
      custodianWalletId: warned.custodianWalletId,
    },
    {
      level: 40,
      asset: 'BTC',
      journalPosted: '0',
      custodianConfirmed: '2500000',
      postedDifference: '-2500000',
      journalAvailable: '0',
      custodianSpendable: '2500000',
      availableDifference: '-2500000',
      behindTransfers: [],
      custodianWalletId: custodian.id,
    },
  );

  const synced = await custodyMutation(api, 'sync', alice.secret, { walletId });
  assert.is(synced.success, true);
  await aRunFromNow();
  assert.ok((await reconciliationSeries()).includes('custody_reconciliation_drifts{asset="BTC"} 0'));
  const exposition = (await api.service.request('GET', '/metrics')).text;
  assert.match(exposition, /^custody_reconciliation_runs_total\{outcome="drift"\} [1-9][0-9]*$/m);
  const completedAt = Number(/^custody_reconciliation_last_completed_timestamp_seconds (\S+)$/m.exec(exposition)?.[1]);
  assert.ok(Math.abs(completedAt * 1000 - Date.now()) < 60_000, `last completed ${completedAt}`);
});

test.run();
