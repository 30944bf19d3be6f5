// How far the transfer sync of each wallet got (digital_wallet_transfer_sync, migration 0006;
// docs/custody.md#syncing-transfers): the time the next run starts from, the run in progress with
// the custodian's cursor, and a lease, so one sync of a wallet runs at a time across every node.
// Each page of transfers is stored in the same transaction as the progress it makes, so a run cut
// off half-way keeps what it stored and continues after it. The progress is claimed and read only
// for a wallet in the caller's organization scope (docs/identity.md#organization-scope).
import { sql } from 'kysely';
import type { Db } from '../../db/create-database.ts';
import { type OrganizationScope, organizationInScope } from '../organization-scope.ts';
import { type TransferWrite, type UpsertCounts, upsertTransfers } from './wallet-transfer-table.ts';

/** A run in progress: where it continues (the custodian's `prevId`) and what it asks for (`dateGte`). */
export interface SyncRun {
  startedAt: Date;
  dateGte: Date | null;
  prevId: string;
}

export interface SyncProgress {
  /** The `dateGte` of the next run; null before the first completed run (everything is read). */
  syncedThrough: Date | null;
  lastSyncedAt: Date | null;
  run: SyncRun | null;
}

/** What a stored page leaves behind: the run continuing, or completed. */
export type PageOutcome =
  { kind: 'continues'; run: SyncRun } | { kind: 'completed'; syncedThrough: Date; syncedAt: Date };

export function createWalletSyncProgress(db: Db): WalletSyncProgress {
  return new WalletSyncProgress(db);
}

export class WalletSyncProgress {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  /**
   * Takes the wallet's lease for `leaseMs` (PostgreSQL's clock, the same for every node) and
   * answers its progress; null when another sync holds an unexpired lease, or when there is no
   * such wallet in the scope (nothing is written then).
   */
  async claim(
    scope: OrganizationScope,
    walletId: number,
    token: string,
    leaseMs: number,
  ): Promise<SyncProgress | null> {
    const row = await this.#db
      .insertInto('digital_wallet_transfer_sync')
      .columns(['wallet_id', 'lease_token', 'lease_until'])
      .expression(
        this.#db
          .selectFrom('digital_wallet as w')
          .select([
            'w.id',
            sql<string>`${token}::uuid`.as('lease_token'),
            sql<Date>`now() + make_interval(secs => ${leaseMs / 1000})`.as('lease_until'),
          ])
          .where('w.id', '=', walletId)
          .where(organizationInScope(scope, 'w.organization_id')),
      )
      .onConflict((conflict) =>
        conflict
          .column('wallet_id')
          .doUpdateSet({ lease_token: sql`excluded.lease_token`, lease_until: sql`excluded.lease_until` })
          .where(
            sql<boolean>`digital_wallet_transfer_sync.lease_until IS NULL OR digital_wallet_transfer_sync.lease_until < now()`,
          ),
      )
      .returning(['synced_through', 'last_synced_at', 'run_started_at', 'run_date_gte', 'run_prev_id'])
      .executeTakeFirst();
    if (!row) return null;
    return {
      syncedThrough: row.synced_through,
      lastSyncedAt: row.last_synced_at,
      run:
        row.run_started_at && row.run_prev_id
          ? { startedAt: row.run_started_at, dateGte: row.run_date_gte, prevId: row.run_prev_id }
          : null,
    };
  }

  /** Stores one page and the progress it makes, together; fails when the lease is no longer ours. */
  async storePage(
    walletId: number,
    token: string,
    transfers: readonly TransferWrite[],
    outcome: PageOutcome,
    priceFreshAfter: Date,
  ): Promise<UpsertCounts> {
    return this.#db.transaction().execute(async (trx) => {
      const held = await trx
        .selectFrom('digital_wallet_transfer_sync')
        .select('wallet_id')
        .where('wallet_id', '=', walletId)
        .where('lease_token', '=', token)
        .forUpdate()
        .executeTakeFirst();
      if (!held) throw new Error(`the transfer sync lease of wallet ${walletId} was lost`);
      const counts = await upsertTransfers(trx, transfers, priceFreshAfter);
      await trx
        .updateTable('digital_wallet_transfer_sync')
        .set(
          outcome.kind === 'continues'
            ? {
                run_started_at: outcome.run.startedAt,
                run_date_gte: outcome.run.dateGte,
                run_prev_id: outcome.run.prevId,
              }
            : {
                synced_through: outcome.syncedThrough,
                last_synced_at: outcome.syncedAt,
                run_started_at: null,
                run_date_gte: null,
                run_prev_id: null,
              },
        )
        .where('wallet_id', '=', walletId)
        .execute();
      return counts;
    });
  }

  /** Forgets the run in progress (its cursor is no longer valid at the custodian). */
  async dropRun(walletId: number, token: string): Promise<void> {
    await this.#db
      .updateTable('digital_wallet_transfer_sync')
      .set({ run_started_at: null, run_date_gte: null, run_prev_id: null })
      .where('wallet_id', '=', walletId)
      .where('lease_token', '=', token)
      .execute();
  }

  async release(walletId: number, token: string): Promise<void> {
    await this.#db
      .updateTable('digital_wallet_transfer_sync')
      .set({ lease_token: null, lease_until: null })
      .where('wallet_id', '=', walletId)
      .where('lease_token', '=', token)
      .execute();
  }
}
