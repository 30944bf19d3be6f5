// A wallet's running AML report (src/records/wallets/aml-report-table.ts) within an organization
// scope (docs/identity.md#organization-scope): Meridian's scope finds no running report of
// Aurora's wallet; Aurora's own scope and every organization's find it.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { platformActor } from '../../../src/records/audit/audit-log-table.ts';
import { type AmlReportTable, createAmlReportTable } from '../../../src/records/wallets/aml-report-table.ts';
import { type DemoWalletDatabase, demoWalletDatabase, scopes, wallets } from './support/demo-wallet-database.ts';

let database: DemoWalletDatabase;
let reports: AmlReportTable;
let runningId: string;

test.before(async () => {
  database = await demoWalletDatabase();
  reports = createAmlReportTable(database.db);
  const running = await reports.insert(
    {
      walletId: wallets.aurora,
      provider: 'simulator',
      providerScreeningId: 'scope-test-screening',
      requestedBy: 'demo-frank',
      status: 'pending',
      riskLevel: null,
      riskScore: null,
      exposures: [],
      completedAt: null,
    },
    platformActor,
  );
  runningId = running.id;
});

test.after(() => database.close());

test("another organization's scope finds no running report of the wallet", async () => {
  assert.is(await reports.findRunning(scopes.meridian, wallets.aurora), null);
});

test("the wallet's own organization and every organization find its running report", async () => {
  for (const scope of [scopes.aurora, scopes.every]) {
    const running = await reports.findRunning(scope, wallets.aurora);
    assert.equal(
      [running?.id, running?.walletId, running?.status, running?.providerScreeningId],
      [runningId, wallets.aurora, 'pending', 'scope-test-screening'],
    );
  }
});

test.run();
