// Parsing and validating against the role's schema, cached by query text and then role
// (docs/benchmarks.md#targets: doing both on every request cost about 7×). Syntax errors are
// BAD_REQUEST; validation errors are VALIDATION_FAILED with the data layer's wording and a path.
// The document's length and nesting limits (docs/data-layer.md#limits) are checked here, before
// the parser, and only for a text not seen before: a cached text passed them when it came.
import { GraphQLError, parse, specifiedRules, validate, type DocumentNode, type GraphQLSchema } from 'graphql';
import { createBoundedCache } from '../../cache/bounded-cache.ts';
import { documentBytes } from '../../graphql-limits/document-bytes.ts';
import { dataLayerDocumentLimits, documentLimitViolation } from '../../graphql-limits/document-limits.ts';
import { DataLayerError, DocumentLimitError, type ErrorEntry } from '../data-layer-error.ts';
import { nodePaths } from './request-paths.ts';
import { validationMessage } from './validation-messages.ts';

/** One role's preparation of one query text. */
export interface PreparedDocument {
  readonly document: DocumentNode;
  /** The role schema's validation errors, null when the document is valid for the role. */
  readonly errors: readonly ErrorEntry[] | null;
  /**
   * Names this role's preparation of this text, unique in the process: the compiled operations
   * are cached under it rather than under the text, so a request hashes its query text once.
   */
  readonly id: string;
}

/** One query text: parsed once, validated once per role that sent it. */
interface PreparedText {
  readonly document: DocumentNode;
  readonly byRole: ReadonlyMap<string, PreparedDocument>;
}

/** Parser limits: a document is refused before it can cost much CPU or memory. */
export const parseLimits = { maxLexicalTokens: 20_000, maxSourceLength: dataLayerDocumentLimits.maxLength } as const;

const mutationUnsupported = /The (mutation|subscription) operation is not supported by the schema/;

/**
 * Byte budget of the prepared documents (docs/caches.md#document-caches-in-bytes): room for about ten of the
 * largest (200,000 characters, 20,000 tokens, ~6.5 MB parsed); the key (the query text) counts.
 * One parsed document serves every role, so a text sent by several roles is counted once.
 */
export const preparedDocumentBytes = 64 * 1024 * 1024;

export function createPreparedDocuments(capacity = 1_000, maxBytes = preparedDocumentBytes) {
  const cache = createBoundedCache<PreparedText>({
    maxEntries: capacity,
    maxSize: maxBytes,
    sizeOf: (prepared, key) => documentBytes(key, prepared.document),
  });
  let lastId = 0;
  return {
    /** Estimated bytes held (src/graphql-limits/document-bytes.ts), at most `maxBytes`. */
    get bytes() {
      return cache.totalSize;
    },
    prepare(role: string, schema: GraphQLSchema, query: string): PreparedDocument {
      const text = cache.get(query);
      const known = text?.byRole.get(role);
      if (known) return known;
      const document = text?.document ?? parseDocument(query);
      const errors = validate(schema, document, specifiedRules, { hideSuggestions: true, maxErrors: 20 });
      lastId += 1;
      const entry: PreparedDocument = {
        document,
        id: String(lastId),
        errors: errors.length === 0 ? null : validationEntries(document, errors),
      };
      // A new entry rather than a change to the cached one, so the cache counts its size afresh.
      cache.set(query, { document, byRole: new Map([...(text?.byRole ?? []), [role, entry]]) });
      return entry;
    },
  };
}

export type PreparedDocuments = ReturnType<typeof createPreparedDocuments>;

function parseDocument(query: string): DocumentNode {
  const overLimit = documentLimitViolation(query, dataLayerDocumentLimits);
  if (overLimit) throw new DocumentLimitError(overLimit);
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
    // A role without mutation rules has no mutation_root, one without tables no subscription_root.
    if (unsupported)
      return {
        message: `no ${unsupported}s exist for this role (unknown operation or no permission)`,
        code: 'VALIDATION_FAILED',
        path,
      };
    return { message: validationMessage(error), code: 'VALIDATION_FAILED', path };
  });
}
