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
import type { PageOutcome, WalletSyncProgress } from '../../access/wallets/wallet-sync-progress.ts';
import type { CustodyWalletRow, WalletTransferTable } from '../../access/wallets/wallet-transfer-table.ts';
import type { CustodyProvider, TransferBatch } from '../../providers/custody/custody-provider.ts';
import { CustodyProviderError } from '../../providers/custody/custody-provider-error.ts';
import type { Outcome } from '../outcomes/outcome.ts';
import { failWith, outcomeOf, UserFailure } from '../outcomes/user-failure.ts';
import type { CustodyCaller } from './custody-transfer-service.ts';
import { custodianCoin, transferWrite } from './custody-transfer-records.ts';
import { checkSyncTransfers, type SyncTransfersInput } from './custody-input-checks.ts';
import { custodyRefusal } from './custody-transfer-refusals.ts';
import type { RequestLog } from './provider-failure-messages.ts';
import { decodeSyncCursor, encodeSyncCursor, unknownCursor } from './transfer-sync-cursor.ts';
import { walletTag } from './wallet-cache-tags.ts';

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

export function createWalletSyncService(deps: WalletSyncDeps) {
  const now = deps.now ?? (() => new Date());
  const limits = transferSyncLimits;

  async function sync(caller: SyncCaller, input: SyncTransfersInput): Promise<{ sync: SyncView }> {
    const checked = checkSyncTransfers(input);
    const fromCursor = checked.cursor === null ? null : decodeSyncCursor(checked.cursor, checked.walletId);
    const wallet = await deps.table.findWallet(caller.scope, checked.walletId);
    if (!wallet) failWith('NOT_FOUND', `no wallet ${checked.walletId}`, 'walletId');
    if (wallet.custodianWalletId === null)
      failWith('INVALID_STATE', `wallet ${wallet.id} is not held at the custodian`, 'walletId');
    const token = randomUUID();
    const progress = await deps.progress.claim(caller.scope, wallet.id, token, limits.leaseMs);
    if (!progress) failWith('CONFLICT', `a sync of wallet ${wallet.id} is already running`, 'walletId');
    const run: Run = fromCursor
      ? { ...fromCursor, source: 'cursor' }
      : progress.run
        ? { ...progress.run, source: 'stored' }
        : freshRun(progress.syncedThrough);
    const counts: Counts = { synced: 0, inserted: 0, updated: 0 };
    try {
      const nextCursor = await readPages(
        wallet,
        wallet.custodianWalletId,
        token,
        run,
        progress.syncedThrough,
        counts,
        caller.log,
      );
      return {
        sync: {
          walletId: wallet.id,
          syncedCount: counts.synced,
          insertedCount: counts.inserted,
          updatedCount: counts.updated,
          nextCursor,
          syncedAt: now().toISOString(),
        },
      };
    } finally {
      if (counts.inserted + counts.updated > 0) await deps.results.invalidate([walletTag(wallet.id)]);
      await deps.progress.release(wallet.id, token);
    }
  }

  function freshRun(syncedThrough: Date | null): Run {
    return { startedAt: now(), dateGte: syncedThrough, prevId: null, source: 'new' };
  }

  /** Reads and stores pages until the list ends (null) or the call's pages are spent (the cursor to continue). */
  async function readPages(
    wallet: CustodyWalletRow,
    custodianWalletId: string,
    token: string,
    run: Run,
    syncedThrough: Date | null,
    counts: Counts,
    request: RequestLog,
  ): Promise<string | null> {
    for (let page = 0; page < limits.maxPagesPerCall;) {
      const batch = await listPage(wallet, custodianWalletId, run, request);
      if (batch === 'stale cursor') {
        deps.logger.warn(
          { walletId: wallet.id },
          'transfer sync: the custodian no longer knows the stored cursor; starting over',
        );
        await deps.progress.dropRun(wallet.id, token);
        Object.assign(run, freshRun(syncedThrough));
        continue;
      }
      page += 1;
      const next = batch.nextBatchPrevId;
      const outcome: PageOutcome = next
        ? { kind: 'continues', run: { startedAt: run.startedAt, dateGte: run.dateGte, prevId: next } }
        : {
            kind: 'completed',
            syncedThrough: new Date(run.startedAt.getTime() - limits.overlapMs),
            syncedAt: now(),
          };
      const stored = await deps.progress.storePage(
        wallet.id,
        token,
        batch.transfers.map((transfer) => transferWrite(transfer, wallet.id, null)),
        outcome,
        new Date(now().getTime() - deps.priceMaxAgeMs),
      );
      counts.synced += batch.transfers.length;
      counts.inserted += stored.inserted;
      counts.updated += stored.updated;
      if (!next) return null;
      run.prevId = next;
    }
    return encodeSyncCursor(wallet.id, {
      startedAt: run.startedAt,
      dateGte: run.dateGte,
      prevId: run.prevId as string,
    });
  }

  /** One batch; a cursor the custodian refuses is the client's error, or a stored one gone stale. */
  async function listPage(
    wallet: CustodyWalletRow,
    custodianWalletId: string,
    run: Run,
    request: RequestLog,
  ): Promise<TransferBatch | 'stale cursor'> {
    try {
      return await deps.custody.listTransfers({
        coin: custodianCoin(wallet.coin),
        walletId: custodianWalletId,
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
      throw new UserFailure([custodyRefusal(error, 'sync', request)]);
    }
  }

  return {
    sync: (caller: SyncCaller, input: SyncTransfersInput): Promise<Outcome<{ sync: SyncView }>> =>
      outcomeOf(() => sync(caller, input)),
  };
}

export type WalletSyncService = ReturnType<typeof createWalletSyncService>;
