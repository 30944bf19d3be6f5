// POST /graphql over a GraphQL-over-HTTP compliant handler (graphql-http;
// docs/architecture.md#requests). The router has already authenticated the caller (X-API-Key per
// openapi.yaml).
import type { Middleware } from 'koa';
import { createHandler } from 'graphql-http';
import type { GraphQLSchema } from 'graphql';
import type { Logger } from 'pino';
import { AppError } from '../errors/app-error.ts';
import type { HttpState } from '../http/koa-state.ts';
import type { DocumentCache } from './document-cache.ts';
import type { GraphqlContext } from './graphql-context.ts';
import { formatGraphqlError } from './format-graphql-error.ts';
import { operationLabel, rootFieldNames } from './operation-label.ts';

const maxBodyBytes = 1024 * 1024;

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
    const body = await readBody(ctx.req);
    const context: RequestContext = { state: ctx.state };
    const [responseBody, init] = await handle({
      method: ctx.method,
      url: ctx.url,
      headers: { get: (name: string) => ctx.get(name) || null },
      body: body.toString('utf8'),
      raw: body,
      context,
    });
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
