// POST /graphql over a GraphQL-over-HTTP compliant handler (graphql-http;
// docs/architecture.md#requests). The router has already authenticated the caller (X-API-Key per
// openapi.yaml).
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

// The router has refused a declared Content-Length over this limit before handing over.
const maxBodyBytes = jsonBodyLimitBytes;

export function graphqlTransport(
  schema: GraphQLSchema,
  documents: DocumentCache,
  logger: Logger,
): Middleware<HttpState> {
  const handle = createHandler<Buffer, { state: HttpState }, GraphqlContext>({
    schema,
    parse: (source) => documents.parse(typeof source === 'string' ? source : source.body),
    validate: (validationSchema, document) => documents.validate(validationSchema, document),
    context: (request) => ({
      requestId: request.context.state.requestId,
      logger: logger.child({ requestId: request.context.state.requestId }),
      principal: request.context.state.principal,
    }),
    formatError: (error) => formatGraphqlError(error, logger),
  });
  return async (ctx) => {
    const body = await readBody(ctx.req);
    const [responseBody, init] = await handle({
      method: ctx.method,
      url: ctx.url,
      headers: { get: (name: string) => ctx.get(name) || null },
      body: body.toString('utf8'),
      raw: body,
      context: { state: ctx.state },
    });
    ctx.status = init.status;
    for (const [name, value] of Object.entries(init.headers ?? {})) if (value !== undefined) ctx.set(name, value);
    ctx.body = responseBody ?? null;
  };
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
