// The journal module (docs/ledger.md): what the later slices (sends, deposits, trades, fund
// dealing) post with and read from. Built on a Db it runs each posting in a transaction of its
// own; built on a transaction (`createLedgerJournal(trx)`), it posts inside it, so a posting can
// commit with the caller's own rows. No principal here: the slices that post decide who may.
import type { Db } from '../../db/create-database.ts';
import { findTransfer, findTransfers, listAccountTransfers, type TransferPage } from './ledger-transfer-table.ts';
import type { LedgerAccountKey } from './ledger-account-key.ts';
import { ensureAccount, findAccount, findAccountById } from './ledger-account-table.ts';
import type { LedgerTransfer } from './ledger-transfer.ts';
import { postTransferGroup, type PostResult } from './post-transfers.ts';
import type { Movement, PostPending, TransferEntry, VoidPending } from './transfer-request.ts';

export interface PostedTransfer {
  transfer: LedgerTransfer;
  /** True when the transfer had been posted before: this call posted nothing. */
  replayed: boolean;
}

async function postOne(db: Db, entry: TransferEntry): Promise<PostedTransfer> {
  const { transfers, replayed } = await postTransferGroup(db, { linkedId: null, entries: [entry] });
  return { transfer: transfers[0] as LedgerTransfer, replayed };
}

export function createLedgerJournal(db: Db) {
  return {
    /** The account of `key`, opened with nothing when missing (idempotent). */
    ensureAccount: (key: LedgerAccountKey) => ensureAccount(db, key),
    findAccount: (key: LedgerAccountKey) => findAccount(db, key),
    /** An account with its balances: posted, pending both ways, available. */
    account: (accountId: number) => findAccountById(db, accountId),

    /** Moves the amount at once. */
    post: (movement: Movement) => postOne(db, { ...movement, kind: 'single' }),
    /** Holds the amount on the debit account until a post or void resolves it. */
    createPending: (movement: Movement) => postOne(db, { ...movement, kind: 'pending' }),
    /** Posts a pending transfer, possibly for less: the rest of the hold is released. */
    postPending: (request: PostPending) => postOne(db, { ...request, kind: 'post_pending' }),
    /** Releases a pending transfer's hold; nothing moves. */
    voidPending: (request: VoidPending) => postOne(db, { ...request, kind: 'void_pending' }),
    /** Posts every entry or none; the group is closed once its transaction commits. */
    postLinked: (linkedId: string, entries: readonly TransferEntry[]): Promise<PostResult> =>
      postTransferGroup(db, { linkedId, entries }),

    transfer: (transferId: string) => findTransfer(db, transferId),
    /** The posted transfers among these ids, by id, read in one query. */
    transfers: (transferIds: readonly string[]) => findTransfers(db, transferIds),
    /** The account's transfers, newest first. */
    transfersOf: (accountId: number, page?: TransferPage) => listAccountTransfers(db, accountId, page),
  };
}

export type LedgerJournal = ReturnType<typeof createLedgerJournal>;
