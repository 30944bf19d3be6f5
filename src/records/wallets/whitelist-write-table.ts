// A wallet's whitelist entries and the pending approvals that guard changes of them
// (docs/custody.md#wallet-operations): the entry of an address with whether its removal already
// waits for approval, and the writes that record what the custodian did, each in one
// transaction. Statuses are those of migration 0001's CHECK constraints and migration 0013's
// `removed`: a removed entry is kept, with when and by whom, as history, and is no longer the
// address's entry, so the address may be added again. An approval's `kind` and entry are
// migration 0007's. An entry is read only on a wallet in the caller's organization scope
// (docs/identity.md#organization-scope).
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../../generated/database/database.ts';
import type { Db } from '../../db/create-database.ts';
import type { OrganizationScope } from '../../access/organization-scope.ts';
import { type ClaimToComplete, writeUnderClaim } from '../idempotency/idempotency-key-table.ts';
import { walletInScope } from './wallet-in-scope.ts';
import { type WhitelistEntryRow, whitelistEntryColumns } from './address-whitelist-selections.ts';

export type { WhitelistEntryRow, WhitelistEntryStatus } from './address-whitelist-selections.ts';

export type WhitelistApprovalKind = 'whitelistAdd' | 'whitelistRemove';

export interface PendingApprovalRow {
  /** The custodian's id: 32 lowercase hex characters. */
  id: string;
  walletId: number;
  kind: WhitelistApprovalKind;
  whitelistEntryId: number;
  createdBy: string;
  state: 'pending' | 'approved' | 'rejected';
  approvalsRequired: number;
  approvalsReceived: number;
  createdAt: Date;
  resolvedAt: Date | null;
}

/** The custodian's pending approval as it is stored; the entry is filled in by the write. */
export type NewPendingApproval = Omit<PendingApprovalRow, 'whitelistEntryId'>;

export interface NewWhitelistEntry {
  walletId: number;
  address: string;
  label: string | null;
  createdBy: string;
  /** `approved` when the custodian applied the change, `pending` while it waits for approval. */
  status: 'approved' | 'pending';
}

export function createWhitelistWriteTable(db: Db) {
  return {
    /** The entry of the address, and whether a removal of it waits for approval; null when there is none in the scope. */
    async findEntry(
      scope: OrganizationScope,
      walletId: number,
      address: string,
    ): Promise<{ entry: WhitelistEntryRow; removalPending: boolean } | null> {
      const row = await db
        .selectFrom('digital_wallet_whitelist_entry as e')
        .select(whitelistEntryColumns)
        .select((eb) =>
          eb
            .exists(
              eb
                .selectFrom('digital_wallet_pending_approval as p')
                .select('p.id')
                .whereRef('p.whitelist_entry_id', '=', 'e.id')
                .where('p.kind', '=', 'whitelistRemove')
                .where('p.state', '=', 'pending'),
            )
            .$castTo<boolean>()
            .as('removalPending'),
        )
        .where('e.wallet_id', '=', walletId)
        .where('e.address', '=', address)
        .where('e.status', '<>', 'removed')
        .where(walletInScope(scope, 'e.wallet_id'))
        .executeTakeFirst();
      if (!row) return null;
      const { removalPending, ...entry } = row;
      return { entry: entry as WhitelistEntryRow, removalPending };
    },

    /**
     * An entry of a wallet in the scope, by id, with the approval its addition waits or waited
     * for: what an idempotency key of `addDigitalWalletWhitelistEntry` made.
     */
    async findAddition(
      scope: OrganizationScope,
      entryId: number,
    ): Promise<{ entry: WhitelistEntryRow; approval: PendingApprovalRow | null } | null> {
      const entry = await db
        .selectFrom('digital_wallet_whitelist_entry')
        .select(whitelistEntryColumns)
        .where('id', '=', entryId)
        .where(walletInScope(scope, 'digital_wallet_whitelist_entry.wallet_id'))
        .executeTakeFirst();
      if (!entry) return null;
      const approval = await db
        .selectFrom('digital_wallet_pending_approval')
        .select(approvalColumns)
        .where('whitelist_entry_id', '=', entryId)
        .where('kind', '=', 'whitelistAdd')
        .executeTakeFirst();
      return { entry: entry as WhitelistEntryRow, approval: (approval as PendingApprovalRow | undefined) ?? null };
    },

    /**
     * A new entry (replacing a rejected one of the same address: the address may be requested
     * again; a removed one stays as history beside it) and, when the addition waits, its approval.
     */
    async recordAddition(
      entry: NewWhitelistEntry,
      approval: NewPendingApproval | null,
      claim: ClaimToComplete | null,
    ): Promise<{ entry: WhitelistEntryRow; approval: PendingApprovalRow | null }> {
      return writeUnderClaim(
        db,
        claim,
        async (trx) => {
          await trx
            .deleteFrom('digital_wallet_whitelist_entry')
            .where('wallet_id', '=', entry.walletId)
            .where('address', '=', entry.address)
            .where('status', '=', 'rejected')
            .execute();
          const stored = await trx
            .insertInto('digital_wallet_whitelist_entry')
            .values({
              wallet_id: entry.walletId,
              address: entry.address,
              label: entry.label,
              status: entry.status,
              created_by: entry.createdBy,
              // Decided when recorded: the custodian applied it (now() is the transaction's time, as created_at).
              decided_at: entry.status === 'approved' ? sql<Date>`now()` : null,
            })
            .returning(whitelistEntryColumns)
            .executeTakeFirstOrThrow();
          const row = stored as WhitelistEntryRow;
          return { entry: row, approval: approval ? await insertApproval(trx, approval, row.id) : null };
        },
        (made) => String(made.entry.id),
      );
    },

    /** The removal applied: the entry is kept as `removed` by `removedBy`, off the whitelist. */
    async markRemoved(entryId: number, removedBy: string): Promise<void> {
      await db
        .updateTable('digital_wallet_whitelist_entry')
        .set({ status: 'removed', removed_at: sql<Date>`now()`, removed_by: removedBy })
        .where('id', '=', entryId)
        .where('status', '<>', 'removed')
        .execute();
    },

    /** A removal waiting for approval; the entry stays in force until it is approved. */
    async recordRemovalApproval(approval: NewPendingApproval, entryId: number): Promise<PendingApprovalRow> {
      return insertApproval(db, approval, entryId);
    },
  };
}

const approvalColumns = [
  'id',
  'wallet_id as walletId',
  'kind',
  'whitelist_entry_id as whitelistEntryId',
  'created_by as createdBy',
  'state',
  'approvals_required as approvalsRequired',
  'approvals_received as approvalsReceived',
  'created_at as createdAt',
  'resolved_at as resolvedAt',
] as const;

async function insertApproval(
  db: Kysely<Database>,
  approval: NewPendingApproval,
  whitelistEntryId: number,
): Promise<PendingApprovalRow> {
  const row = await db
    .insertInto('digital_wallet_pending_approval')
    .values({
      id: approval.id,
      wallet_id: approval.walletId,
      kind: approval.kind,
      whitelist_entry_id: whitelistEntryId,
      created_by: approval.createdBy,
      state: approval.state,
      approvals_required: approval.approvalsRequired,
      approvals_received: approval.approvalsReceived,
      created_at: approval.createdAt,
      resolved_at: approval.resolvedAt,
    })
    .returning(approvalColumns)
    .executeTakeFirstOrThrow();
  return row as PendingApprovalRow;
}

export type WhitelistWriteTable = ReturnType<typeof createWhitelistWriteTable>;
