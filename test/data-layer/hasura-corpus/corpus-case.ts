// One case of the adapted Hasura corpus (docs/data-layer.md#how-it-is-tested): a request to the
// data layer, the Hasura behaviour it follows, and what must come back, exactly; optionally the
// rows a SQL statement must then read, so a write is checked against the database, not against
// the data layer's own answer.

export interface CorpusCase {
  /** What the case checks, as a sentence. */
  readonly name: string;
  /**
   * The Hasura v2 behaviour it follows: the docs page or the Hasura test-suite case, and in a few
   * words what Hasura does (`docs: mutations/postgres/upsert — on_conflict with empty update_columns
   * ignores the conflicting row`). A deliberate difference says so and names its
   * docs/data-layer.md entry.
   */
  readonly hasura: string;
  /** Request headers: `asRole(...)` from data-layer-client.ts, or a bearer token. */
  readonly headers: Readonly<Record<string, string>>;
  readonly query: string;
  readonly variables?: Readonly<Record<string, unknown>>;
  /** A batched request: this array is the JSON body, instead of `{query, variables}` (`query` unused). */
  readonly batch?: readonly unknown[];
  /** SQL run (as the database owner) before the request, in order: the rows a case needs. */
  readonly given?: readonly string[];
  readonly expect: CorpusExpectation;
  /** After the request: a SQL query and exactly the rows it must return. */
  readonly then?: { readonly sql: string; readonly rows: readonly Record<string, unknown>[] };
}

export type CorpusExpectation =
  /** 200 with exactly this `data` and no errors. */
  | { readonly data: unknown }
  /** Exactly one error with this code; the message equal to a string or matching a RegExp. */
  | { readonly error: { readonly code: string; readonly message: string | RegExp }; readonly status?: number }
  /** The raw JSON body, exactly (batched requests answer an array). */
  | { readonly body: unknown; readonly status?: number };
