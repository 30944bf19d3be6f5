// The statements of one posting (docs/ledger.md#posting): read what is already posted under the
// group's ids, lock the group's accounts in id order, insert one transfer. The insert's triggers
// check it against the pending transfer it resolves and update both accounts' projections
// (migration 0011); a refusal comes back as a LedgerError naming the transfer.
import { sql } from 'kysely';
import type { Db } from '../../db/create-database.ts';
import { LedgerError } from './ledger-error.ts';
import { ledgerErrorOf } from './ledger-refusals.ts';
import { type LedgerTransfer, transferColumns, type TransferRow, transferOf } from './ledger-transfer-record.ts';
import { isMovement, type TransferEntry, type TransferGroup } from './transfer-request.ts';

/** The stored transfers with the group's ids, and every member of its linked group. */
export async function selectPosted(db: Db, group: TransferGroup): Promise<LedgerTransfer[]> {
  const ids = group.entries.map((entry) => entry.id);
  const members = group.linkedId === null ? sql`` : sql` OR linked_id = ${group.linkedId}`;
  const { rows } = await sql<TransferRow>`SELECT ${transferColumns} FROM ledger_transfer
    WHERE id = ANY(${ids}::text[])${members}`.execute(db);
  return rows.map(transferOf);
}

/**
 * Locks the accounts a group moves, lowest id first, so two groups over the same accounts never
 * wait for each other in opposite orders. A post or void inherits its accounts, and locks them
 * when it is inserted.
 */
export async function lockAccounts(db: Db, group: TransferGroup): Promise<void> {
  const ids = group.entries.flatMap((entry) =>
    isMovement(entry) ? [entry.debitAccountId, entry.creditAccountId] : [],
  );
  if (ids.length === 0) return;
  await db.selectFrom('ledger_account').select('id').where('id', 'in', ids).orderBy('id').forNoKeyUpdate().execute();
}

/** The columns an entry states; null where a post or void inherits from its pending transfer. */
function insertValues(entry: TransferEntry) {
  if (isMovement(entry))
    return {
      debit: entry.debitAccountId,
      credit: entry.creditAccountId,
      asset: entry.asset,
      amount: entry.amount,
      pendingId: null,
    };
  const amount = entry.kind === 'post_pending' ? entry.amount : undefined;
  return { debit: null, credit: null, asset: null, amount, pendingId: entry.pendingId };
}

/** The account the refused side of a transfer names, for a refusal of its account foreign keys. */
function refusedSide(entry: TransferEntry, error: unknown): number | null {
  if (!isMovement(entry)) return null;
  const constraint = (error as { constraint?: unknown }).constraint;
  if (constraint === 'ledger_transfer_debit_account') return entry.debitAccountId;
  if (constraint === 'ledger_transfer_credit_account') return entry.creditAccountId;
  return null;
}

export async function insertTransfer(db: Db, entry: TransferEntry, linkedId: string | null): Promise<LedgerTransfer> {
  const { debit, credit, asset, amount, pendingId } = insertValues(entry);
  try {
    const { rows } = await sql<TransferRow>`INSERT INTO ledger_transfer
        (id, kind, debit_account_id, credit_account_id, asset, amount, pending_id, linked_id, description, metadata)
      VALUES (${entry.id}, ${entry.kind}, ${debit}, ${credit}, ${asset}, ${amount?.toString() ?? null},
        ${pendingId}, ${linkedId},
        ${entry.description ?? null}, ${JSON.stringify(entry.metadata ?? {})}::jsonb)
      RETURNING ${transferColumns}`.execute(db);
    return transferOf(rows[0] as TransferRow);
  } catch (error) {
    const mapped = ledgerErrorOf(error, entry.id);
    const accountId = refusedSide(entry, error);
    if (!(mapped instanceof LedgerError) || accountId === null) throw mapped;
    throw new LedgerError(mapped.refusal, mapped.message, { transferId: entry.id, accountId, cause: error });
  }
}
