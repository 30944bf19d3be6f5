// The wallets named at the custodian (src/records/wallets/custodian-wallet-holdings-table.ts) within an
// organization scope (docs/identity.md#organization-scope): a scope bound to an organization
// lists only that organization's wallets; every organization's scope (the simulator's adoption at
// start) lists them all. The whitelist adopted is the current one: approved entries, not the
// removed ones kept as history (migration 0013).
import { sql } from 'kysely';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { listCustodianWalletHoldings } from '../../../src/records/wallets/custodian-wallet-holdings-table.ts';
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

test('the adopted whitelist holds the approved entries, not the removed ones', async () => {
  const whitelists = async () =>
    Object.fromEntries(
      (await listCustodianWalletHoldings(database.db, scopes.every)).map((wallet) => [
        wallet.custodianWalletId,
        wallet.whitelist.map((entry) => entry.address),
      ]),
    );
  const before = await whitelists();
  const { rows } = await sql<{
    address: string;
    custodian: string;
  }>`SELECT e.address, w.custodian_wallet_id AS custodian
    FROM digital_wallet_whitelist_entry e JOIN digital_wallet w ON w.id = e.wallet_id
    WHERE e.status = 'approved' ORDER BY e.id LIMIT 1`.execute(database.db);
  const [approved] = rows;
  assert.ok(approved && before[approved.custodian]?.includes(approved.address), 'an approved entry is adopted');
  await sql`UPDATE digital_wallet_whitelist_entry SET status = 'removed', removed_at = now(), removed_by = 'demo-frank'
    WHERE address = ${approved.address}`.execute(database.db);
  assert.equal(await whitelists(), {
    ...before,
    [approved.custodian]: before[approved.custodian]!.filter((address) => address !== approved.address),
  });
});

test.run();
