// Which cached results a change of records drops (src/domain/wallets/record-change-tags.ts;
// docs/caches.md#writes-from-every-path): a wallet's own views for every record of it, the holders'
// aggregates only for wallet rows and holdings, every valued result for coins and prices, and
// everything for what no tag names.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { coinPriceTag } from '../../../src/domain/prices/coin-price-service.ts';
import { recordChangeTags } from '../../../src/domain/wallets/record-change-tags.ts';
import { walletOwnerTag } from '../../../src/domain/wallets/wallet-cache-tags.ts';
import type { RecordChange } from '../../../src/records/record-changes.ts';

const org = '11111111-0000-4000-8000-000000000001';
const longUser = 'u'.repeat(255);
const rows = (table: string): RecordChange => ({
  kind: 'rows',
  table,
  walletIds: [1, 7],
  organizationIds: [org],
  ownerUserIds: ['demo-alice', longUser],
});

test('wallet rows and holdings: the wallets, and their organizations and owners (long ids hashed as walletOwnerTag)', () => {
  for (const table of ['digital_wallet', 'digital_wallet_asset'])
    assert.equal(recordChangeTags(rows(table)), [
      'wallet:1',
      'wallet:7',
      `wallets-of-organization:${org}`,
      'wallets-of-user:demo-alice',
      walletOwnerTag(longUser),
    ]);
  assert.match(walletOwnerTag(longUser), /^wallets-of-user:sha256:[0-9a-f]{64}$/);
});

test("the records only a wallet's own views read: the wallets alone", () => {
  for (const table of [
    'digital_wallet_address',
    'digital_wallet_whitelist_entry',
    'digital_wallet_transaction',
    'digital_wallet_pending_approval',
    'digital_wallet_value_history',
    'aml_report',
  ])
    assert.equal(recordChangeTags(rows(table)), ['wallet:1', 'wallet:7'], table);
});

test('coins and prices: every valued result; every, or a table not known here: everything', () => {
  assert.equal(recordChangeTags(rows('coin_price')), [coinPriceTag]);
  assert.equal(recordChangeTags(rows('coin')), [coinPriceTag]);
  assert.is(recordChangeTags(rows('fund_subscription')), 'every');
  assert.is(recordChangeTags({ kind: 'every', table: 'digital_wallet' }), 'every');
  assert.is(recordChangeTags({ kind: 'every', table: null }), 'every');
});

test.run();
