// What a caller asks the journal to post (docs/ledger.md#transfers): a movement (a transfer posted
// at once, or a pending one that holds its amount) or the resolution of a pending transfer (post,
// possibly for less, or void). Ids are keys derived from the event that caused the transfer
// (`send:<transferId>`, `trade:<tradeId>:leg1`), so a replay of the event posts nothing new.
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

interface Described {
  /** The transfer's key, unique in the journal: `<source>:<event id>[:<leg>]`. */
  id: string;
  /** What happened, for people (1 to 500 characters). */
  description?: string;
  /** The event's facts, for machines (a JSON object; amounts in it as decimal strings). */
  metadata?: JsonObject;
}

/** Moves `amount` base units of `asset` from the debit account to the credit account. */
export interface Movement extends Described {
  debitAccountId: number;
  creditAccountId: number;
  asset: string;
  amount: bigint;
}

export interface PostPending extends Described {
  pendingId: string;
  /** At most the pending amount; the rest of the hold is released. Left out: the whole pending amount. */
  amount?: bigint;
}

export type VoidPending = Described & { pendingId: string };

export type MovementEntry = Movement & { kind: 'single' | 'pending' };
export type ResolutionEntry = (PostPending & { kind: 'post_pending' }) | (VoidPending & { kind: 'void_pending' });
export type TransferEntry = MovementEntry | ResolutionEntry;

export function isMovement(entry: TransferEntry): entry is MovementEntry {
  return entry.kind === 'single' || entry.kind === 'pending';
}

/** One transfer, or a linked group: all of its entries are posted, or none. */
export interface TransferGroup {
  linkedId: string | null;
  entries: readonly TransferEntry[];
}
