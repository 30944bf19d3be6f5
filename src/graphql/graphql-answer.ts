// One GraphQL request answered on graphql-js directly, by graphql-http's rules (status codes,
// `application/graphql-response+json`): the document from the cache, validated, its cost checked
// and spent (operation-cost/operation-cost-guard.ts, docs/api-limits.md), executed, the result
// written as JSON (docs/requests.md#post-graphql). Shared by both ways POST /graphql is
// served: the Koa route (graphql-transport.ts) and the fast lane in front of it (graphql-fast-lane.ts).
import {
  type DocumentNode,
  type ExecutionResult,
  GraphQLError,
  type GraphQLSchema,
  execute,
  getOperationAST,
} from 'graphql';
import { executeOperation, executesWithoutAbort } from './execute-operation.ts';
import type { Logger } from 'pino';
import type { GraphqlMediaType } from './accepted-media-type.ts';
import type { DocumentCache } from './document-cache.ts';
import { formatGraphqlError } from './format-graphql-error.ts';
import type { GraphqlContext } from './graphql-context.ts';
import { operationLabel, rootFieldNames } from './operation-label.ts';
import type { CostCaller, OperationCostGuard } from './operation-cost/operation-cost-guard.ts';
import { withRequestCode } from './request-error-code.ts';
import { inSpan } from '../observability/tracing/in-span.ts';
import { tracingOn } from '../observability/tracing/tracing.ts';

/** Told of each POST /graphql: its root field (bounded by operation-label.ts) and whether it answered errors. */
export type OperationObserver = (operation: string, outcome: 'ok' | 'error') => void;

/** openapi.yaml#/components/schemas/GraphqlRequest, once validateJsonBody has passed it. */
export interface GraphqlRequest {
  query: string;
  operationName?: string | null;
  variables?: Record<string, unknown> | null;
}

export interface GraphqlAnswer {
  status: number;
  contentType: string;
  body: string;
}

/** `caller`: who spends the operation's cost (the client address and the API key presented). */
export type GraphqlAnswerer = (
  request: GraphqlRequest,
  context: GraphqlContext,
  mediaType: GraphqlMediaType,
  caller: CostCaller,
) => Promise<GraphqlAnswer>;

/**
 * Answers parsed requests; each answered request is told to `observe`. `guardCost` refuses an
 * operation over its cost limits by throwing, before execution, so both ways POST /graphql is
 * served answer the refusal as their other refusals (graphql-error-body.ts).
 */
export function createGraphqlAnswerer(
  schema: GraphQLSchema,
  documents: DocumentCache,
  logger: Logger,
  guardCost: OperationCostGuard,
  observe: OperationObserver = () => {},
): GraphqlAnswerer {
  const known = rootFieldNames(schema);
  const executeIt = executesWithoutAbort(schema) ? executeOperation : execute;
  const formatError = (error: Error | GraphQLError) => formatGraphqlError(error, logger);

  /** The operation's document, or the answer refusing it before execution. */
  function prepare(request: GraphqlRequest, mediaType: GraphqlMediaType): DocumentNode | GraphqlAnswer {
    let document: DocumentNode;
    try {
      document = documents.parse(request.query);
    } catch (error) {
      return refusal(error, mediaType, formatError);
    }
    const validationErrors = documents.validate(schema, document);
    if (validationErrors.length > 0) return refusal(validationErrors, mediaType, formatError);
    const operation = getOperationAST(document, request.operationName ?? undefined);
    if (!operation) return refusal(new GraphQLError('Unable to detect operation AST'), mediaType, formatError);
    if (operation.operation === 'subscription')
      return refusal(new GraphQLError('Subscriptions are not supported'), mediaType, formatError);
    return document;
  }

  return async (request, context, mediaType, caller) => {
    const document = prepare(request, mediaType);
    if (!('kind' in document)) {
      observe('other', 'error');
      return document;
    }
    try {
      await guardCost({ document, operationName: request.operationName, variables: request.variables }, caller);
    } catch (refusal) {
      observe(operationLabel(known, document, request.operationName), 'error');
      throw refusal;
    }
    const label = operationLabel(known, document, request.operationName);
    const run = () =>
      executeIt({
        schema,
        document,
        operationName: request.operationName,
        variableValues: request.variables,
        contextValue: context,
      });
    const result = await (tracingOn()
      ? inSpan(`graphql.operation ${label}`, operationAttributes(operationNameOf(document, request) ?? label), run)
      : run());
    const answeredErrors = result.errors !== undefined && result.errors.length > 0;
    observe(label, answeredErrors ? 'error' : 'ok');
    return executed(result, mediaType, formatError);
  };
}

/** The operation's own name in the document, when it has one (read only while tracing). */
function operationNameOf(document: DocumentNode, request: GraphqlRequest): string | undefined {
  return getOperationAST(document, request.operationName ?? undefined)?.name?.value;
}

/** OpenTelemetry's GraphQL attribute: the operation's name (else its label), never the document or variables. */
function operationAttributes(name: string): { 'graphql.operation.name': string } {
  return { 'graphql.operation.name': name };
}

const contentTypes: Record<GraphqlMediaType, string> = {
  'application/json': 'application/json; charset=utf-8',
  'application/graphql-response+json': 'application/graphql-response+json; charset=utf-8',
};

/**
 * A request refused before execution (graphql-http's makeResponse): GraphQL errors are 200 in
 * application/json and 400 in application/graphql-response+json (GraphQL over HTTP); any other
 * error is 400 in application/json.
 */
function refusal(
  thrown: unknown,
  mediaType: GraphqlMediaType,
  formatError: (error: Error) => GraphQLError,
): GraphqlAnswer {
  if (thrown instanceof Error && !(thrown instanceof GraphQLError))
    return {
      status: 400,
      contentType: contentTypes['application/json'],
      body: JSON.stringify({ errors: [formatError(thrown)] }, errorReplacer),
    };
  const errors = Array.isArray(thrown) ? (thrown as GraphQLError[]) : [thrown as GraphQLError];
  return {
    status: mediaType === 'application/json' ? 200 : 400,
    contentType: contentTypes[mediaType],
    body: JSON.stringify({ errors: errors.map(formatError) }, errorReplacer),
  };
}

/** An executed operation: always 200, its errors formatted (masked when unexpected). */
function executed(
  result: ExecutionResult,
  mediaType: GraphqlMediaType,
  formatError: (error: Error) => GraphQLError,
): GraphqlAnswer {
  // Scalars serialize to strings, numbers and booleans, so data alone holds no Error to replace.
  const body = result.errors
    ? JSON.stringify(
        { ...result, errors: result.errors.map((error) => withRequestCode(formatError(error))) },
        errorReplacer,
      )
    : JSON.stringify(result);
  return { status: 200, contentType: contentTypes[mediaType], body };
}

/** graphql-http's JSON replacer: an Error that is not a GraphQLError shows its message only, never its stack. */
function errorReplacer(_key: string, value: unknown): unknown {
  return value instanceof Error && !(value instanceof GraphQLError) ? { message: value.message } : value;
}
