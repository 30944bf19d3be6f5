// Parsed and validated documents are cached by query text (docs/benchmarks.md#targets: parsing and
// validating every request cost about 7×). Bounded, least recently used first out. A document
// over the length or nesting limits is refused before graphql-js parses it (its parser recurses
// per level, docs/architecture.md#field-notes); POST /graphql checks them earlier still, so this
// guards the graphql-ws subscriptions.
import { GraphQLError, type DocumentNode, type GraphQLSchema, parse, validate } from 'graphql';
import { createBoundedCache } from '../cache/bounded-cache.ts';
import { businessDocumentLimits, documentLimitViolation } from '../graphql-limits/document-limits.ts';

export interface DocumentCache {
  parse(source: string): DocumentNode;
  validate(schema: GraphQLSchema, document: DocumentNode): readonly GraphQLError[];
}

export function createDocumentCache(capacity = 1_000): DocumentCache {
  const documents = createBoundedCache<DocumentNode>({ maxEntries: capacity });
  const validations = new WeakMap<DocumentNode, readonly GraphQLError[]>();
  return {
    parse(source) {
      const cached = documents.get(source);
      if (cached) return cached;
      const overLimit = documentLimitViolation(source, businessDocumentLimits);
      if (overLimit) throw new GraphQLError(overLimit, { extensions: { code: 'BAD_REQUEST' } });
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
