// A holder's holdings summed (src/access/wallets/holdings-aggregate-table.ts) within an
// organization scope (docs/identity.md#organization-scope): Meridian's scope counts none of
// Aurora's wallets, whether asked for Aurora or for one of its users; Aurora's own scope and
// every organization's count them.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  createHoldingsAggregateTable,
  type HoldingsAggregateTable,
} from '../../../src/access/wallets/holdings-aggregate-table.ts';
import { demoWalletIds } from '../../../src/db/seed/demo-wallets.ts';
import { aurora, type DemoWalletDatabase, demoWalletDatabase, scopes } from './support/demo-wallet-database.ts';

const organization = { kind: 'organization', organizationId: aurora } as const;
// Frank owns Aurora's ETH treasury and its frozen AVAX wallet.
const frank = { kind: 'user', userId: 'demo-frank' } as const;

let database: DemoWalletDatabase;
let table: HoldingsAggregateTable;

test.before(async () => {
  database = await demoWalletDatabase();
  table = createHoldingsAggregateTable(database.db);
});

test.after(() => database.close());

test("another organization's scope counts none of the organization's or its user's wallets", async () => {
  assert.equal(await table.aggregate(scopes.meridian, organization), { walletIds: [], holdings: [] });
  assert.equal(await table.aggregate(scopes.meridian, frank), { walletIds: [], holdings: [] });
});

test("the organization's own scope and every organization's count its wallets", async () => {
  const { auroraBtcCustody, auroraEthTreasury, auroraSmart, auroraAvaxLegacy } = demoWalletIds;
  for (const scope of [scopes.aurora, scopes.every]) {
    const counted = await table.aggregate(scope, organization);
    assert.equal(
      {
        walletIds: counted.walletIds,
        symbols: counted.holdings.map((holding) => [holding.symbol, holding.walletIds]),
      },
      {
        walletIds: [auroraBtcCustody, auroraEthTreasury, auroraSmart, auroraAvaxLegacy],
        symbols: [
          ['AVAX', [auroraAvaxLegacy]],
          ['BTC', [auroraBtcCustody]],
          ['ETH', [auroraEthTreasury, auroraSmart]],
          ['USDC', [auroraEthTreasury, auroraSmart]],
          ['USDT', [auroraEthTreasury]],
        ],
      },
    );
    assert.equal((await table.aggregate(scope, frank)).walletIds, [auroraEthTreasury, auroraAvaxLegacy]);
  }
});

test.run();
