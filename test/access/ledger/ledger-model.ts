// A tiny model of the journal for the randomized test (ledger-random-postings.test.ts): account
// balances as plain bigints, and which requests the journal must refuse, decided from the model's
// own balances, not the database's. A group is applied to a copy and kept only when every entry
// of it is accepted, as the journal posts all or none.
import type { LedgerRefusal } from '../../../src/access/ledger/ledger-error.ts';
import type { TransferEntry } from '../../../src/access/ledger/transfer-request.ts';

export interface ModelAccount {
  mayGoNegative: boolean;
  debitsPosted: bigint;
  creditsPosted: bigint;
  debitsPending: bigint;
  creditsPending: bigint;
}

interface ModelPending {
  debit: number;
  credit: number;
  amount: bigint;
  resolved: boolean;
}

export interface LedgerModel {
  accounts: Map<number, ModelAccount>;
  pending: Map<string, ModelPending>;
}

function copy(model: LedgerModel): LedgerModel {
  return {
    accounts: new Map([...model.accounts].map(([id, account]) => [id, { ...account }])),
    pending: new Map([...model.pending].map(([id, pending]) => [id, { ...pending }])),
  };
}

function availableOf(account: ModelAccount): bigint {
  return account.creditsPosted - account.debitsPosted - account.debitsPending;
}

/** Moves `posted` and `held` (negative: released) between the two accounts, refusing an overdraft. */
function move(model: LedgerModel, debit: number, credit: number, posted: bigint, held: bigint): LedgerRefusal | null {
  const from = model.accounts.get(debit) as ModelAccount;
  const to = model.accounts.get(credit) as ModelAccount;
  if (!from.mayGoNegative && availableOf(from) < posted + held) return 'insufficient_funds';
  from.debitsPosted += posted;
  from.debitsPending += held;
  to.creditsPosted += posted;
  to.creditsPending += held;
  return null;
}

function applyResolution(model: LedgerModel, entry: TransferEntry & { pendingId: string }): LedgerRefusal | null {
  const pending = model.pending.get(entry.pendingId);
  if (!pending) return 'pending_not_found';
  if (pending.resolved) return 'already_resolved';
  const posted = entry.kind === 'post_pending' ? (entry.amount ?? pending.amount) : 0n;
  if (posted > pending.amount) return 'post_exceeds_pending';
  pending.resolved = true;
  return move(model, pending.debit, pending.credit, posted, -pending.amount);
}

function applyEntry(model: LedgerModel, entry: TransferEntry): LedgerRefusal | null {
  if (entry.kind === 'post_pending' || entry.kind === 'void_pending') return applyResolution(model, entry);
  const refusal = move(
    model,
    entry.debitAccountId,
    entry.creditAccountId,
    entry.kind === 'single' ? entry.amount : 0n,
    entry.kind === 'pending' ? entry.amount : 0n,
  );
  if (refusal === null && entry.kind === 'pending')
    model.pending.set(entry.id, {
      debit: entry.debitAccountId,
      credit: entry.creditAccountId,
      amount: entry.amount,
      resolved: false,
    });
  return refusal;
}

/** The model after posting `entries` all or none, and the refusal of the first that failed. */
export function applyGroup(
  model: LedgerModel,
  entries: readonly TransferEntry[],
): { model: LedgerModel; refusal: LedgerRefusal | null } {
  const next = copy(model);
  for (const entry of entries) {
    const refusal = applyEntry(next, entry);
    if (refusal !== null) return { model, refusal };
  }
  return { model: next, refusal: null };
}
