// POST /graphql (docs/architecture.md#requests): GraphQL over HTTP on graphql-js directly, by
// graphql-http's rules (status codes, `application/graphql-response+json`), which this path used
// to run through: the body is read and parsed once, the document comes from the cache, and the
// resolvers' logger is made only when one logs (docs/benchmarks.md#what-the-hot-paths-pay-for).
// The router has already authenticated the caller (X-API-Key per openapi.yaml). A document over
// the length or nesting limits is refused with a 400 GraphQL response before it is parsed,
// whatever the accepted media type (docs/error-codes.md, src/graphql-limits/document-limits.ts).
// Every refusal, from the router's on, is written as a GraphQL response by graphql-error-body.ts.
import type { Readable } from 'node:stream';
import type { Middleware } from 'koa';
import {
  type DocumentNode,
  type ExecutionResult,
  GraphQLError,
  type GraphQLSchema,
  execute,
  getOperationAST,
} from 'graphql';
import type { Logger } from 'pino';
import { AppError } from '../errors/app-error.ts';
import type { HttpState } from '../http/koa-state.ts';
import type { Transport } from '../http/router.ts';
import { jsonBodyLimitBytes } from '../http/refuse-oversized-body.ts';
import type { DocumentCache } from './document-cache.ts';
import type { GraphqlContext } from './graphql-context.ts';
import { formatGraphqlError } from './format-graphql-error.ts';
import { businessDocumentLimits, documentLimitViolation } from '../graphql-limits/document-limits.ts';
import { writeGraphqlErrorBody } from './graphql-error-body.ts';
import { type GraphqlMediaType, acceptedMediaType } from './accepted-media-type.ts';
import { validateJsonBody } from '../http/validate-request.ts';
import { operationLabel, rootFieldNames } from './operation-label.ts';

// The router has refused a declared Content-Length over this limit before handing over.
const maxBodyBytes = jsonBodyLimitBytes;

/** Told of each POST /graphql: its root field (bounded by operation-label.ts) and whether it answered errors. */
export type OperationObserver = (operation: string, outcome: 'ok' | 'error') => void;

/** openapi.yaml#/components/schemas/GraphqlRequest, once validateJsonBody has passed it. */
interface GraphqlRequest {
  query: string;
  operationName?: string | null;
  variables?: Record<string, unknown> | null;
}

interface GraphqlAnswer {
  status: number;
  contentType: string;
  body: string;
  /** The executed operation's label; absent when the request was refused before execution. */
  operation?: string;
  /** Whether the executed operation answered errors. */
  answeredErrors?: boolean;
}

export function graphqlTransport(
  schema: GraphQLSchema,
  documents: DocumentCache,
  logger: Logger,
  observe: OperationObserver = () => {},
): Transport {
  const known = rootFieldNames(schema);
  const formatError = (error: Error | GraphQLError) => formatGraphqlError(error, logger);

  async function answer(request: GraphqlRequest, context: GraphqlContext, mediaType: GraphqlMediaType) {
    let document: DocumentNode;
    try {
      document = documents.parse(request.query);
    } catch (error) {
      return refusal(error, mediaType, formatError);
    }
    const validationErrors = documents.validate(schema, document);
    if (validationErrors.length > 0) return refusal(validationErrors, mediaType, formatError);
    const operationName = request.operationName ?? undefined;
    const operation = getOperationAST(document, operationName);
    if (!operation) return refusal(new GraphQLError('Unable to detect operation AST'), mediaType, formatError);
    if (operation.operation === 'subscription')
      return refusal(new GraphQLError('Subscriptions are not supported'), mediaType, formatError);
    const result = await execute({
      schema,
      document,
      operationName: request.operationName,
      variableValues: request.variables,
      contextValue: context,
    });
    return {
      ...executed(result, mediaType, formatError),
      operation: operationLabel(known, document, request.operationName),
      answeredErrors: result.errors !== undefined && result.errors.length > 0,
    };
  }

  const serve: Middleware<HttpState> = async (ctx) => {
    const mediaType = acceptedMediaType(ctx.get('accept'));
    if (mediaType === null) throw new AppError('NOT_ACCEPTABLE', notAcceptableMessage);
    if (ctx.request.type !== 'application/json')
      throw new AppError(
        'UNSUPPORTED_MEDIA_TYPE',
        `Unsupported content type ${ctx.get('content-type').slice(0, 64) || 'none'}: send the GraphQL request as application/json`,
      );
    const request = graphqlRequestOf(await readBody(ctx.req));
    const overLimit = documentLimitViolation(
      typeof request.query === 'string' ? request.query : '',
      businessDocumentLimits,
    );
    if (overLimit) throw new AppError('BAD_REQUEST', overLimit);
    // openapi.yaml#/paths/~1graphql: a body that is not a GraphQL request is 400 VALIDATION_FAILED (BAD_USER_INPUT).
    validateJsonBody('postGraphql', request);
    // graphql-http's rule, kept: a JSON body in a charset other than UTF-8 is 415.
    if (!utf8Json(ctx.get('content-type'))) throw bodilessRefusal(415, 'Unsupported Media Type');
    const context: GraphqlContext = new RequestGraphqlContext(ctx.state, ctx.get('x-acting-user') || undefined, logger);
    const result = await answer(request as unknown as GraphqlRequest, context, mediaType);
    const ok = result.status === 200 && result.answeredErrors === false;
    observe(result.operation ?? 'other', ok ? 'ok' : 'error');
    ctx.status = result.status;
    ctx.set('content-type', result.contentType);
    ctx.body = result.body;
  };
  return { serve, writeErrorBody: writeGraphqlErrorBody };
}

