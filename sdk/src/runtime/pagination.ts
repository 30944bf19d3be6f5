// Iterates a list operation page by page (schema.graphql `OffsetPage`: `limit`, `offset`,
// `hasNextPage`, `items`), asking for the next offset after the items received, so a server that
// clamps `limit` to its maximum is followed exactly (docs/sdk.md#pagination).
import type { GraphqlCallOptions, GraphqlClient, VariablesArgs } from './graphql-client.ts';
import { GraphqlResponseError } from './sdk-errors.ts';
import type { PagedDocument } from './typed-document.ts';

type ItemOf<P> = NonNullable<P> extends { items: readonly (infer I)[] } ? I : never;

interface Page {
  items: readonly unknown[];
  offset: number;
  hasNextPage: boolean;
}

export interface PaginateOptions extends GraphqlCallOptions {
  /** `limit` of each request; default the server's. */
  pageSize?: number;
}

/** Every item of a list operation, fetched one page at a time; a GraphQL error ends it with a `GraphqlResponseError`. */
export async function* paginate<
  R,
  V extends { limit?: number | null; offset?: number | null },
  F extends keyof R & string,
>(
  client: GraphqlClient<any>,
  document: PagedDocument<R, V, F>,
  variables: Omit<V, 'limit' | 'offset'>,
  options: PaginateOptions = {},
): AsyncGenerator<ItemOf<R[F]>, void, undefined> {
  const { pageSize, ...callOptions } = options;
  let offset = 0;
  for (;;) {
    const args = [{ ...variables, limit: pageSize, offset }, callOptions] as unknown as VariablesArgs<
      V,
      GraphqlCallOptions
    >;
    const result = await client.request(document, ...args);
    if (result.errors) throw new GraphqlResponseError(result.errors);
    const page = result.data[document.page] as Page;
    yield* page.items as ItemOf<R[F]>[];
    if (!page.hasNextPage || page.items.length === 0) return;
    offset = page.offset + page.items.length;
  }
}
