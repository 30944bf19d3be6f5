// Where the result cache keeps its entries (docs/caches.md#result-cache): process memory, or
// Redis shared by every node. A store holds JSON text, never objects, so both count the same bytes
// and give back the same values; its methods never reject (a store that cannot answer is a miss).
// Process memory answers at once (no promise), so a hit costs no turn of the event loop and a
// write is done before the loader's callers resume.

export interface StoreRead {
  /** The JSON text of the live entry; undefined when there is none, when asked not to read it, or when the store did not answer. */
  readonly json: string | undefined;
  /**
   * What the store knew of the tags' invalidations when read, handed back to `write`: an entry
   * loaded across an invalidation of one of its tags is not stored. `undefined` when the store did
   * not answer; such a load is not stored.
   */
  readonly stamp: unknown;
}

export interface StoreEntry {
  readonly json: string;
  readonly ttlMs: number;
  readonly tags: readonly string[];
  /** The entry's size (docs/caches.md#result-cache), counted alike by both stores. */
  readonly bytes: number;
}

export interface ResultStore {
  /** The entry of `key` (unless `entry` is false, for a refresh) and the stamp of `tags`. */
  read(key: string, tags: readonly string[], entry: boolean): StoreRead | Promise<StoreRead>;
  /** Stores the entry unless one of its tags was invalidated since `stamp`; true when stored. */
  write(key: string, entry: StoreEntry, stamp: unknown): boolean | Promise<boolean>;
  /** Removes every entry carrying any of the tags, on every node that shares the store. */
  invalidate(tags: readonly string[]): Promise<void>;
  /** Removes every entry, on every node that shares the store; a load across it stores nothing. */
  invalidateAll(): Promise<void>;
  /** Entries and bytes held, where this node can tell (process memory); undefined for a shared store. */
  counts(): { entries: number; bytes: number } | undefined;
  close(): Promise<void>;
}
