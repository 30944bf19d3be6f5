// Posting to the journal (docs/ledger.md#posting): one transfer or a linked group, all or nothing,
// in one transaction. What is already posted under the group's ids is answered again (a replay)
// or refused (other content); otherwise each transfer is inserted and the database's triggers
// check it and move the balances. A transaction that lost a race runs again: a concurrent post
// of the same id, a concurrent resolution of the same pending transfer or a concurrent post of
// the same linked group then finds the winner's transfers and answers them as a replay;
// a deadlock simply runs again. Inside a caller's transaction nothing runs again: the refusal
// goes to the caller, whose transaction is aborted and must run again as a whole.
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

/** Refusals that mean another transaction won a race this one may now answer as a replay. */
const lostRaces: ReadonlySet<LedgerRefusal> = new Set([
  'concurrent_duplicate',
  'already_resolved',
  'linked_group_closed',
]);

function runsAgain(error: unknown, attempt: number): boolean {
  if (attempt >= maxAttempts) return false;
  if (isContention(error)) return true;
  return attempt === 1 && error instanceof LedgerError && lostRaces.has(error.refusal);
}

async function postInside(db: Db, group: TransferGroup): Promise<PostResult> {
  const posted = await selectPosted(db, group);
  if (posted.length > 0) return { transfers: replayOf(group, posted), replayed: true };
  if (group.entries.length > 1) await lockAccounts(db, group);
  const transfers: LedgerTransfer[] = [];
  for (const entry of group.entries) transfers.push(await insertTransfer(db, entry, group.linkedId));
  return { transfers, replayed: false };
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
      return await db.transaction().execute((trx) => postInside(trx, group));
    } catch (error) {
      if (!runsAgain(error, attempt)) throw await finalError(db, error);
    }
  }
}
