// Syncing a wallet's transfers from the custodian (schema.graphql Mutation.bitgoSyncWalletTransactions;
// docs/custody.md#syncing-transfers): page through the custodian's transfer list with its cursor
// (`prevId` → `nextBatchPrevId`), asking for the transfers changed since the last completed run
// (`dateGte`), and upsert them by transfer id. Each page is stored together with the progress it
// makes, so a run the custodian fails half-way keeps its pages and the next call continues after
// them; a completed run moves the wallet's synced time. A run reads at most `maxPagesPerCall`
// pages and then answers a cursor to continue. One sync of a wallet runs at a time (a lease).
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { ResultCache } from '../../cache/result-cache.ts';
import type { PageOutcome, SyncProgress, WalletSyncProgress } from '../../access/wallets/wallet-sync-progress.ts';
import type { CustodyWalletRow, WalletTransferTable } from '../../access/wallets/wallet-transfer-table.ts';
import type { CustodyProvider, TransferBatch } from '../../providers/custody/custody-provider.ts';
import { CustodyProviderError } from '../../providers/custody/custody-provider-error.ts';
import type { Outcome } from '../outcomes/outcome.ts';
import { failWith, outcomeOf, UserFailure } from '../outcomes/user-failure.ts';
import type { CustodyCaller } from './custody-transfer-service.ts';
import { custodianCoin, transferWrite } from './custody-transfer-records.ts';
import { checkSyncTransfers, type SyncTransfersInput } from './custody-input-checks.ts';
import { custodyRefusal } from './custody-refusals.ts';
import type { RequestLog } from './provider-failure-messages.ts';
import { decodeSyncCursor, encodeSyncCursor, unknownCursor } from './transfer-sync-cursor.ts';
import { walletTag } from './wallet-cache-tags.ts';
import { walletNotFound } from './wallet-in-reach.ts';

/** Who syncs: the key's organization scope, and the request's log (provider-failure-messages.ts). */
export type SyncCaller = Pick<CustodyCaller, 'scope' | 'log'>;

export interface SyncView {
  walletId: number;
  syncedCount: number;
  insertedCount: number;
  updatedCount: number;
  nextCursor: string | null;
  syncedAt: string;
}

/** Batch size asked of the custodian, pages per call, and how long a run may hold the wallet. */
export const transferSyncLimits = {
  pageSize: 100,
  maxPagesPerCall: 5,
  /** Longer than `maxPagesPerCall` custodian calls at their 10 s deadline, with the writes. */
  leaseMs: 120_000,
  /**
   * The next run asks for transfers changed since this long before the last run started, so a
   * custodian clock behind ours cannot hide a change; re-reading a transfer changes nothing.
   */
  overlapMs: 5 * 60_000,
} as const;

export interface WalletSyncDeps {
  table: WalletTransferTable;
  progress: WalletSyncProgress;
  custody: CustodyProvider;
  results: ResultCache;
  logger: Logger;
  priceMaxAgeMs: number;
  now?: () => Date;
}

interface Run {
  startedAt: Date;
  dateGte: Date | null;
  prevId: string | null;
  /** Where the run came from: a stale stored cursor is dropped, a client's is refused. */
  source: 'cursor' | 'stored' | 'new';
}

interface Counts {
  synced: number;
  inserted: number;
  updated: number;
}

export function createWalletSyncService(deps: WalletSyncDeps): WalletSyncService {
  return new WalletSyncService(deps);
}

/** A wallet the sync reads, held at the custodian, and the lease this call holds on it. */
interface Claimed {
  wallet: CustodyWalletRow;
  custodianWalletId: string;
  token: string;
  progress: SyncProgress;
}

const limits = transferSyncLimits;

export class WalletSyncService {
  readonly #deps: WalletSyncDeps;
  readonly #now: () => Date;

  constructor(deps: WalletSyncDeps) {
    this.#deps = deps;
    this.#now = deps.now ?? (() => new Date());
  }

