// Posting to the journal (docs/ledger.md#posting): one transfer or a linked group, all or nothing.
// The insert comes first: a single transfer is one INSERT statement (atomic with the triggers that
// check it and move the balances), a group is its INSERTs in one transaction. Only when the
// database refuses it as already there (the id, the resolution of the pending transfer, the linked
// group: the replay of an earlier posting, or a concurrent one that committed first) does it read
// what is posted under the group's ids, and answers it again (a replay) or refuses it (other
// content). A deadlock runs it again. Inside a caller's transaction, where a refused statement
// aborts the caller's work, it reads first and then inserts, and runs nothing again: a refusal
// goes to the caller, whose transaction must run again as a whole.
import type { Db } from '../../db/create-database.ts';
import { findAccountById } from './ledger-account-table.ts';
import { LedgerError, type LedgerRefusal } from './ledger-error.ts';
import { isContention } from './ledger-refusals.ts';
import type { LedgerTransfer } from './ledger-transfer-record.ts';
import { insertTransfer, lockAccounts, selectPosted } from './insert-transfer.ts';
import { replayOf } from './replay-group.ts';
import { checkTransferGroup } from './transfer-group-check.ts';
import type { TransferGroup } from './transfer-request.ts';

export interface PostResult {
  /** The group's transfers, in the order asked, as stored. */
  transfers: LedgerTransfer[];
  /** True when the group had been posted before: this call posted nothing. */
  replayed: boolean;
}

const maxAttempts = 4;

/** Refusals that mean the group, or part of it, may already be posted: a replay, or another group. */
const alreadyThere: ReadonlySet<LedgerRefusal> = new Set([
  'concurrent_duplicate',
  'already_resolved',
  'linked_group_closed',
]);

function isAlreadyThere(error: unknown): boolean {
  return error instanceof LedgerError && alreadyThere.has(error.refusal);
}

async function insertEntries(db: Db, group: TransferGroup): Promise<LedgerTransfer[]> {
  if (group.entries.length > 1) await lockAccounts(db, group);
  const transfers: LedgerTransfer[] = [];
  for (const entry of group.entries) transfers.push(await insertTransfer(db, entry, group.linkedId));
  return transfers;
}

async function insertGroup(db: Db, group: TransferGroup): Promise<LedgerTransfer[]> {
  if (group.entries.length === 1) return [await insertTransfer(db, group.entries[0]!, group.linkedId)];
  return db.transaction().execute((trx) => insertEntries(trx, group));
}

async function postInside(db: Db, group: TransferGroup): Promise<PostResult> {
  const posted = await selectPosted(db, group);
  if (posted.length > 0) return { transfers: replayOf(group, posted), replayed: true };
  return { transfers: await insertEntries(db, group), replayed: false };
}

/** The replay of what is posted under the group's ids, when `error` says something is. */
async function replayAfter(db: Db, group: TransferGroup, error: unknown): Promise<PostResult | null> {
  if (!isAlreadyThere(error)) return null;
  const posted = await selectPosted(db, group);
  return posted.length > 0 ? { transfers: replayOf(group, posted), replayed: true } : null;
}

/**
 * Says whether the account a transfer's foreign key refused is missing or holds another asset,
 * read after the transaction ended.
 */
async function explainAccountRefusal(db: Db, error: LedgerError): Promise<LedgerError> {
  const account = error.accountId === null ? null : await findAccountById(db, error.accountId);
  const subject = { transferId: error.transferId, accountId: error.accountId, cause: error.cause };
  if (account === null)
    return new LedgerError(
      'unknown_account',
      `transfer ${error.transferId}: account ${error.accountId} does not exist`,
      subject,
    );
  return new LedgerError(
    'asset_mismatch',
    `transfer ${error.transferId}: account ${account.id} holds ${account.asset}, not the transfer's asset`,
    subject,
  );
}

function contentionError(error: unknown): unknown {
  return isContention(error)
    ? new LedgerError('contention', 'the transaction met a deadlock or a serialization failure: run it again', {
        cause: error,
      })
    : error;
}

async function finalError(db: Db, error: unknown): Promise<unknown> {
  if (isContention(error)) return contentionError(error);
  if (error instanceof LedgerError && error.refusal === 'asset_mismatch') return explainAccountRefusal(db, error);
  return error;
}

/** Posts `group` in a transaction of its own, or in the caller's when `db` is a transaction. */
export async function postTransferGroup(db: Db, group: TransferGroup): Promise<PostResult> {
  checkTransferGroup(group);
  if (db.isTransaction)
    return postInside(db, group).catch((error: unknown) => {
      throw contentionError(error);
    });
  for (let attempt = 1; ; attempt += 1) {
    try {
      return { transfers: await insertGroup(db, group), replayed: false };
    } catch (error) {
      const replay = await replayAfter(db, group, error);
      if (replay) return replay;
      if (!isContention(error) || attempt === maxAttempts) throw await finalError(db, error);
    }
  }
}
