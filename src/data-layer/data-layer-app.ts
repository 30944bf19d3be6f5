// The data-access layer's HTTP face on DATA_PORT (docs/data-layer.md): POST /v1/graphql,
// GET /healthz and, for the admin, GET /v1/access/matrix (access-matrix-page.ts). A plain node
// handler on the request envelope every front door shares (src/request-envelope/: request id,
// deadline, rate limit, body, answer): the JSON PostgreSQL builds is written through as is.
// Status codes: a request refused before GraphQL runs (credentials, role, body) gets its
// code's HTTP status (401, 403, 400, 405, 413, 415); errors of the GraphQL document, its
// variables or its execution are answered 200 with `errors`, as Hasura and GraphQL-over-HTTP
// (application/json) do. A missing or malformed session variable is found only after planning
// but is a credential problem, and a document over the length or nesting limits is found at its
// first parse but is a fault of the body, so both keep their 400. Only a bug answers 500. Every answer carries
// X-Request-Id, by the main port's rule (src/request-envelope/request-id.ts).
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { toAppError } from '../errors/app-error.ts';
import { adminRole } from '../records/data-layer-sql/admin-role.ts';
import type { FailedCredentialLimit } from '../request-envelope/failed-credential-limit.ts';
import type { ClientRateLimit } from '../request-envelope/rate-limit.ts';
import { assignRequestId } from '../request-envelope/request-id.ts';
import { doorDeadline, runWithin, stopDeadline } from '../request-envelope/under-deadline.ts';
import { writeAnswer, writeHead } from '../request-envelope/write-answer.ts';
import {
  accessMatrixHeaders,
  accessMatrixPath,
  createAccessMatrixPage,
  type AccessMatrixPage,
} from './access-matrix-page.ts';
import { authenticateUnderLimit } from './data-layer-credential-limit.ts';
import type { DataAuthenticator } from './auth/authenticate-data-request.ts';
import type { DataCaller } from './auth/data-caller.ts';
import { SessionVariableError } from './auth/session-variable-error.ts';
import { DataLayerError, DataLayerErrors, DocumentLimitError, errorEntry, errorsBody } from './data-layer-error.ts';
import { executeBatch } from './batched-requests.ts';
import type { DataRequest } from './data-request.ts';
import { readGraphqlBody } from './read-graphql-body.ts';
import { requestPath } from './request-path.ts';
import { noteCaller } from './request-callers.ts';
import type { DataRequestExecutor } from './request/execute-data-request.ts';

export interface DataLayerAppOptions {
  readonly authenticate: DataAuthenticator;
  readonly execute: DataRequestExecutor;
  readonly logger: Logger;
  /** Counts each /v1/graphql request before its credentials are checked; none: unlimited. */
  readonly rateLimit?: ClientRateLimit | null;
  /** Wrong secrets and tokens per client address (docs/identity.md#failed-credentials). */
  readonly failedCredentials?: FailedCredentialLimit;
  /** REQUEST_TIMEOUT_MS (docs/database.md#database-faults): a request still running then is answered 503; 0 or absent: none. */
  readonly requestTimeoutMs?: number;
  /** The permission matrix page; default generated/permissions/permission-matrix.html. */
  readonly accessMatrix?: AccessMatrixPage;
}

const json = 'application/json; charset=utf-8';

function sendError(
  response: ServerResponse,
  error: unknown,
  stage: 'request' | 'graphql',
  log: { logger: Logger; requestId: string },
  allow = 'POST',
): void {
  const { requestId } = log;
  if (error instanceof DataLayerErrors) {
    writeAnswer(response, requestId, 200, json, errorsBody(error.entries));
    return;
  }
  const appError = toAppError(error);
  if (appError.code === 'INTERNAL') log.logger.error({ err: error, requestId }, 'data layer request failed');
  const keepsStatus =
    stage === 'request' ||
    appError.code === 'SERVICE_UNAVAILABLE' ||
    error instanceof SessionVariableError ||
    error instanceof DocumentLimitError;
  const status = appError.code === 'INTERNAL' ? 500 : keepsStatus ? appError.httpStatus : 200;
  // Beside the error headers every door writes (Retry-After, Connection: close after a 408), the
  // data layer's own: the methods a path allows, and closing after a body it refused unread.
  if (appError.code === 'METHOD_NOT_ALLOWED') response.setHeader('Allow', allow);
  if (appError.code === 'PAYLOAD_TOO_LARGE') response.setHeader('Connection', 'close');
  writeAnswer(response, requestId, status, json, errorsBody([errorEntry(error)]), appError);
}

function isBatch(body: DataRequest | readonly DataRequest[]): body is readonly DataRequest[] {
  return Array.isArray(body);
}

/** One POST /v1/graphql on its way: what its answer needs, and whose error a failure is. */
interface GraphqlExchange {
  readonly request: IncomingMessage;
  readonly response: ServerResponse;
  readonly options: DataLayerAppOptions;
  readonly logger: Logger;
  readonly requestId: string;
  /** 'graphql' once the document runs: its errors are then answered 200 with `errors`. */
  stage: 'request' | 'graphql';
}

async function handleGraphql(
  request: IncomingMessage,
  response: ServerResponse,
  options: DataLayerAppOptions,
  requestId: string,
): Promise<void> {
  const exchange: GraphqlExchange = { request, response, options, logger: options.logger, requestId, stage: 'request' };
  const fail = (error: unknown) => {
    if (!response.headersSent) sendError(response, error, exchange.stage, exchange);
  };
  // At the deadline the door answers from here; the work's late outcome is never written.
  const deadline = doorDeadline(request, options.requestTimeoutMs ?? 0, fail);
  let result: string;
  try {
    result = await runWithin(deadline, () => answerGraphql(exchange));
  } catch (error) {
    if (stopDeadline(deadline)) fail(error);
    return;
  }
  if (stopDeadline(deadline)) writeAnswer(response, requestId, 200, json, result);
}

