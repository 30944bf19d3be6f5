// The wallets named at the custodian (src/access/wallets/custodian-wallet-holdings.ts) within an
// organization scope (docs/identity.md#organization-scope): a scope bound to an organization
// lists only that organization's wallets; every organization's scope (the simulator's adoption at
// start) lists them all.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { listCustodianWalletHoldings } from '../../../src/access/wallets/custodian-wallet-holdings.ts';
import { demoWallets } from '../../../src/db/seed/demo-wallets.ts';
import {
  aurora,
  type DemoWalletDatabase,
  demoWalletDatabase,
  meridian,
  scopes,
} from './support/demo-wallet-database.ts';

const custodianIdsOf = (organizationId: string | null) =>
  demoWallets
    .filter((wallet) => organizationId === null || wallet.organization_id === organizationId)
    .map((wallet) => wallet.custodian_wallet_id);

let database: DemoWalletDatabase;

test.before(async () => {
  database = await demoWalletDatabase();
});

test.after(() => database.close());

test("a scope bound to an organization lists that organization's wallets only", async () => {
  const listed = async (scope: (typeof scopes)[keyof typeof scopes]) =>
    (await listCustodianWalletHoldings(database.db, scope)).map((wallet) => wallet.custodianWalletId);
  assert.equal(await listed(scopes.aurora), custodianIdsOf(aurora));
  assert.equal(await listed(scopes.meridian), custodianIdsOf(meridian));
  assert.equal(await listed(scopes.every), custodianIdsOf(null));
  assert.is(custodianIdsOf(aurora).length, 4);
});

test.run();