  sync(caller: SyncCaller, input: SyncTransfersInput): Promise<Outcome<{ sync: SyncView }>> {
    return outcomeOf(() => this.#sync(caller, input));
  }

  async #sync(caller: SyncCaller, input: SyncTransfersInput): Promise<{ sync: SyncView }> {
    const checked = checkSyncTransfers(input);
    const fromCursor = checked.cursor === null ? null : decodeSyncCursor(checked.cursor, checked.walletId);
    const claimed = await this.#claim(caller, checked.walletId);
    const { wallet, progress, token } = claimed;
    const run: Run = fromCursor
      ? { ...fromCursor, source: 'cursor' }
      : progress.run
        ? { ...progress.run, source: 'stored' }
        : this.#freshRun(progress.syncedThrough);
    const counts: Counts = { synced: 0, inserted: 0, updated: 0 };
    try {
      const nextCursor = await this.#readPages(claimed, run, counts, caller.log);
      return { sync: this.#view(wallet.id, counts, nextCursor) };
    } finally {
      if (counts.inserted + counts.updated > 0) await this.#deps.results.invalidate([walletTag(wallet.id)]);
      await this.#deps.progress.release(wallet.id, token);
    }
  }

  /** The wallet in the caller's scope, held at the custodian, with this call's lease on its sync. */
  async #claim(caller: SyncCaller, walletId: number): Promise<Claimed> {
    const wallet = await this.#deps.table.findWallet(caller.scope, walletId);
    if (!wallet) throw new UserFailure([walletNotFound(walletId)]);
    if (wallet.custodianWalletId === null)
      failWith('INVALID_STATE', `wallet ${wallet.id} is not held at the custodian`, 'walletId');
    const token = randomUUID();
    const progress = await this.#deps.progress.claim(caller.scope, wallet.id, token, limits.leaseMs);
    if (!progress) failWith('CONFLICT', `a sync of wallet ${wallet.id} is already running`, 'walletId');
    return { wallet, custodianWalletId: wallet.custodianWalletId, token, progress };
  }

  #view(walletId: number, counts: Counts, nextCursor: string | null): SyncView {
    return {
      walletId,
      syncedCount: counts.synced,
      insertedCount: counts.inserted,
      updatedCount: counts.updated,
      nextCursor,
      syncedAt: this.#now().toISOString(),
    };
  }

  #freshRun(syncedThrough: Date | null): Run {
    return { startedAt: this.#now(), dateGte: syncedThrough, prevId: null, source: 'new' };
  }

  /** Reads and stores pages until the list ends (null) or the call's pages are spent (the cursor to continue). */
  async #readPages(claimed: Claimed, run: Run, counts: Counts, request: RequestLog): Promise<string | null> {
    const { wallet, token } = claimed;
    for (let page = 0; page < limits.maxPagesPerCall;) {
      const batch = await this.#listPage(claimed, run, request);
      if (batch === 'stale cursor') {
        this.#deps.logger.warn(
          { walletId: wallet.id },
          'transfer sync: the custodian no longer knows the stored cursor; starting over',
        );
        await this.#deps.progress.dropRun(wallet.id, token);
        Object.assign(run, this.#freshRun(claimed.progress.syncedThrough));
        continue;
      }
      page += 1;
      const next = batch.nextBatchPrevId;
      await this.#storePage(claimed, run, batch, counts);
      if (!next) return null;
      run.prevId = next;
    }
    return encodeSyncCursor(wallet.id, {
      startedAt: run.startedAt,
      dateGte: run.dateGte,
      prevId: run.prevId as string,
    });
  }

  /** Stores a page with the progress it makes: the run continuing after it, or completed; counts what it changed. */
  async #storePage(claimed: Claimed, run: Run, batch: TransferBatch, counts: Counts): Promise<void> {
    const { wallet, token } = claimed;
    const next = batch.nextBatchPrevId;
    const outcome: PageOutcome = next
      ? { kind: 'continues', run: { startedAt: run.startedAt, dateGte: run.dateGte, prevId: next } }
      : {
          kind: 'completed',
          syncedThrough: new Date(run.startedAt.getTime() - limits.overlapMs),
          syncedAt: this.#now(),
        };
    const stored = await this.#deps.progress.storePage(
      wallet.id,
      token,
      batch.transfers.map((transfer) => transferWrite(transfer, wallet.id, null)),
      outcome,
      new Date(this.#now().getTime() - this.#deps.priceMaxAgeMs),
    );
    counts.synced += batch.transfers.length;
    counts.inserted += stored.inserted;
    counts.updated += stored.updated;
  }

  /** One batch; a cursor the custodian refuses is the client's error, or a stored one gone stale. */
  async #listPage(claimed: Claimed, run: Run, request: RequestLog): Promise<TransferBatch | 'stale cursor'> {
    try {
      return await this.#deps.custody.listTransfers({
        coin: custodianCoin(claimed.wallet.coin),
        walletId: claimed.custodianWalletId,
        ...(run.prevId === null ? {} : { prevId: run.prevId }),
        ...(run.dateGte === null ? {} : { dateGte: run.dateGte }),
        limit: limits.pageSize,
      });
    } catch (error) {
      if (!(error instanceof CustodyProviderError)) throw error;
      if (error.reason === 'invalidRequest' && run.prevId !== null) {
        if (run.source === 'cursor') unknownCursor();
        if (run.source === 'stored') return 'stale cursor';
      }
      throw new UserFailure(custodyRefusal(error, 'sync', request));
    }
  }
}
