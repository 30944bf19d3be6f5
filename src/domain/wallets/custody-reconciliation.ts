// The reconciliation of the journal with the custodian (docs/ledger.md#reconciliation): for every
// wallet of the scope held at the custodian, the custodian's balances per coin beside the
// journal's figures (reconciliation-report.ts), and each difference reported with the wallet's
// transfers the journal has not caught up with. It only reads: a correction is a deliberate
// transfer of its own (docs/ledger.md#transfers), never a side effect of looking. A wallet that
// differs is read again, both sides, before it is reported, so a send or sync stored between the
// two reads of the first look is not taken for a drift. A custodian that is down or refuses our
// token stops the run (every wallet would fail alike); any other refusal marks that wallet unreadable.
import type { OrganizationScope } from '../../access/organization-scope.ts';
import { CustodyProviderError } from '../../providers/custody/custody-provider-error.ts';
import type { CustodyProvider } from '../../providers/custody/custody-provider.ts';
import type {
  CustodianHeldWallet,
  CustodyReconciliationTable,
  WalletBooks,
} from '../../records/wallets/custody-reconciliation-table.ts';
import { custodianCoin } from './custody-transfer-records.ts';
import {
  type AssetComparison,
  type AssetDrift,
  behindIn,
  compareBooks,
  drifts,
  type ReconciliationReport,
  type UnreadableWallet,
} from './reconciliation-report.ts';

export interface CustodyReconciliationDeps {
  table: CustodyReconciliationTable;
  custody: CustodyProvider;
  now?: () => Date;
}

export interface ReconcileOptions {
  /** Aborting it stops the run between two wallets (the job at shutdown). */
  signal?: AbortSignal;
}

export interface CustodyReconciliation {
  reconcile(scope: OrganizationScope, options?: ReconcileOptions): Promise<ReconciliationReport>;
}

/** Failures of the custodian as a whole: the next wallet would fail the same way. */
const custodianWideReasons: ReadonlySet<string> = new Set(['unavailable', 'unauthorized']);

type WalletOutcome =
  | { kind: 'compared'; comparisons: AssetComparison[]; drifts: AssetDrift[] }
  | { kind: 'unreadable'; wallet: UnreadableWallet }
  | { kind: 'gone' };

export function createCustodyReconciliation(deps: CustodyReconciliationDeps): CustodyReconciliation {
  const now = deps.now ?? (() => new Date());
  return {
    async reconcile(scope, options = {}) {
      const startedAt = now();
      const listed = new Set(await deps.table.listedCoins());
      const outcomes: WalletOutcome[] = [];
      for (const wallet of await deps.table.custodianWallets(scope)) {
        options.signal?.throwIfAborted();
        outcomes.push(await reconcileWallet(deps, scope, wallet, listed));
      }
      return report(scope, startedAt, now(), outcomes);
    },
  };
}

async function reconcileWallet(
  deps: CustodyReconciliationDeps,
  scope: OrganizationScope,
  wallet: CustodianHeldWallet,
  listed: ReadonlySet<string>,
): Promise<WalletOutcome> {
  try {
    const first = await look(deps, scope, wallet, listed);
    if (first.kind !== 'compared' || first.drifts.length === 0) return first;
    return await look(deps, scope, wallet, listed);
  } catch (error) {
    if (!(error instanceof CustodyProviderError) || custodianWideReasons.has(error.reason)) throw error;
    const { walletId, organizationId, custodianWalletId, coin } = wallet;
    return { kind: 'unreadable', wallet: { walletId, organizationId, custodianWalletId, coin, reason: error.reason } };
  }
}

/** The custodian's side first, then the journal's. */
async function look(
  deps: CustodyReconciliationDeps,
  scope: OrganizationScope,
  wallet: CustodianHeldWallet,
  listed: ReadonlySet<string>,
): Promise<WalletOutcome> {
  const balances = await deps.custody.getWalletBalances(custodianCoin(wallet.coin), wallet.custodianWalletId);
  const books = await deps.table.walletBooks(scope, wallet.walletId);
  if (!books) return { kind: 'gone' };
  const comparisons = compareBooks(books.holdings, balances, listed);
  return {
    kind: 'compared',
    comparisons,
    drifts: comparisons.filter(drifts).map((comparison) => drift(wallet, books, comparison)),
  };
}

function drift(wallet: CustodianHeldWallet, books: WalletBooks, comparison: AssetComparison): AssetDrift {
  return {
    walletId: wallet.walletId,
    organizationId: wallet.organizationId,
    custodianWalletId: wallet.custodianWalletId,
    ...comparison,
    behind: behindIn(comparison.asset, books.behind),
    lastSyncedAt: books.lastSyncedAt,
  };
}

function report(
  scope: OrganizationScope,
  startedAt: Date,
  finishedAt: Date,
  outcomes: readonly WalletOutcome[],
): ReconciliationReport {
  const driftsByAsset: Record<string, number> = {};
  const found: AssetDrift[] = [];
  const unreadable: UnreadableWallet[] = [];
  let walletsCompared = 0;
  for (const outcome of outcomes) {
    if (outcome.kind === 'unreadable') unreadable.push(outcome.wallet);
    if (outcome.kind !== 'compared') continue;
    walletsCompared += 1;
    for (const { asset } of outcome.comparisons) driftsByAsset[asset] ??= 0;
    for (const drifted of outcome.drifts) driftsByAsset[drifted.asset]! += 1;
    found.push(...outcome.drifts);
  }
  return {
    organizationId: scope.organizationId,
    startedAt,
    finishedAt,
    walletsCompared,
    driftsByAsset: Object.fromEntries(Object.entries(driftsByAsset).sort(([left], [right]) => (left < right ? -1 : 1))),
    drifts: found,
    unreadable,
  };
}
