// Parsed and validated documents are cached by query text (docs/benchmarks.md#targets: parsing and
// validating every request cost about 7×). Bounded, least recently used first out.
import { type DocumentNode, type GraphQLError, type GraphQLSchema, parse, validate } from 'graphql';
import { type CacheObserver, createBoundedCache } from '../cache/bounded-cache.ts';

export interface DocumentCache {
  parse(source: string): DocumentNode;
  validate(schema: GraphQLSchema, document: DocumentNode): readonly GraphQLError[];
}

export function createDocumentCache(options: { capacity?: number; observer?: CacheObserver } = {}): DocumentCache {
  const documents = createBoundedCache<DocumentNode>({
    maxEntries: options.capacity ?? 1_000,
    observer: options.observer,
  });
  const validations = new WeakMap<DocumentNode, readonly GraphQLError[]>();
  return {
    parse(source) {
      const cached = documents.get(source);
      if (cached) return cached;
      const document = parse(source, { maxTokens: 10_000 });
      documents.set(source, document);
      return document;
    },
    validate(schema, document) {
      let errors = validations.get(document);
      if (!errors) {
        errors = validate(schema, document);
        validations.set(document, errors);
      }
      return errors;
    },
  };
}
