// The wallet detail's reads (src/access/wallets/wallet-detail-table.ts) within an organization
// scope (docs/identity.md#organization-scope): Meridian's scope finds no detail and no value of
// Aurora's wallet; Aurora's own scope and every organization's read them.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createWalletDetailTable, type WalletDetailTable } from '../../../src/access/wallets/wallet-detail-table.ts';
import { demoTime } from '../../../src/db/seed/demo-clock.ts';
import { demoWalletUsdValue } from '../../../src/db/seed/demo-wallets.ts';
import {
  aurora,
  type DemoWalletDatabase,
  demoWalletDatabase,
  scopes,
  wallets,
} from './support/demo-wallet-database.ts';

const limits = { addresses: 10, whitelistEntries: 10, transfers: 10 };

let database: DemoWalletDatabase;
let table: WalletDetailTable;

test.before(async () => {
  database = await demoWalletDatabase();
  table = createWalletDetailTable(database.db);
});

test.after(() => database.close());

test("another organization's scope finds no detail of the wallet", async () => {
  assert.is(await table.find(scopes.meridian, wallets.aurora, limits), null);
});

test("the wallet's own organization and every organization read the whole detail", async () => {
  for (const scope of [scopes.aurora, scopes.every]) {
    const rows = await table.find(scope, wallets.aurora, limits);
    assert.equal(
      {
        wallet: [rows?.wallet.id, rows?.wallet.organizationId],
        holdings: rows?.holdings.map((holding) => holding.symbol),
        addresses: rows?.addresses.map((address) => address.label),
        whitelist: rows?.whitelistEntries.map((entry) => entry.label),
        transfers: rows?.transfers.length,
        amlReports: rows?.amlReports.map((report) => report.screeningStatus),
      },
      {
        wallet: [wallets.aurora, aurora],
        holdings: ['BTC'],
        addresses: ['Q4 rebalancing deposit', 'Primary deposit'],
        whitelist: ['Kraken institutional deposit', 'Aurora cold storage (Zug)'],
        transfers: 3,
        amlReports: ['approved'],
      },
    );
  }
});

test("another organization's scope reads no value of the wallet; its own and every organization's do", async () => {
  // The newest demo value is recorded at the base date: the wallet's current value.
  const at = [demoTime(0)];
  assert.equal(await table.valuesAt(scopes.meridian, wallets.aurora, at), []);
  const expected = [{ at: demoTime(0), usdValue: demoWalletUsdValue(wallets.aurora) }];
  assert.equal(await table.valuesAt(scopes.aurora, wallets.aurora, at), expected);
  assert.equal(await table.valuesAt(scopes.every, wallets.aurora, at), expected);
});

test.run();
