// What a `records_changed` notification says (migration 0016, docs/caches.md#writes-from-every-path):
// a statement changed rows of one table, naming the wallets, organizations and owners the rows
// belong to, or `every` when it touched more than one notification holds (or truncated the
// table). Parsed here, next to the tables, so the domain reads a typed change, never the payload.

/** The channel the triggers of migration 0016 notify on. */
export const recordChangeChannel = 'records_changed';

export type RecordChange =
  | {
      readonly kind: 'rows';
      readonly table: string;
      readonly walletIds: readonly number[];
      readonly organizationIds: readonly string[];
      readonly ownerUserIds: readonly string[];
    }
  /** Too many rows to name, a TRUNCATE, or nothing known: what was missed (a lost listener, a payload not understood). */
  | { readonly kind: 'every'; readonly table: string | null };

const unknownChange: RecordChange = { kind: 'every', table: null };

/** The change a payload announces; undefined (the listener reconnected) or malformed: every record may have changed. */
export function parseRecordChange(payload: string | undefined): RecordChange {
  const parsed = parseObject(payload);
  if (!parsed || typeof parsed.table !== 'string') return unknownChange;
  if (parsed.every === true) return { kind: 'every', table: parsed.table };
  const walletIds = listOf(parsed.wallets, (value) => Number.isInteger(value));
  const organizationIds = listOf(parsed.organizations, (value) => typeof value === 'string');
  const ownerUserIds = listOf(parsed.owners, (value) => typeof value === 'string');
  if (!walletIds || !organizationIds || !ownerUserIds) return unknownChange;
  return {
    kind: 'rows',
    table: parsed.table,
    walletIds: walletIds as number[],
    organizationIds: organizationIds as string[],
    ownerUserIds: ownerUserIds as string[],
  };
}

function parseObject(payload: string | undefined): Record<string, unknown> | null {
  if (payload === undefined) return null;
  try {
    const value: unknown = JSON.parse(payload);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** An absent list is empty (the payload leaves out what it has none of); anything else not a list of `is` is null. */
function listOf(value: unknown, is: (item: unknown) => boolean): unknown[] | null {
  if (value === undefined) return [];
  return Array.isArray(value) && value.every(is) ? value : null;
}
