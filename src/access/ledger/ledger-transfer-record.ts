// A transfer of the journal as the module answers it (docs/ledger.md#transfers), and the one
// column list every statement that reads transfers returns, so they all map rows alike.
import { sql } from 'kysely';
import type { JsonObject } from './transfer-request.ts';

export type TransferKind = 'single' | 'pending' | 'post_pending' | 'void_pending';

export interface LedgerTransfer {
  id: string;
  /** Where the transfer stands in the journal: larger for later inserts (not commit order). */
  position: bigint;
  kind: TransferKind;
  debitAccountId: number;
  creditAccountId: number;
  asset: string;
  /** Base units of the asset, positive. */
  amount: bigint;
  /** The pending transfer a post or void resolves. */
  pendingId: string | null;
  /** The linked group it stands or falls with. */
  linkedId: string | null;
  description: string | null;
  metadata: JsonObject;
  createdAt: Date;
}

export interface TransferRow {
  id: string;
  position: string;
  kind: string;
  debit_account_id: number;
  credit_account_id: number;
  asset: string;
  amount: string;
  pending_id: string | null;
  linked_id: string | null;
  description: string | null;
  metadata: JsonObject;
  created_at: Date;
}

/** The columns of TransferRow, for raw statements (bigint and numeric arrive as text from pg). */
export const transferColumns = sql.raw(
  'id, position, kind, debit_account_id, credit_account_id, asset, amount, pending_id, linked_id, description, metadata, created_at',
);

export function transferOf(row: TransferRow): LedgerTransfer {
  return {
    id: row.id,
    position: BigInt(row.position),
    kind: row.kind as TransferKind,
    debitAccountId: row.debit_account_id,
    creditAccountId: row.credit_account_id,
    asset: row.asset,
    amount: BigInt(row.amount),
    pendingId: row.pending_id,
    linkedId: row.linked_id,
    description: row.description,
    metadata: row.metadata,
    createdAt: row.created_at,
  };
}
