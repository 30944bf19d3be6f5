// The reconciliation's report and its one rule (docs/ledger.md#reconciliation): per wallet and
// asset, the journal's posted balance against the custodian's confirmed one, and the journal's
// available balance (posted − held) against the custodian's spendable one, in base units
// (`bigint`). A difference is journal − custodian: positive when the journal holds more. Coins the
// platform does not list are not compared: no journal account can hold them, and the sync does
// not store their transfers (docs/custody.md#syncing-transfers).
import type { CustodyWalletBalances } from '../../providers/custody/custody-provider.ts';
import type { BehindTransfer, JournalHolding } from '../../records/wallets/custody-reconciliation-table.ts';
import { platformCoin } from './custody-transfer-records.ts';

export type { BehindTransfer } from '../../records/wallets/custody-reconciliation-table.ts';

export interface Figures {
  journal: bigint;
  custodian: bigint;
  /** journal − custodian. */
  difference: bigint;
}

/** One asset of one wallet, as both books hold it. */
export interface AssetComparison {
  asset: string;
  /** The journal's posted balance against the custodian's confirmed balance. */
  posted: Figures;
  /** The journal's available balance against the custodian's spendable balance. */
  available: Figures;
}

/** A wallet and asset whose books differ, with the transfers the journal has not caught up with. */
export interface AssetDrift extends AssetComparison {
  walletId: number;
  organizationId: string;
  custodianWalletId: string;
  /** The wallet's stored transfers of this asset (or paying their fee in it) the journal does not reflect yet. */
  behind: BehindTransfer[];
  lastSyncedAt: Date | null;
}

/** A wallet whose balances the custodian would not give (it does not know the wallet, a broken answer). */
export interface UnreadableWallet {
  walletId: number;
  organizationId: string;
  custodianWalletId: string;
  coin: string;
  /** The custody port's reason (docs/custody.md#errors): `notFound`, `unsupportedCoin`, `badResponse`, … */
  reason: string;
}

export interface ReconciliationReport {
  /** The scope's organization; null: every organization. */
  organizationId: string | null;
  startedAt: Date;
  finishedAt: Date;
  /** Wallets whose balances the custodian gave and were compared. */
  walletsCompared: number;
  /** Every asset compared, with the number of wallets drifting in it (0 when none). */
  driftsByAsset: Record<string, number>;
  drifts: AssetDrift[];
  unreadable: UnreadableWallet[];
}

/** Both books of one wallet, per asset either holds; an asset missing from one side holds 0 there. */
export function compareBooks(
  journal: readonly JournalHolding[],
  custodian: CustodyWalletBalances,
  listedCoins: ReadonlySet<string>,
): AssetComparison[] {
  const reported = new Map(custodian.balances.map((balance) => [platformCoin(balance.coin), balance]));
  const held = new Map(journal.map((holding) => [holding.asset, holding]));
  const assets = [...new Set([...held.keys(), ...reported.keys()])].filter((asset) => listedCoins.has(asset)).sort();
  return assets.map((asset) => {
    const ours = held.get(asset);
    const theirs = reported.get(asset);
    return {
      asset,
      posted: figures(ours?.posted, theirs?.confirmedBalance),
      available: figures(ours?.available, theirs?.spendableBalance),
    };
  });
}

export function drifts(comparison: AssetComparison): boolean {
  return comparison.posted.difference !== 0n || comparison.available.difference !== 0n;
}

/** The behind transfers that move `asset`: in their own coin, or as the fee they pay in it. */
export function behindIn(asset: string, behind: readonly BehindTransfer[]): BehindTransfer[] {
  return behind.filter((transfer) => transfer.coin === asset || transfer.feeCoin === asset);
}

function figures(journal = '0', custodian = '0'): Figures {
  const [ours, theirs] = [BigInt(journal), BigInt(custodian)];
  return { journal: ours, custodian: theirs, difference: ours - theirs };
}
