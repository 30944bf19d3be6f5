// Parsed and validated documents are cached by query text (docs/benchmarks.md#targets: parsing and
// validating every request cost about 7×). Bounded, least recently used first out. A document
// over the length or nesting limits is refused before graphql-js parses it (its parser recurses
// per level, docs/field-notes.md#graphql-js); POST /graphql checks them earlier still, so this
// guards the graphql-ws subscriptions.
import { GraphQLError, type DocumentNode, type GraphQLSchema, parse, validate } from 'graphql';
import { type CacheObserver, createBoundedCache } from '../cache/bounded-cache.ts';
import { documentBytes } from '../graphql-limits/document-bytes.ts';
import { businessDocumentLimits, documentLimitViolation } from '../graphql-limits/document-limits.ts';

export interface DocumentCache {
  parse(source: string): DocumentNode;
  validate(schema: GraphQLSchema, document: DocumentNode): readonly GraphQLError[];
  /** Estimated bytes held (src/graphql-limits/document-bytes.ts), at most the cache's byte budget. */
  readonly bytes: number;
}

/** Byte budget of the parsed documents (docs/caches.md#document-caches-in-bytes): room for about ten of the largest (100,000 characters, 10,000 tokens, ~3 MB parsed). */
export const documentCacheBytes = 32 * 1024 * 1024;

export function createDocumentCache(
  options: { capacity?: number; maxBytes?: number; observer?: CacheObserver } = {},
): DocumentCache {
  const documents = createBoundedCache<DocumentNode>({
    maxEntries: options.capacity ?? 1_000,
    maxSize: options.maxBytes ?? documentCacheBytes,
    sizeOf: (document, source) => documentBytes(source, document),
    observer: options.observer,
  });
  const validations = new WeakMap<DocumentNode, readonly GraphQLError[]>();
  return {
    parse(source) {
      const cached = documents.get(source);
      if (cached) return cached;
      const overLimit = documentLimitViolation(source, businessDocumentLimits);
      if (overLimit) throw new GraphQLError(overLimit, { extensions: { code: 'BAD_REQUEST' } });
      const document = parseOrFail(source);
      documents.set(source, document);
      return document;
    },
    validate(schema, document) {
      let errors = validations.get(document);
      if (!errors) {
        errors = validate(schema, document).map((error) => withCode(error, 'GRAPHQL_VALIDATION_FAILED'));
        validations.set(document, errors);
      }
      return errors;
    },
    get bytes() {
      return documents.totalSize;
    },
  };
}

// openapi.yaml#/components/schemas/GraphqlError: documents that fail to parse or validate carry
// GRAPHQL_PARSE_FAILED and GRAPHQL_VALIDATION_FAILED.
function parseOrFail(source: string): DocumentNode {
  try {
    return parse(source, { maxTokens: 10_000 });
  } catch (error) {
    if (error instanceof GraphQLError) throw withCode(error, 'GRAPHQL_PARSE_FAILED');
    throw error;
  }
}

function withCode(error: GraphQLError, code: string): GraphQLError {
  return new GraphQLError(error.message, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    extensions: { ...error.extensions, code },
  });
}
