// POST /graphql over a GraphQL-over-HTTP compliant handler (graphql-http;
// docs/architecture.md#requests). The router has already authenticated the caller (X-API-Key per
// openapi.yaml). A document over the length or nesting limits is refused with a 400 GraphQL
// response before graphql-http parses it, whatever the accepted media type
// (docs/error-codes.md, src/graphql-limits/document-limits.ts). Every refusal, from the router's
// on, is written as a GraphQL response by graphql-error-body.ts.
import type { Middleware } from 'koa';
import { createHandler } from 'graphql-http';
import type { GraphQLSchema } from 'graphql';
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
import { acceptedMediaType } from './accepted-media-type.ts';
import { validateJsonBody } from '../http/validate-request.ts';
import { operationLabel, rootFieldNames } from './operation-label.ts';

// The router has refused a declared Content-Length over this limit before handing over.
const maxBodyBytes = jsonBodyLimitBytes;

/** Told of each POST /graphql: its root field (bounded by operation-label.ts) and whether it answered errors. */
export type OperationObserver = (operation: string, outcome: 'ok' | 'error') => void;

interface RequestContext {
  state: HttpState;
  operation?: string;
  /** Whether the executed operation answered errors (graphql-http's onOperation sees the result). */
  answeredErrors?: boolean;
  /** X-Acting-User (openapi.yaml postGraphql; docs/identity.md#acting-user). */
  actingUser?: string;
}

export function graphqlTransport(
  schema: GraphQLSchema,
  documents: DocumentCache,
  logger: Logger,
  observe: OperationObserver = () => {},
): Transport {
  const known = rootFieldNames(schema);
  const handle = createHandler<Buffer, RequestContext, GraphqlContext>({
    schema,
    parse: (source) => documents.parse(typeof source === 'string' ? source : source.body),
    validate: (validationSchema, document) => documents.validate(validationSchema, document),
    context: (request) => ({
      requestId: request.context.state.requestId,
      logger: logger.child({ requestId: request.context.state.requestId }),
      principal: request.context.state.principal,
      actingUser: request.context.actingUser,
    }),
    formatError: (error) => formatGraphqlError(error, logger),
    onOperation: (request, args, result) => {
      request.context.operation = operationLabel(known, args.document, args.operationName);
      request.context.answeredErrors = result.errors !== undefined && result.errors.length > 0;
    },
  });
  const serve: Middleware<HttpState> = async (ctx) => {
    if (acceptedMediaType(ctx.get('accept')) === null) throw new AppError('NOT_ACCEPTABLE', notAcceptableMessage);
    // graphql-http reads application/json only, and answers anything else without a body.
    if (ctx.request.type !== 'application/json')
      throw new AppError(
        'UNSUPPORTED_MEDIA_TYPE',
        `Unsupported content type ${ctx.get('content-type').slice(0, 64) || 'none'}: send the GraphQL request as application/json`,
      );
    const body = await readBody(ctx.req);
    const request = graphqlRequestOf(body);
    const overLimit = documentLimitViolation(
      typeof request.query === 'string' ? request.query : '',
      businessDocumentLimits,
    );
    if (overLimit) throw new AppError('BAD_REQUEST', overLimit);
    // openapi.yaml#/paths/~1graphql: a body that is not a GraphQL request is 400 VALIDATION_FAILED (BAD_USER_INPUT).
    validateJsonBody('postGraphql', request);
    const context: RequestContext = { state: ctx.state, actingUser: ctx.get('x-acting-user') || undefined };
    const [responseBody, init] = await handle({
      method: ctx.method,
      url: ctx.url,
      headers: { get: (name: string) => ctx.get(name) || null },
      body: body.toString('utf8'),
      raw: body,
      context,
    });
    if (responseBody === null && init.status >= 400) throw bodilessRefusal(init.status, init.statusText);
    // A request refused before execution (parse or validation errors) never reached onOperation.
    const ok = init.status === 200 && responseBody !== null && context.answeredErrors === false;
    observe(context.operation ?? 'other', ok ? 'ok' : 'error');
    ctx.status = init.status;
    for (const [name, value] of Object.entries(init.headers ?? {})) if (value !== undefined) ctx.set(name, value);
    ctx.body = responseBody ?? null;
  };
  return { serve, writeErrorBody: writeGraphqlErrorBody };
}

/**
 * graphql-http refuses a few requests with a status and no body (a charset other than UTF-8:
 * 415); an error with that status lets handle-errors.ts answer it with a GraphQL error body
 * (Koa would turn a null body into 204).
 */
function bodilessRefusal(status: number, statusText: string | undefined): Error {
  return Object.assign(new Error(statusText ?? `status ${status}`), { status, expose: true });
}

async function readBody(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += buffer.length;
    if (size > maxBodyBytes)
      throw new AppError('PAYLOAD_TOO_LARGE', `GraphQL request body exceeds ${maxBodyBytes} bytes`);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
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
