// A whitelist entry as the whitelist mutations read it (src/access/wallets/whitelist-write-table.ts)
// within an organization scope (docs/identity.md#organization-scope): Meridian's scope finds no
// entry of Aurora's wallet; Aurora's own scope and every organization's find it, with whether its
// removal waits for approval.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  createWhitelistWriteTable,
  type WhitelistWriteTable,
} from '../../../src/access/wallets/whitelist-write-table.ts';
import { demoTime } from '../../../src/db/seed/demo-clock.ts';
import { demoWhitelistEntries } from '../../../src/db/seed/demo-wallets.ts';
import { type DemoWalletDatabase, demoWalletDatabase, scopes, wallets } from './support/demo-wallet-database.ts';

// Aurora cold storage (Zug): approved, on Aurora's BTC custody wallet.
const seeded = demoWhitelistEntries[0]!;
const entry = {
  id: seeded.id as number,
  walletId: wallets.aurora,
  address: seeded.address,
  label: 'Aurora cold storage (Zug)',
  status: 'approved',
  createdBy: 'demo-frank',
  createdAt: demoTime(-120),
  decidedAt: demoTime(-120, 6),
};

let database: DemoWalletDatabase;
let whitelist: WhitelistWriteTable;

test.before(async () => {
  database = await demoWalletDatabase();
  whitelist = createWhitelistWriteTable(database.db);
});

test.after(() => database.close());

test("another organization's scope finds no entry of the wallet", async () => {
  assert.is(await whitelist.findEntry(scopes.meridian, wallets.aurora, entry.address), null);
});

test("the wallet's own organization and every organization find the entry, and a removal waiting for approval", async () => {
  for (const scope of [scopes.aurora, scopes.every])
    assert.equal(await whitelist.findEntry(scope, wallets.aurora, entry.address), { entry, removalPending: false });
  await whitelist.recordRemovalApproval(
    {
      id: 'e'.repeat(32),
      walletId: wallets.aurora,
      kind: 'whitelistRemove',
      createdBy: 'demo-bob',
      state: 'pending',
      approvalsRequired: 1,
      approvalsReceived: 0,
      createdAt: demoTime(0),
      resolvedAt: null,
    },
    entry.id,
  );
  for (const scope of [scopes.aurora, scopes.every])
    assert.equal(await whitelist.findEntry(scope, wallets.aurora, entry.address), { entry, removalPending: true });
  assert.is(await whitelist.findEntry(scopes.meridian, wallets.aurora, entry.address), null);
});

test.run();
