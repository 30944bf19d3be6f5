// Whether a request is the transfer already posted under its id (docs/ledger.md#idempotency): a
// replay with the same content answers the stored transfer, any difference is a conflict. A post
// or void compares only what it states: what it leaves out, the database took from the pending
// transfer.
import type { LedgerTransfer } from './ledger-transfer-record.ts';
import { isMovement, type JsonValue, type TransferEntry } from './transfer-request.ts';

/** JSON with object keys in order, so two objects with the same members compare equal (as jsonb does). */
function canonicalJson(value: JsonValue): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  const keys = Object.keys(value).sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key] as JsonValue)}`).join(',')}}`;
}

/** Each field the request states, with its value as stored would be: [name, requested, stored]. */
function statedFields(
  entry: TransferEntry,
  linkedId: string | null,
  stored: LedgerTransfer,
): [string, unknown, unknown][] {
  const fields: [string, unknown, unknown][] = [
    ['kind', entry.kind, stored.kind],
    ['linkedId', linkedId, stored.linkedId],
    ['description', entry.description ?? null, stored.description],
    ['metadata', canonicalJson(entry.metadata ?? {}), canonicalJson(stored.metadata)],
  ];
  if (isMovement(entry)) {
    fields.push(['debitAccountId', entry.debitAccountId, stored.debitAccountId]);
    fields.push(['creditAccountId', entry.creditAccountId, stored.creditAccountId]);
    fields.push(['asset', entry.asset, stored.asset], ['amount', entry.amount, stored.amount]);
  } else {
    fields.push(['pendingId', entry.pendingId, stored.pendingId]);
    if (entry.kind === 'post_pending' && entry.amount !== undefined)
      fields.push(['amount', entry.amount, stored.amount]);
  }
  return fields;
}

/** The names of the fields in which `entry` differs from the transfer stored under its id. */
export function differencesFrom(entry: TransferEntry, linkedId: string | null, stored: LedgerTransfer): string[] {
  return statedFields(entry, linkedId, stored)
    .filter(([, requested, kept]) => requested !== kept)
    .map(([name]) => name);
}