/**
 * The request counted by the rate limit, then its caller authenticated and noted for its log
 * line; at once, without a promise, when neither has to wait (no rate limit, the admin secret).
 */
function admitCaller(request: IncomingMessage, options: DataLayerAppOptions): DataCaller | Promise<DataCaller> {
  // Before authentication, so guessing secrets or tokens is limited too.
  if (options.rateLimit)
    return options
      .rateLimit(request.socket.remoteAddress ?? '', request.headers)
      .then(() => authenticatedCaller(request, options));
  return authenticatedCaller(request, options);
}

function authenticatedCaller(request: IncomingMessage, options: DataLayerAppOptions): DataCaller | Promise<DataCaller> {
  const caller = authenticateUnderLimit(options.failedCredentials, request, options.authenticate);
  return caller instanceof Promise ? caller.then((known) => noted(request, known)) : noted(request, caller);
}

function noted(request: IncomingMessage, caller: DataCaller): DataCaller {
  noteCaller(request, caller);
  return caller;
}

/**
 * The JSON answer to a POST /v1/graphql. Each step that has its answer at once (the caller, a
 * body that came with the head) hands it to the next without a promise between them; the
 * statements then run under one.
 */
function answerGraphql(exchange: GraphqlExchange): Promise<string> {
  const { request, options } = exchange;
  if (request.method !== 'POST')
    throw new DataLayerError(
      'METHOD_NOT_ALLOWED',
      `${request.method} is not supported: send the GraphQL request with POST`,
    );
  const caller = admitCaller(request, options);
  return caller instanceof Promise
    ? caller.then((known) => answerCaller(exchange, known))
    : answerCaller(exchange, caller);
}

function answerCaller(exchange: GraphqlExchange, caller: DataCaller): Promise<string> {
  const body = readGraphqlBody(exchange.request, exchange.response);
  return body instanceof Promise
    ? body.then((read) => runGraphql(exchange, caller, read))
    : runGraphql(exchange, caller, body);
}

function runGraphql(
  exchange: GraphqlExchange,
  caller: DataCaller,
  body: DataRequest | readonly DataRequest[],
): Promise<string> {
  if (isBatch(body)) return runBatch(exchange, caller, body);
  exchange.stage = 'graphql';
  return exchange.options.execute(caller, body);
}

async function runBatch(exchange: GraphqlExchange, caller: DataCaller, body: readonly DataRequest[]): Promise<string> {
  const { request, options } = exchange;
  // Each element counts as a request (the first was counted above), before any runs.
  for (let index = 1; index < body.length; index++)
    if (options.rateLimit) await options.rateLimit(request.socket.remoteAddress ?? '', request.headers);
  exchange.stage = 'graphql';
  return executeBatch(caller, body, options.execute, exchange);
}

/** The matrix page to the admin (the secret alone, or with X-Data-Role: admin); anyone else gets the usual 401 or 403. */
async function handleAccessMatrix(
  request: IncomingMessage,
  response: ServerResponse,
  options: DataLayerAppOptions,
  page: AccessMatrixPage,
  requestId: string,
): Promise<void> {
  try {
    if (request.method !== 'GET' && request.method !== 'HEAD')
      throw new DataLayerError(
        'METHOD_NOT_ALLOWED',
        `${request.method} is not supported: fetch the permission matrix with GET`,
      );
    const caller = await admitCaller(request, options);
    if (caller.role !== adminRole)
      throw new DataLayerError(
        'FORBIDDEN',
        `the permission matrix is for the admin only (X-Data-Admin-Secret alone or with X-Data-Role: admin), not role '${caller.role}'`,
      );
    const html = await page();
    writeHead(response, requestId, 200, { ...accessMatrixHeaders, 'Content-Length': html.length });
    response.end(request.method === 'HEAD' ? undefined : html);
  } catch (error) {
    if (!response.headersSent)
      sendError(response, error, 'request', { logger: options.logger, requestId }, 'GET, HEAD');
  }
}

export function createDataLayerApp(options: DataLayerAppOptions): RequestListener {
  const accessMatrix = options.accessMatrix ?? createAccessMatrixPage();
  return (request, response) => {
    const requestId = assignRequestId(request);
    const path = requestPath(request);
    if (path === '/healthz' && (request.method === 'GET' || request.method === 'HEAD')) {
      writeHead(response, requestId, 200, { 'Content-Type': 'text/plain; charset=utf-8' });
      response.end(request.method === 'HEAD' ? undefined : 'ok');
      return;
    }
    if (path === '/v1/graphql') {
      void handleGraphql(request, response, options, requestId);
      return;
    }
    if (path === accessMatrixPath) {
      void handleAccessMatrix(request, response, options, accessMatrix, requestId);
      return;
    }
    const body = errorsBody([{ message: `no route for ${request.method} ${path}`, code: 'NOT_FOUND', path: '$' }]);
    writeAnswer(response, requestId, 404, json, body);
  };
}

const notReadyBody = errorsBody([{ message: 'service is starting', code: 'SERVICE_UNAVAILABLE', path: '$' }]);

/** Requests that arrive between listen() and the end of start-up. */
export function dataLayerNotReady(request: IncomingMessage, response: ServerResponse): void {
  const requestId = assignRequestId(request);
  writeHead(response, requestId, 503, {
    'Content-Type': json,
    'Content-Length': Buffer.byteLength(notReadyBody),
    'Retry-After': '1',
  });
  response.end(notReadyBody);
}
