// Parsing and validating against the role's schema, cached per (role, query text)
// (docs/benchmarks.md#targets: doing both on every request cost about 7×). Syntax errors are
// BAD_REQUEST; validation errors are VALIDATION_FAILED with the data layer's wording and a path.
import { GraphQLError, parse, specifiedRules, validate, type DocumentNode, type GraphQLSchema } from 'graphql';
import { createBoundedCache } from '../../cache/bounded-cache.ts';
import { documentBytes } from '../../graphql-limits/document-bytes.ts';
import { dataLayerDocumentLimits } from '../../graphql-limits/document-limits.ts';
import { DataLayerError, type ErrorEntry } from '../data-layer-error.ts';
import { nodePaths } from './request-paths.ts';
import { validationMessage } from './validation-messages.ts';

export type PreparedDocument =
  | { readonly document: DocumentNode; readonly errors: null }
  | { readonly document: DocumentNode; readonly errors: readonly ErrorEntry[] };

/** Parser limits: a document is refused before it can cost much CPU or memory. */
export const parseLimits = { maxLexicalTokens: 20_000, maxSourceLength: dataLayerDocumentLimits.maxLength } as const;

const mutationUnsupported = /The (mutation|subscription) operation is not supported by the schema/;

/**
 * Byte budget of the prepared documents (docs/architecture.md#caches): room for about ten of the
 * largest (200,000 characters, 20,000 tokens, ~6.5 MB parsed); the key (role and query text) counts.
 */
export const preparedDocumentBytes = 64 * 1024 * 1024;

export function createPreparedDocuments(capacity = 1_000, maxBytes = preparedDocumentBytes) {
  const cache = createBoundedCache<PreparedDocument>({
    maxEntries: capacity,
    maxSize: maxBytes,
    sizeOf: (prepared, key) => documentBytes(key, prepared.document),
  });
  return {
    /** Estimated bytes held (src/graphql-limits/document-bytes.ts), at most `maxBytes`. */
    get bytes() {
      return cache.totalSize;
    },
    prepare(role: string, schema: GraphQLSchema, query: string): PreparedDocument {
      const key = `${role}\u0000${query}`;
      const cached = cache.get(key);
      if (cached) return cached;
      const document = parseDocument(query);
      const errors = validate(schema, document, specifiedRules, { hideSuggestions: true, maxErrors: 20 });
      const prepared: PreparedDocument = {
        document,
        errors: errors.length === 0 ? null : validationEntries(document, errors),
      };
      cache.set(key, prepared);
      return prepared;
    },
  };
}

export type PreparedDocuments = ReturnType<typeof createPreparedDocuments>;

export function unsupportedOperationMessage(operation: string): string {
  return `${operation}s are not supported by the data layer`;
}

function parseDocument(query: string): DocumentNode {
  try {
    return parse(query, parseLimits);
  } catch (error) {
    if (!(error instanceof GraphQLError)) throw error;
    throw new DataLayerError('BAD_REQUEST', `GraphQL syntax error: ${error.message.replace(/^Syntax Error: /, '')}`);
  }
}

function validationEntries(document: DocumentNode, errors: readonly GraphQLError[]): ErrorEntry[] {
  const paths = nodePaths(document);
  return errors.map((error) => {
    const node = error.nodes?.[0];
    const path = (node && paths.get(node)) ?? '$';
    const unsupported = mutationUnsupported.exec(error.message)?.[1];
    if (unsupported === 'mutation')
      return {
        message: 'no mutations exist for this role (unknown operation or no permission)',
        code: 'VALIDATION_FAILED',
        path,
      };
    if (unsupported) return { message: unsupportedOperationMessage(unsupported), code: 'NOT_IMPLEMENTED', path };
    return { message: validationMessage(error), code: 'VALIDATION_FAILED', path };
  });
}
