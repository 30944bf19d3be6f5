// A bounded least-recently-used map for parsed documents and compiled plans (DESIGN.md §14).
export class LruCache<Value> {
  readonly capacity: number;
  readonly #entries = new Map<string, Value>();

  constructor(capacity: number) {
    this.capacity = capacity;
  }

  get(key: string): Value | undefined {
    const value = this.#entries.get(key);
    if (value !== undefined) {
      this.#entries.delete(key);
      this.#entries.set(key, value);
    }
    return value;
  }

  set(key: string, value: Value): void {
    this.#entries.delete(key);
    this.#entries.set(key, value);
    if (this.#entries.size > this.capacity) this.#entries.delete(this.#entries.keys().next().value as string);
  }

  get size(): number {
    return this.#entries.size;
  }
}
