// Entries that each expire at their own time, on one timer (docs/database.md#the-request-deadline):
// the running request deadlines of one length (request-deadline.ts) and the running statements of
// one pool (src/db/statement-limits.ts). Kept in the order they expire in, in a list linked
// through the entries themselves, with one timer armed for the first: adding or removing an entry
// sets and cuts two links, where a timer of its own was an object, a closure and an entry in
// Node's timer lists. Entries mostly come in the order they expire (a request's deadline is as
// long as the one before; a pool runs at most its size of statements), so an entry is placed by
// walking back from the last, which is where it belongs nearly always.

/** An entry of a queue: its expiry, and its place while queued. */
export interface Expiring<T> {
  /** `performance.now()` when it expires. */
  readonly expiresAt: number;
  /** The entry expiring before and the one after it, while queued. */
  earlier: T | null;
  later: T | null;
}

export class ExpiryQueue<T extends Expiring<T>> {
  readonly #onExpired: (entry: T) => void;
  #first: T | null = null;
  #last: T | null = null;
  #timer: NodeJS.Timeout | null = null;
  /** When the armed timer fires. */
  #armedFor = Infinity;
  readonly #fire = () => this.#expireDue();

  /** `onExpired` is called with each entry whose time came, after it left the queue. */
  constructor(onExpired: (entry: T) => void) {
    this.#onExpired = onExpired;
  }

  add(entry: T): void {
    let before = this.#last;
    while (before && before.expiresAt > entry.expiresAt) before = before.earlier;
    const after = before ? before.later : this.#first;
    entry.earlier = before;
    entry.later = after;
    if (before) before.later = entry;
    else this.#first = entry;
    if (after) after.earlier = entry;
    else this.#last = entry;
    if (this.#first !== entry) return;
    if (this.#timer === null || entry.expiresAt < this.#armedFor) this.#arm(entry.expiresAt);
    else this.#timer.ref();
  }

  /** Takes `entry` out of the queue: false when it was not in it (removed already, or expired). */
  remove(entry: T): boolean {
    const { earlier, later } = entry;
    if (earlier) earlier.later = later;
    else if (this.#first === entry) this.#first = later;
    else return false;
    if (later) later.earlier = earlier;
    else this.#last = earlier;
    entry.earlier = null;
    entry.later = null;
    // The timer stays armed for an entry gone, but holds the process only while one is queued: a
    // process that has stopped serving exits without waiting for it.
    if (this.#first === null) this.#timer?.unref();
    return true;
  }

  #arm(expiresAt: number): void {
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#armedFor = expiresAt;
    this.#timer = setTimeout(this.#fire, Math.max(1, Math.ceil(expiresAt - performance.now())));
  }

  #expireDue(): void {
    this.#timer = null;
    this.#armedFor = Infinity;
    const now = performance.now();
    const due: T[] = [];
    for (let first = this.#first; first; first = this.#first) {
      if (first.expiresAt > now) {
        this.#arm(first.expiresAt);
        break;
      }
      this.remove(first);
      due.push(first);
    }
    // After the queue is consistent again: an entry's expiry may add or remove others.
    for (const entry of due) this.#onExpired(entry);
  }
}
