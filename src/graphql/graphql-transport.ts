// POST /graphql over a GraphQL-over-HTTP compliant handler (graphql-http;
// docs/architecture.md#requests). The router has already authenticated the caller (X-API-Key per
// openapi.yaml). A document over the length or nesting limits is refused with a 400 GraphQL
// response before graphql-http parses it, whatever the accepted media type
// (docs/error-codes.md, src/graphql-limits/document-limits.ts).
import type { Middleware } from 'koa';
import { createHandler } from 'graphql-http';
import type { GraphQLSchema } from 'graphql';
import type { Logger } from 'pino';
import { AppError } from '../errors/app-error.ts';
import type { HttpState } from '../http/koa-state.ts';
import { jsonBodyLimitBytes } from '../http/refuse-oversized-body.ts';
import type { DocumentCache } from './document-cache.ts';
import type { GraphqlContext } from './graphql-context.ts';
import { formatGraphqlError } from './format-graphql-error.ts';
import { businessDocumentLimits, documentLimitViolation } from '../graphql-limits/document-limits.ts';
import { sendGraphqlError } from './send-graphql-error.ts';
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
}

export function graphqlTransport(
  schema: GraphQLSchema,
  documents: DocumentCache,
  logger: Logger,
  observe: OperationObserver = () => {},
): Middleware<HttpState> {
  const known = rootFieldNames(schema);
  const handle = createHandler<Buffer, RequestContext, GraphqlContext>({
    schema,
    parse: (source) => documents.parse(typeof source === 'string' ? source : source.body),
    validate: (validationSchema, document) => documents.validate(validationSchema, document),
    context: (request) => ({
      requestId: request.context.state.requestId,
      logger: logger.child({ requestId: request.context.state.requestId }),
      principal: request.context.state.principal,
    }),
    formatError: (error) => formatGraphqlError(error, logger),
    onOperation: (request, args) => {
      request.context.operation = operationLabel(known, args.document, args.operationName);
    },
  });
  return async (ctx) => {
    if (acceptedMediaType(ctx.get('accept')) === null)
      return sendGraphqlError(ctx, 406, 'NOT_ACCEPTABLE', notAcceptableMessage);
    const body = await readBody(ctx.req);
    const request = graphqlRequestOf(body);
    const overLimit = documentLimitViolation(
      typeof request.query === 'string' ? request.query : '',
      businessDocumentLimits,
    );
    if (overLimit) return sendGraphqlError(ctx, 400, 'BAD_REQUEST', overLimit);
    // openapi.yaml#/paths/~1graphql: a body that is not a GraphQL request is 400 VALIDATION_FAILED with the REST Error body.
    validateJsonBody('postGraphql', request);
    const context: RequestContext = { state: ctx.state };
    const [responseBody, init] = await handle({
      method: ctx.method,
      url: ctx.url,
      headers: { get: (name: string) => ctx.get(name) || null },
      body: body.toString('utf8'),
      raw: body,
      context,
    });
    // graphql-http refuses a content type other than application/json in UTF-8 with a 415 and no
    // body, which Koa would send as 204 No Content: say it as openapi.yaml's 415 instead.
    if (responseBody === null && init.status === 415) throw new AppError('UNSUPPORTED_MEDIA_TYPE', unsupportedMessage);
    observe(context.operation ?? 'other', init.status === 200 && !answersErrors(responseBody) ? 'ok' : 'error');
    ctx.status = init.status;
    for (const [name, value] of Object.entries(init.headers ?? {})) if (value !== undefined) ctx.set(name, value);
    ctx.body = responseBody ?? null;
  };
}

/** A GraphQL response carries `errors` when anything failed, even beside partial `data`. */
function answersErrors(responseBody: string | null): boolean {
  if (!responseBody) return true;
  return Array.isArray((JSON.parse(responseBody) as { errors?: unknown }).errors);
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

const unsupportedMessage =
  'POST /graphql takes Content-Type application/json in UTF-8 (no charset parameter, or charset=utf-8)';

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
