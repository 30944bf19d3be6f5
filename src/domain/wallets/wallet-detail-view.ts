// The business API's full view of a wallet (schema.graphql DigitalWalletDetail) from its rows:
// the summary fields computed exactly as the summary computes them (walletSummaryView), then its
// addresses, whitelist, newest transfers and AML status. The value history is not part of it:
// it depends on the field's own arguments (wallet-detail-service.ts).
import type { WalletDetailRows } from '../../records/wallets/wallet-detail-table.ts';
import { type AddressView, addressView, type WhitelistEntryView, whitelistEntryView } from './wallet-record-views.ts';
import { type WalletAmlStatusView, walletAmlStatus } from './wallet-aml-status.ts';
import { type WalletSummaryView, walletSummaryView } from './wallet-summary-service.ts';
import { type WalletTransferView, transferView } from './wallet-transfer-view.ts';

export interface WalletDetailView extends WalletSummaryView {
  addresses: AddressView[];
  whitelistEntries: WhitelistEntryView[];
  /** The newest transfers up to the most `recentTransactions` may ask for; the field takes its `limit` of them. */
  recentTransfers: WalletTransferView[];
  amlStatus: WalletAmlStatusView | null;
}

export function walletDetailView(rows: WalletDetailRows, at: Date, priceMaxAgeMs: number): WalletDetailView {
  return {
    ...walletSummaryView(rows, at, priceMaxAgeMs),
    addresses: rows.addresses.map(addressView),
    whitelistEntries: rows.whitelistEntries.map(whitelistEntryView),
    recentTransfers: rows.transfers.map(transferView),
    amlStatus: walletAmlStatus(rows.amlReports),
  };
}
