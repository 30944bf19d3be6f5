// GraphiQL for the data layer (docs/api-explorer.md#graphiql): GET /v1/graphql from a client that
// prefers HTML is the GraphiQL page, with the files it loads under /api-explorer/assets/, all on
// DATA_PORT so the page's `connect-src 'self'` reaches /v1/graphql. The user enters the admin
// secret or a bearer token (docs/data-layer.md#authentication); any other request goes to the
// data layer's own listener, so GET /v1/graphql from a GraphQL client is still 405.
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { type ApiExplorer, type ExplorerAnswer, createApiExplorer } from '../api-explorer/api-explorer.ts';
import { errorsBody } from './data-layer-error.ts';
import { assignRequestId } from '../request-envelope/request-id.ts';
import { writeHead } from '../request-envelope/write-answer.ts';
import { requestPath } from './request-path.ts';

/** The role and session-variable headers, empty: the page sends only those the user fills in. */
const sessionHeadersTemplate = JSON.stringify(
  { 'X-Data-Role': '', 'X-Data-User-Id': '', 'X-Data-Organization-Id': '', 'X-Data-Allowed-Funds': '' },
  null,
  2,
);

export function dataLayerExplorer(): ApiExplorer {
  return createApiExplorer({
    graphqlPath: '/v1/graphql',
    graphiql: {
      title: 'GraphiQL · data-access layer',
      credentials: [
        { header: 'X-Data-Admin-Secret', label: 'Admin secret (X-Data-Admin-Secret)' },
        { header: 'Authorization', label: 'Bearer token (Authorization)', prefix: 'Bearer ' },
      ],
      headersTemplate: sessionHeadersTemplate,
    },
    reference: false,
  });
}

export function withApiExplorer(
  listener: RequestListener,
  logger: Logger,
  explorer: ApiExplorer = dataLayerExplorer(),
): RequestListener {
  return (request, response) => {
    // The explorer answers GET and HEAD only: the data layer's POSTs go straight on.
    if (request.method !== 'GET' && request.method !== 'HEAD') return listener(request, response);
    const path = requestPath(request);
    const pending = explorer.answer({
      method: request.method,
      path,
      querystring: (request.url ?? '').slice(path.length + 1),
      headers: request.headers,
    });
    if (!pending) return listener(request, response);
    const requestId = assignRequestId(request);
    pending.then(
      (answer) => write(request, response, requestId, answer),
      (error: unknown) => {
        logger.error({ err: error, requestId }, 'API explorer request failed');
        const body = errorsBody([{ message: 'Internal server error', code: 'INTERNAL', path: '$' }]);
        writeHead(response, requestId, 500, { 'Content-Type': 'application/json; charset=utf-8' });
        response.end(body);
      },
    );
  };
}

function write(request: IncomingMessage, response: ServerResponse, requestId: string, answer: ExplorerAnswer): void {
  const length = answer.body ? { 'Content-Length': String(answer.body.length) } : {};
  writeHead(response, requestId, answer.status, { ...answer.headers, ...length });
  response.end(request.method === 'HEAD' ? undefined : answer.body);
}
