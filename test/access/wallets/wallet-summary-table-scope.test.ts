// The wallet summary's reads (src/access/wallets/wallet-summary-table.ts) within an organization
// scope (docs/identity.md#organization-scope): Meridian's scope reads nothing of Aurora's wallet,
// neither its row nor its holdings; Aurora's own scope and every organization's read both.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  createWalletSummaryTable,
  readHoldingRows,
  readWalletRow,
} from '../../../src/access/wallets/wallet-summary-table.ts';
import {
  aurora,
  type DemoWalletDatabase,
  demoWalletDatabase,
  scopes,
  wallets,
} from './support/demo-wallet-database.ts';

let database: DemoWalletDatabase;

test.before(async () => {
  database = await demoWalletDatabase();
});

test.after(() => database.close());

test("another organization's scope finds no such wallet, and reads none of its rows", async () => {
  const { db } = database;
  assert.is(await createWalletSummaryTable(db).find(scopes.meridian, wallets.aurora), null);
  assert.is(await readWalletRow(db, scopes.meridian, wallets.aurora), undefined);
  assert.equal(await readHoldingRows(db, scopes.meridian, wallets.aurora), []);
});

test("the wallet's own organization and every organization read the wallet and its holdings", async () => {
  for (const scope of [scopes.aurora, scopes.every]) {
    const found = await createWalletSummaryTable(database.db).find(scope, wallets.aurora);
    assert.equal(
      { id: found?.wallet.id, label: found?.wallet.label, organizationId: found?.wallet.organizationId },
      { id: wallets.aurora, label: 'Aurora BTC Custody', organizationId: aurora },
    );
    assert.equal(
      found?.holdings.map((holding) => [holding.symbol, holding.balance]),
      [['BTC', '42.750000000000000000']],
    );
  }
});

test.run();
