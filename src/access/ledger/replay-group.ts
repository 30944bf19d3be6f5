// Posting a group whose ids or linked id are already in the journal (docs/ledger.md#idempotency):
// the same group again answers what was posted, and posts nothing; anything else under those ids
// (other content, fewer or more members of the linked group) is a conflict, since the first
// posting stands, and new transfers for a posted linked group are refused: it is closed.
import { LedgerError } from './ledger-error.ts';
import type { LedgerTransfer } from './ledger-transfer-record.ts';
import { differencesFrom } from './same-transfer.ts';
import type { TransferGroup } from './transfer-request.ts';

function conflict(transferId: string, message: string): LedgerError {
  return new LedgerError('transfer_conflict', `transfer ${transferId}: ${message}`, { transferId });
}

/** `posted`: the stored transfers with the group's ids, and the members of its linked group. */
export function replayOf(group: TransferGroup, posted: readonly LedgerTransfer[]): LedgerTransfer[] {
  const byId = new Map(posted.map((transfer) => [transfer.id, transfer]));
  const requested = new Set(group.entries.map((entry) => entry.id));
  if (group.entries.every((entry) => !byId.has(entry.id)))
    throw new LedgerError(
      'linked_group_closed',
      `linked group ${group.linkedId} was posted before: it takes no new transfer`,
      {
        transferId: group.entries[0]?.id ?? null,
      },
    );
  const missing = group.entries.find((entry) => !byId.has(entry.id));
  if (missing)
    throw conflict(missing.id, `it is new, but ${posted[0]?.id} was posted before: a group posts all or none`);
  const extra = posted.find((transfer) => !requested.has(transfer.id));
  if (extra)
    throw conflict(extra.id, `it was posted in linked group ${extra.linkedId}, which this request leaves it out of`);
  return group.entries.map((entry) => {
    const stored = byId.get(entry.id) as LedgerTransfer;
    const differences = differencesFrom(entry, group.linkedId, stored);
    if (differences.length > 0)
      throw conflict(entry.id, `it was posted before with another ${differences.join(', ')}; a posted transfer stands`);
    return stored;
  });
}
