// What the journal checks of a request before it reaches the database (docs/ledger.md#posting):
// only what the database cannot say as clearly. Amounts must be positive and fit numeric(78, 0);
// ids are distinct within a group; a group of more than one transfer is linked. Everything else
// (id shape, accounts, assets, funds, pending transfers) is the database's to refuse.
import { LedgerError } from './ledger-error.ts';
import type { TransferEntry, TransferGroup } from './transfer-request.ts';

/** numeric(78, 0) holds up to 78 digits. */
const amountLimit = 10n ** 78n;

function checkAmount(entry: TransferEntry): void {
  const amount = entry.kind === 'void_pending' ? undefined : entry.amount;
  if (amount === undefined || (amount > 0n && amount < amountLimit)) return;
  throw new LedgerError(
    'invalid_transfer',
    `transfer ${entry.id}: the amount ${amount} is not 1 to 10^78 − 1 base units`,
    {
      transferId: entry.id,
    },
  );
}

export function checkTransferGroup(group: TransferGroup): void {
  if (group.entries.length === 0) throw new LedgerError('invalid_transfer', 'a group of no transfers');
  if (group.entries.length > 1 && group.linkedId === null)
    throw new LedgerError('invalid_transfer', 'transfers posted together are a linked group: give it a linked id');
  const ids = new Set(group.entries.map((entry) => entry.id));
  if (ids.size !== group.entries.length)
    throw new LedgerError('invalid_transfer', `linked group ${group.linkedId}: two transfers with one id`);
  group.entries.forEach(checkAmount);
}
