// A data-layer request from a known caller, made ready to run (docs/data-layer.md#how-a-request-runs):
// the document parsed and validated against the caller's role schema (cached), the operation
// chosen, its variables coerced, the operation planned and compiled by src/records/data-layer-sql
// (cached per role, query, operation and the values of plan-shaping variables), and the caller's
// session values that the statements' rules read parsed. POST /v1/graphql runs what this
// answers at once (execute-data-request.ts); a subscription on the socket runs it again on
// every refresh (src/data-layer/live/).
import {
  getOperationAST,
  getVariableValues,
  Kind,
  type DocumentNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import type { SessionValues } from '../../access/interpolate-session-variables.ts';
import { createBoundedCache } from '../../cache/bounded-cache.ts';
import type { DataLayerRules } from '../../records/data-layer-sql/data-layer-rules.ts';
import type { DataQueryExecutor } from '../../records/data-layer-sql/data-query-executor.ts';
import type { DataCaller } from '../auth/data-caller.ts';
import { requireSessionValues } from '../auth/session-variables.ts';
import { DataLayerError, DataLayerErrors } from '../data-layer-error.ts';
import type { DataRequest } from '../data-request.ts';
import { createRoleSchemas, roleSchema } from '../schema/role-schemas.ts';
import { buildOperationPlan } from './build-operation-plan.ts';
import { createPlanContext, defaultRequestLimits, type RequestLimits } from './plan-context.ts';
import { createPreparedDocuments } from './prepared-documents.ts';
import { prepareOperation, type PreparedOperation } from './prepared-operation.ts';
import { structuralVariables } from './structural-variables.ts';
import { dataLayerMessage } from './validation-messages.ts';

/** Byte budget of the compiled operations (docs/caches.md#document-caches-in-bytes). */
export const preparedOperationBytes = 64 * 1024 * 1024;

/** A compiled operation and the length of the query text it came from, which its size counts. */
interface CachedOperation {
  readonly operation: PreparedOperation;
  readonly sourceCharacters: number;
}

/** What a request runs with: the compiled operation, the caller's session values, the coerced variables. */
export interface PreparedRequest {
  readonly schema: GraphQLSchema;
  readonly ready: PreparedOperation;
  readonly session: SessionValues;
  readonly variables: Readonly<Record<string, unknown>>;
}

/** Which operations the door serves: POST serves queries and mutations, the socket subscriptions. */
export type OperationDoor = 'http' | 'socket';

export type DataRequestPreparer = (caller: DataCaller, request: DataRequest, door: OperationDoor) => PreparedRequest;

export interface DataRequestPreparerOptions {
  queries: DataQueryExecutor;
  limits?: RequestLimits;
  cacheSize?: number;
  /** The compiled permissions served (the role schemas, session variables); the queries must compile by the same. Default generated/permissions'. */
  rules?: DataLayerRules;
}

export function createDataRequestPreparer(options: DataRequestPreparerOptions): DataRequestPreparer {
  const schemaOf = options.rules ? createRoleSchemas(options.rules.model) : roleSchema;
  const documents = createPreparedDocuments(options.cacheSize ?? 1_000);
  // Keyed by the prepared document's id (its role and query text), not the text, so a request
  // hashes its text once. Bounded by bytes like the documents (docs/caches.md#document-caches-in-bytes): the
  // query text at 2 bytes a character plus a flat 16 KiB for the compiled statements and the plan.
  const operations = createBoundedCache<CachedOperation>({
    maxEntries: options.cacheSize ?? 1_000,
    maxSize: preparedOperationBytes,
    sizeOf: (cached, key) => (key.length + cached.sourceCharacters) * 2 + 16 * 1024,
  });
  const limits = options.limits ?? defaultRequestLimits;

  return (caller, request, door) => {
    const schema = schemaOf(caller.role);
    const prepared = documents.prepare(caller.role, schema, request.query);
    const operation = selectOperation(prepared.document, request.operationName);
    requireDoor(operation, door);
    if (prepared.errors) throw new DataLayerErrors(prepared.errors);
    const coerced = coerceVariables(schema, operation, request.variables);
    if (coerced.errors) {
      throw new DataLayerErrors(
        coerced.errors.map((error) => ({
          message: dataLayerMessage(error.message),
          code: 'VALIDATION_FAILED',
          path: variablePath(error.message),
        })),
      );
    }
    const variables = coerced.variableValues;
    const structural = structuralVariables(schema, operation);
    const shaping =
      structural.length === 0 ? '[]' : JSON.stringify(structural.map((name) => variables.coerced[name] ?? null));
    const key = `${prepared.id}\u0000${request.operationName ?? ''}\u0000${shaping}`;
    let ready = operations.get(key)?.operation;
    if (!ready) {
      const fragments = new Map(
        prepared.document.definitions.flatMap((definition) =>
          definition.kind === Kind.FRAGMENT_DEFINITION ? [[definition.name.value, definition] as const] : [],
        ),
      );
      const context = createPlanContext({ variables, structural: new Set(structural) }, fragments, limits);
      ready = prepareOperation(
        prepared.document,
        operation,
        buildOperationPlan(schema, operation, context),
        caller.role,
        options.queries,
      );
      operations.set(key, { operation: ready, sourceCharacters: request.query.length });
    }
    // Checked before anything runs, so a refused mutation writes nothing (docs/data-layer.md#authentication).
    const session = requireSessionValues(caller, ready.sql.sessionVariables, options.rules?.model);
    return { schema, ready, session, variables: variables.coerced };
  };
}

/**
 * The request's variables coerced to the operation's definitions. An operation that defines none
 * gets what graphql-js' getVariableValues answers then (every variable sent is ignored), without
 * its closure and error list: most cached queries define none.
 */
function coerceVariables(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  sent: DataRequest['variables'],
): ReturnType<typeof getVariableValues> {
  const definitions = operation.variableDefinitions ?? [];
  if (definitions.length === 0)
    return { variableValues: { sources: Object.create(null), coerced: Object.create(null) } };
  return getVariableValues(schema, definitions, sent ?? {}, { maxErrors: 10, hideSuggestions: true });
}

/** Subscriptions live on the socket, queries and mutations on POST (Hasura answers the same). */
function requireDoor(operation: OperationDefinitionNode, door: OperationDoor): void {
  if (door === 'http' && operation.operation === 'subscription')
    throw new DataLayerError(
      'BAD_REQUEST',
      'subscriptions need a WebSocket: open /v1/graphql with the graphql-transport-ws protocol (docs/data-layer.md#subscriptions)',
    );
  if (door === 'socket' && operation.operation !== 'subscription')
    throw new DataLayerError(
      'BAD_REQUEST',
      `a ${operation.operation} is sent with POST /v1/graphql; the socket serves subscriptions`,
    );
}

function selectOperation(document: DocumentNode, operationName: string | null): OperationDefinitionNode {
  const operation = getOperationAST(document, operationName);
  if (operation) return operation;
  if (operationName !== null)
    throw new DataLayerError('BAD_REQUEST', `the document has no operation named '${operationName.slice(0, 100)}'`);
  throw new DataLayerError(
    'BAD_REQUEST',
    'the document has several operations (or none): name the one to run in operationName',
  );
}

function variablePath(message: string): string {
  const name = /Variable "\$([_A-Za-z][_0-9A-Za-z]*)"/.exec(message)?.[1];
  return name ? `$.variableValues.${name}` : '$';
}
