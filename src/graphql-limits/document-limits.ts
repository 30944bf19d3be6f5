// How large and how deeply nested a GraphQL document may be, checked on the text before any
// parser sees it (docs/requests.md#document-limits, docs/data-layer.md#limits): graphql-js' parser
// recurses per nesting level, and its token limit counts neither nesting nor comments.
import { nestingDepth } from './nesting-depth.ts';

export interface DocumentLimits {
  /** Most characters of the document. */
  readonly maxLength: number;
  /** Most levels of `{`, `(` and `[` open at once, outside strings and comments. */
  readonly maxDepth: number;
}

/** Nesting no real query comes near (the data layer allows 10 selection levels), far below the ~2,000 levels that overflow the parser. */
export const maxDocumentDepth = 100;

/** POST /graphql and its subscriptions: openapi.yaml#/components/schemas/GraphqlRequest caps `query` at 100,000 characters. */
export const businessDocumentLimits: DocumentLimits = { maxLength: 100_000, maxDepth: maxDocumentDepth };

/** POST /v1/graphql: 200,000 characters (docs/data-layer.md#limits). */
export const dataLayerDocumentLimits: DocumentLimits = { maxLength: 200_000, maxDepth: maxDocumentDepth };

/** Why the document is refused, naming the limit, or null when it is within both. */
export function documentLimitViolation(source: string, limits: DocumentLimits): string | null {
  if (source.length > limits.maxLength)
    return `the GraphQL document has ${source.length} characters; at most ${limits.maxLength} are accepted`;
  if (nestingDepth(source, limits.maxDepth) > limits.maxDepth)
    return `the GraphQL document nests deeper than ${limits.maxDepth} levels of {, ( and [; at most ${limits.maxDepth} are accepted`;
  return null;
}
