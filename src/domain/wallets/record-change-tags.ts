// Which cached business results a change of records affects (docs/caches.md#writes-from-every-path):
// the tags of wallet-cache-tags.ts and the coin prices' tag, for a change announced by the
// database whoever made it. A wallet's own views read its row and every record of it; the holders'
// aggregates read only wallet rows and holdings, so only those two tables name the organizations
// and owners. A table this map does not know drops every result: safe before it is taught.
import type { RecordChange } from '../../records/record-changes.ts';
import { coinPriceTag } from '../prices/coin-price-service.ts';
import { walletOrganizationTag, walletOwnerTag, walletTag } from './wallet-cache-tags.ts';

/** Tables whose rows the holders' aggregates (net worth, digital assets) sum. */
const aggregatedTables: ReadonlySet<string> = new Set(['digital_wallet', 'digital_wallet_asset']);

/** Tables read only by a wallet's own views (summary, detail, value history). */
const walletViewTables: ReadonlySet<string> = new Set([
  'digital_wallet_address',
  'digital_wallet_whitelist_entry',
  'digital_wallet_transaction',
  'digital_wallet_pending_approval',
  'digital_wallet_value_history',
  'aml_report',
]);

/** Coin names and prices: every valued result reads them. */
const coinTables: ReadonlySet<string> = new Set(['coin', 'coin_price']);

/** The tags to invalidate, or `every` when no tag names what changed. */
export function recordChangeTags(change: RecordChange): string[] | 'every' {
  if (change.kind === 'every') return 'every';
  const { table } = change;
  if (coinTables.has(table)) return [coinPriceTag];
  const wallets = change.walletIds.map(walletTag);
  if (walletViewTables.has(table)) return wallets;
  if (!aggregatedTables.has(table)) return 'every';
  return [...wallets, ...change.organizationIds.map(walletOrganizationTag), ...change.ownerUserIds.map(walletOwnerTag)];
}
