// Wallets of each kind (custodial, hot, smart) in each client organization, plus the fund
// custody wallet. Asset USD values are balance × unit price rounded to cents and a wallet's
// USD value is the sum of its assets, as the portfolio views compute them.
import type { Insertable } from 'kysely';
import type {
  DigitalWalletAddressTable,
  DigitalWalletAssetTable,
  DigitalWalletTable,
  DigitalWalletWhitelistEntryTable,
} from '../../../generated/database/database.ts';
import { demoTime } from './demo-clock.ts';
import { multiply, sum } from './demo-decimal.ts';
import { demoAddress, demoHex } from './demo-fake-values.ts';
import { type DemoSymbol, demoCoins, demoUsdPrices } from './demo-market.ts';
import { demoOrganizationIds } from './demo-organizations.ts';

export const demoWalletIds = {
  auroraBtcCustody: 1,
  auroraEthTreasury: 2,
  auroraSmart: 3,
  auroraAvaxLegacy: 4,
  meridianBtcOperating: 5,
  meridianSolTrading: 6,
  meridianSmartTreasury: 7,
  northbridgeFundCustody: 8,
} as const;

const w = demoWalletIds;

export function demoNetworkOf(symbol: string): string {
  const coin = demoCoins.find((candidate) => candidate.symbol === symbol);
  if (!coin) throw new Error(`no demo coin ${symbol}`);
  return coin.network;
}

let nextAssetId = 1;
function asset(walletId: number, symbol: DemoSymbol, balance: string): Insertable<DigitalWalletAssetTable> {
  const unitPrice = demoUsdPrices[symbol];
  return {
    id: nextAssetId++,
    wallet_id: walletId,
    symbol,
    balance,
    unit_price_usd: unitPrice,
    usd_value: multiply([balance, unitPrice], 2),
    updated_at: demoTime(0, 0, -5),
  };
}

export const demoWalletAssets: Insertable<DigitalWalletAssetTable>[] = [
  asset(w.auroraBtcCustody, 'BTC', '42.75'),
  asset(w.auroraEthTreasury, 'ETH', '310.5'),
  asset(w.auroraEthTreasury, 'USDC', '1250000'),
  asset(w.auroraEthTreasury, 'USDT', '400000'),
  asset(w.auroraSmart, 'ETH', '12.4'),
  asset(w.auroraSmart, 'USDC', '85000'),
  asset(w.auroraAvaxLegacy, 'AVAX', '5200'),
  asset(w.meridianBtcOperating, 'BTC', '8.1234'),
  asset(w.meridianSolTrading, 'SOL', '15400'),
  asset(w.meridianSolTrading, 'USDC', '220000'),
  asset(w.meridianSmartTreasury, 'ETH', '95.25'),
  asset(w.meridianSmartTreasury, 'USDC', '500000'),
  asset(w.northbridgeFundCustody, 'BTC', '120.5'),
];

/** The wallet's USD value: the sum of its assets' USD values. */
export function demoWalletUsdValue(walletId: number): string {
  return sum(
    demoWalletAssets.filter((row) => row.wallet_id === walletId).map((row) => row.usd_value as string),
    2,
  );
}

interface WalletSpec {
  id: number;
  organizationId: string;
  owner: string;
  createdBy: string;
  label: string;
  coin: DemoSymbol;
  walletType: 'custodial' | 'hot' | 'smart';
  status?: 'active' | 'frozen' | 'archived';
  createdDaysAgo: number;
}

function wallet(spec: WalletSpec): Insertable<DigitalWalletTable> {
  return {
    id: spec.id,
    organization_id: spec.organizationId,
    owner_user_id: spec.owner,
    label: spec.label,
    coin: spec.coin,
    wallet_type: spec.walletType,
    status: spec.status ?? 'active',
    usd_value: demoWalletUsdValue(spec.id),
    custodian_wallet_id: demoHex(`custodian-wallet-${spec.id}`, 24),
    created_by: spec.createdBy,
    created_at: demoTime(-spec.createdDaysAgo),
    updated_at: demoTime(0, 0, -5),
  };
}

const { aurora, meridian, northbridge } = demoOrganizationIds;