/**
 * What every resolver receives (GraphqlContext). The request's child logger is built on first
 * use, as most requests never log; a class, so the getter is on its prototype and not made per request.
 */
class RequestGraphqlContext {
  readonly requestId: string;
  readonly principal: GraphqlContext['principal'];
  readonly actingUser: string | undefined;
  readonly #parent: Logger;
  #logger: Logger | undefined;

  constructor(state: HttpState, actingUser: string | undefined, parent: Logger) {
    this.requestId = state.requestId;
    this.principal = state.principal;
    this.actingUser = actingUser;
    this.#parent = parent;
  }

  get logger(): Logger {
    this.#logger ??= this.#parent.child({ requestId: this.requestId });
    return this.#logger;
  }
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
    ? JSON.stringify({ ...result, errors: result.errors.map(formatError) }, errorReplacer)
    : JSON.stringify(result);
  return { status: 200, contentType: contentTypes[mediaType], body };
}

/** graphql-http's JSON replacer: an Error that is not a GraphQLError shows its message only, never its stack. */
function errorReplacer(_key: string, value: unknown): unknown {
  return value instanceof Error && !(value instanceof GraphQLError) ? { message: value.message } : value;
}

/**
 * graphql-http's content-type rule: the parameter after the media type, if any, must be
 * `charset=utf-8` (spaces and case aside).
 */
function utf8Json(contentType: string): boolean {
  const [, charset = 'charset=utf-8'] = contentType.replace(/\s/g, '').toLowerCase().split(';');
  return charset === 'charset=utf-8';
}

/**
 * A refusal with a status and no body of its own (a charset other than UTF-8: 415); an error
 * with that status lets handle-errors.ts answer it with a GraphQL error body (Koa would turn a
 * null body into 204).
 */
function bodilessRefusal(status: number, statusText: string): Error {
  return Object.assign(new Error(statusText), { status, expose: true });
}

/**
 * The request body, at most maxBodyBytes: beyond, whatever Content-Length said, 413 and the
 * request stream destroyed (as an async iteration left early did).
 */
function readBody(stream: Readable): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer | string) => {
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      size += buffer.length;
      if (size > maxBodyBytes) {
        stop();
        stream.destroy();
        reject(new AppError('PAYLOAD_TOO_LARGE', `GraphQL request body exceeds ${maxBodyBytes} bytes`));
        return;
      }
      chunks.push(buffer);
    };
    const onEnd = () => {
      stop();
      resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks));
    };
    const onError = (error: Error) => {
      stop();
      reject(error);
    };
    const stop = () => {
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', onError);
    };
    stream.on('data', onData);
    stream.on('end', onEnd);
    stream.on('error', onError);
  });
}

const notAcceptableMessage =
  'the request accepts neither application/graphql-response+json nor application/json (its Accept header), so no GraphQL response can be sent';

/** The JSON body; text that is not JSON is the client's error (400 VALIDATION_FAILED), never an internal one. */
function graphqlRequestOf(body: Buffer): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    throw new AppError(
      'VALIDATION_FAILED',
      'invalid request: body is not JSON: send {"query", "variables", "operationName"}',
      {
        details: [{ path: 'body', message: 'is not JSON' }],
      },
    );
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    validateJsonBody('postGraphql', parsed);
    throw new AppError('VALIDATION_FAILED', 'invalid request: body must be a JSON object');
  }
  return parsed as Record<string, unknown>;
}
