// Reading the journal back (docs/ledger.md#reading): one transfer by id (or several, in one
// query), and an account's
// transfers newest first, a page at a time. A transfer debits one account and credits another,
// so an account's are the union of two index scans (ledger_transfer_debit_idx, _credit_idx), each
// cut to the page before they are merged.
import { sql } from 'kysely';
import type { Db } from '../../db/create-database.ts';
import { type LedgerTransfer, transferColumns, type TransferRow, transferOf } from './ledger-transfer.ts';

export interface TransferPage {
  /** At most this many transfers (1 to 500; default 50). */
  limit?: number;
  /** Only transfers before this journal position: the last position of the previous page. */
  before?: bigint;
}

export const maxTransferPage = 500;

export async function findTransfer(db: Db, transferId: string): Promise<LedgerTransfer | null> {
  const { rows } =
    await sql<TransferRow>`SELECT ${transferColumns} FROM ledger_transfer WHERE id = ${transferId}`.execute(db);
  return rows[0] ? transferOf(rows[0]) : null;
}

/** The transfers of these ids that are posted, by id, in one query (ids not posted are absent). */
export async function findTransfers(db: Db, transferIds: readonly string[]): Promise<Map<string, LedgerTransfer>> {
  if (transferIds.length === 0) return new Map();
  const { rows } = await sql<TransferRow>`SELECT ${transferColumns} FROM ledger_transfer
    WHERE id = ANY(${[...transferIds]}::text[])`.execute(db);
  return new Map(rows.map((row) => [row.id, transferOf(row)]));
}

export async function listAccountTransfers(
  db: Db,
  accountId: number,
  page: TransferPage = {},
): Promise<LedgerTransfer[]> {
  const limit = Math.min(Math.max(Math.trunc(page.limit ?? 50), 1), maxTransferPage);
  const before = (page.before ?? 2n ** 63n - 1n).toString();
  const side = (column: string) => sql`(SELECT ${transferColumns} FROM ledger_transfer
    WHERE ${sql.ref(column)} = ${accountId} AND position < ${before}::bigint ORDER BY position DESC LIMIT ${limit})`;
  const { rows } =
    await sql<TransferRow>`SELECT * FROM (${side('debit_account_id')} UNION ALL ${side('credit_account_id')}) t
    ORDER BY position DESC LIMIT ${limit}`.execute(db);
  return rows.map(transferOf);
}
