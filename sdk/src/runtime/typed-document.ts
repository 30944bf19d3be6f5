// A GraphQL operation as the generator writes it (sdk/src/generated/graphql-documents.ts): its
// text, plus what the client needs to know about it. Typed like GraphQL Code Generator's
// TypedDocumentString: `__apiType` carries the result and variables types (the shape of
// @graphql-typed-document-node/core's DocumentTypeDecoration), and `toString()` is the text, so
// other GraphQL clients can take it too.

/** Where DateTime values sit in a result: `1` a DateTime field, an object its fields; `on:Type` keys apply when `__typename` is Type. */
export interface DateTree {
  readonly [key: string]: 1 | DateTree;
}

export interface TypedDocument<TResult, TVariables> {
  readonly kind: 'query' | 'mutation' | 'subscription';
  /** The operation's name in `text`. */
  readonly name: string;
  readonly text: string;
  readonly dates?: DateTree;
  /** The mutation's `input.idempotencyKey` is kept by the server, so it may be retried with one. */
  readonly idempotencyKey?: boolean;
  /** For a list root field: its name, whose value is a page with `items` (limit/offset). */
  readonly page?: string;
  /** Type only: never set. */
  readonly __apiType?: (variables: TVariables) => TResult;
  toString(): string;
}

export type ResultOf<D> = D extends TypedDocument<infer R, any> ? R : never;
export type VariablesOf<D> = D extends TypedDocument<any, infer V> ? V : never;

/** A list operation: `page` names the root field whose page holds `items`. */
export interface PagedDocument<TResult, TVariables, F extends keyof TResult & string> extends TypedDocument<
  TResult,
  TVariables
> {
  readonly page: F;
}

type Spec = Omit<TypedDocument<unknown, unknown>, '__apiType' | 'toString'>;

function text(this: Spec): string {
  return this.text;
}

export function graphqlDocument<R, V>(spec: Spec): TypedDocument<R, V>;
export function graphqlDocument<R, V, F extends keyof R & string>(spec: Spec & { page: F }): PagedDocument<R, V, F>;
export function graphqlDocument(spec: Spec): TypedDocument<unknown, unknown> {
  return { ...spec, toString: text };
}

/** Turns the DateTime strings of a result into Dates, in place (schema.graphql `DateTime`). */
export function reviveDates(value: unknown, tree: DateTree | undefined): void {
  if (!tree || value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (const item of value) reviveDates(item, tree);
    return;
  }
  const record = value as Record<string, unknown>;
  for (const [key, branch] of Object.entries(tree)) {
    if (key.startsWith('on:')) {
      if (record.__typename === key.slice(3)) reviveDates(record, branch as DateTree);
    } else if (branch === 1) {
      const field = record[key];
      if (typeof field === 'string') record[key] = new Date(field);
    } else {
      reviveDates(record[key], branch);
    }
  }
}