export const demoWallets: Insertable<DigitalWalletTable>[] = [
  wallet({
    id: w.auroraBtcCustody,
    organizationId: aurora,
    owner: 'demo-alice',
    createdBy: 'demo-frank',
    label: 'Aurora BTC Custody',
    coin: 'BTC',
    walletType: 'custodial',
    createdDaysAgo: 500,
  }),
  wallet({
    id: w.auroraEthTreasury,
    organizationId: aurora,
    owner: 'demo-frank',
    createdBy: 'demo-frank',
    label: 'Aurora ETH Treasury',
    coin: 'ETH',
    walletType: 'hot',
    createdDaysAgo: 480,
  }),
  wallet({
    id: w.auroraSmart,
    organizationId: aurora,
    owner: 'demo-bob',
    createdBy: 'demo-frank',
    label: 'Aurora Smart Wallet',
    coin: 'ETH',
    walletType: 'smart',
    createdDaysAgo: 200,
  }),
  wallet({
    id: w.auroraAvaxLegacy,
    organizationId: aurora,
    owner: 'demo-frank',
    createdBy: 'demo-frank',
    label: 'Aurora AVAX (legacy)',
    coin: 'AVAX',
    walletType: 'hot',
    status: 'frozen',
    createdDaysAgo: 460,
  }),
  wallet({
    id: w.meridianBtcOperating,
    organizationId: meridian,
    owner: 'demo-grace',
    createdBy: 'demo-grace',
    label: 'Meridian Operating BTC',
    coin: 'BTC',
    walletType: 'custodial',
    createdDaysAgo: 400,
  }),
  wallet({
    id: w.meridianSolTrading,
    organizationId: meridian,
    owner: 'demo-ivan',
    createdBy: 'demo-grace',
    label: 'Meridian SOL Trading',
    coin: 'SOL',
    walletType: 'hot',
    createdDaysAgo: 300,
  }),
  wallet({
    id: w.meridianSmartTreasury,
    organizationId: meridian,
    owner: 'demo-grace',
    createdBy: 'demo-grace',
    label: 'Meridian Smart Treasury',
    coin: 'ETH',
    walletType: 'smart',
    createdDaysAgo: 150,
  }),
  wallet({
    id: w.northbridgeFundCustody,
    organizationId: northbridge,
    owner: 'demo-olivia',
    createdBy: 'demo-olivia',
    label: 'Northbridge Digital Asset Fund I Custody',
    coin: 'BTC',
    walletType: 'custodial',
    createdDaysAgo: 700,
  }),
];

let nextAddressId = 1;
function address(walletId: number, label: string, createdDaysAgo: number): Insertable<DigitalWalletAddressTable> {
  const coin = demoWallets.find((row) => row.id === walletId)?.coin as string;
  const id = nextAddressId++;
  return {
    id,
    wallet_id: walletId,
    address: demoAddress(demoNetworkOf(coin), `address-${id}`),
    network: demoNetworkOf(coin),
    label,
    created_at: demoTime(-createdDaysAgo),
  };
}

export const demoWalletAddresses: Insertable<DigitalWalletAddressTable>[] = [
  address(w.auroraBtcCustody, 'Primary deposit', 500),
  address(w.auroraBtcCustody, 'Q4 rebalancing deposit', 90),
  address(w.auroraEthTreasury, 'Primary deposit', 480),
  address(w.auroraSmart, 'Smart account', 200),
  address(w.auroraAvaxLegacy, 'C-Chain deposit', 460),
  address(w.meridianBtcOperating, 'Primary deposit', 400),
  address(w.meridianBtcOperating, 'Customer settlements', 60),
  address(w.meridianSolTrading, 'Primary deposit', 300),
  address(w.meridianSmartTreasury, 'Smart account', 150),
  address(w.northbridgeFundCustody, 'Subscriptions in kind', 700),
];

let nextWhitelistId = 1;
function whitelistEntry(
  walletId: number,
  label: string,
  status: 'pending' | 'approved' | 'rejected',
  createdBy: string,
  createdDaysAgo: number,
): Insertable<DigitalWalletWhitelistEntryTable> {
  const coin = demoWallets.find((row) => row.id === walletId)?.coin as string;
  const id = nextWhitelistId++;
  return {
    id,
    wallet_id: walletId,
    address: demoAddress(demoNetworkOf(coin), `whitelist-${id}`),
    label,
    status,
    created_by: createdBy,
    created_at: demoTime(-createdDaysAgo),
    decided_at: status === 'pending' ? null : demoTime(-createdDaysAgo, 6),
  };
}

/** One list with every whitelist status: pending → approved | rejected (docs/domain.md#wallets-and-custody). */
export const demoWhitelistEntries: Insertable<DigitalWalletWhitelistEntryTable>[] = [
  whitelistEntry(w.auroraBtcCustody, 'Aurora cold storage (Zug)', 'approved', 'demo-frank', 120),
  whitelistEntry(w.auroraBtcCustody, 'Kraken institutional deposit', 'pending', 'demo-bob', 2),
  whitelistEntry(w.auroraEthTreasury, 'Coinbase Prime settlement', 'approved', 'demo-frank', 300),
  whitelistEntry(w.auroraEthTreasury, 'Unverified OTC counterparty', 'rejected', 'demo-bob', 40),
  whitelistEntry(w.meridianBtcOperating, 'Meridian cold storage', 'approved', 'demo-grace', 380),
  whitelistEntry(w.meridianBtcOperating, 'Bitstamp deposit', 'pending', 'demo-ivan', 1),
  whitelistEntry(w.meridianSolTrading, 'Unknown Solana address', 'rejected', 'demo-ivan', 15),
  whitelistEntry(w.northbridgeFundCustody, 'Fund I prime broker', 'approved', 'demo-olivia', 650),
];
