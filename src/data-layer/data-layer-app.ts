// The data-access layer's HTTP face on DATA_PORT (docs/data-layer.md): POST /v1/graphql,
// GET /healthz and, for the admin, GET /v1/access/matrix (access-matrix-page.ts). A plain node handler: the JSON PostgreSQL builds is written through as is.
// Status codes: a request refused before GraphQL runs (credentials, role, body) gets its
// code's HTTP status (401, 403, 400, 405, 413, 415); errors of the GraphQL document, its
// variables or its execution are answered 200 with `errors`, as Hasura and GraphQL-over-HTTP
// (application/json) do. A missing or malformed session variable is found only after planning
// but is a credential problem, and a document over the length or nesting limits is found at its
// first parse but is a fault of the body, so both keep their 400. Only a bug answers 500. Every answer carries
// X-Request-Id, by the main port's rule (data-request-id.ts).
import type { IncomingMessage, OutgoingHttpHeaders, RequestListener, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { type AppError, toAppError } from '../errors/app-error.ts';
import { closesConnection, deadlineErrorFor } from '../errors/request-deadline-errors.ts';
import { adminRole } from '../access/data-layer-sql/admin-role.ts';
import { withRequestDeadline } from '../request-scope/request-deadline.ts';
import {
  accessMatrixHeaders,
  accessMatrixPath,
  createAccessMatrixPage,
  type AccessMatrixPage,
} from './access-matrix-page.ts';
import { type DataLayerCredentialLimit, authenticateUnderLimit } from './data-layer-credential-limit.ts';
import type { DataAuthenticator } from './auth/authenticate-data-request.ts';
import { SessionVariableError } from './auth/session-variable-error.ts';
import { DataLayerError, DataLayerErrors, DocumentLimitError, errorEntry, errorsBody } from './data-layer-error.ts';
import { type DataLayerRateLimit, checkDataLayerRateLimit } from './data-layer-rate-limit.ts';
import { assignRequestId, writeDataHead } from './data-request-id.ts';
import { readGraphqlBody } from './read-graphql-body.ts';
import { requestPath } from './request-path.ts';
import { noteCaller } from './request-callers.ts';
import type { DataRequestExecutor } from './request/execute-data-request.ts';

export interface DataLayerAppOptions {
  readonly authenticate: DataAuthenticator;
  readonly execute: DataRequestExecutor;
  readonly logger: Logger;
  /** Counts each /v1/graphql request before its credentials are checked; none: unlimited. */
  readonly rateLimit?: DataLayerRateLimit;
  /** Wrong secrets and tokens per client address (docs/identity.md#failed-credentials). */
  readonly failedCredentials?: DataLayerCredentialLimit;
  /** REQUEST_TIMEOUT_MS (docs/database.md#database-faults): a request still running then is answered 503; 0 or absent: none. */
  readonly requestTimeoutMs?: number;
  /** The permission matrix page; default generated/permissions/permission-matrix.html. */
  readonly accessMatrix?: AccessMatrixPage;
}

function send(response: ServerResponse, status: number, body: string, headers?: Record<string, string>): void {
  const head: OutgoingHttpHeaders = {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
  };
  // Every answer of /v1/graphql comes here: only errors add headers, so only they pay the merge.
  writeDataHead(response, status, headers ? Object.assign(head, headers) : head);
  response.end(body);
}

function sendError(
  response: ServerResponse,
  error: unknown,
  stage: 'request' | 'graphql',
  log: { logger: Logger; requestId: string },
  allow = 'POST',
): void {
  if (error instanceof DataLayerErrors) {
    send(response, 200, errorsBody(error.entries));
    return;
  }
  const appError = toAppError(error);
  if (appError.code === 'INTERNAL')
    log.logger.error({ err: error, requestId: log.requestId }, 'data layer request failed');
  const keepsStatus =
    stage === 'request' ||
    appError.code === 'SERVICE_UNAVAILABLE' ||
    error instanceof SessionVariableError ||
    error instanceof DocumentLimitError;
  const status = appError.code === 'INTERNAL' ? 500 : keepsStatus ? appError.httpStatus : 200;
  send(response, status, errorsBody([errorEntry(error)]), errorHeaders(appError, allow));
}

function errorHeaders(error: AppError, allow: string): Record<string, string> {
  if (error.code === 'METHOD_NOT_ALLOWED') return { Allow: allow };
  // A body refused by its declared length was not read, nor the rest of one that stopped arriving: close rather than drain it.
  if (error.code === 'PAYLOAD_TOO_LARGE' || closesConnection(error)) return { Connection: 'close' };
  if (error.retryAfterSeconds !== undefined) return { 'Retry-After': String(error.retryAfterSeconds) };
  return {};
}

async function handleGraphql(
  request: IncomingMessage,
  response: ServerResponse,
  options: DataLayerAppOptions,
  requestId: string,
): Promise<void> {
  let stage: 'request' | 'graphql' = 'request';
  try {
    // The answer is written after the deadline's race: work that outlives it never writes.
    const result = await withRequestDeadline(
      options.requestTimeoutMs ?? 0,
      async () => {
        if (request.method !== 'POST')
          throw new DataLayerError(
            'METHOD_NOT_ALLOWED',
            `${request.method} is not supported: send the GraphQL request with POST`,
          );
        // Before authentication, so guessing secrets or tokens is limited too.
        if (options.rateLimit) await checkDataLayerRateLimit(options.rateLimit, request);
        const caller = await authenticateUnderLimit(options.failedCredentials, request, options.authenticate);
        noteCaller(request, caller);
        const body = await readGraphqlBody(request);
        stage = 'graphql';
        return options.execute(caller, body);
      },
      deadlineErrorFor(request),
    );
    send(response, 200, result);
  } catch (error) {
    if (!response.headersSent) sendError(response, error, stage, { logger: options.logger, requestId });
  }
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
    if (options.rateLimit) await checkDataLayerRateLimit(options.rateLimit, request);
    const caller = await authenticateUnderLimit(options.failedCredentials, request, options.authenticate);
    noteCaller(request, caller);
    if (caller.role !== adminRole)
      throw new DataLayerError(
        'FORBIDDEN',
        `the permission matrix is for the admin only (X-Data-Admin-Secret alone or with X-Data-Role: admin), not role '${caller.role}'`,
      );
    const html = await page();
    writeDataHead(response, 200, { ...accessMatrixHeaders, 'Content-Length': html.length });
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
      writeDataHead(response, 200, { 'Content-Type': 'text/plain; charset=utf-8' });
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
    send(
      response,
      404,
      errorsBody([{ message: `no route for ${request.method} ${path}`, code: 'NOT_FOUND', path: '$' }]),
    );
  };
}

/** Requests that arrive between listen() and the end of start-up. */
export function dataLayerNotReady(request: IncomingMessage, response: ServerResponse): void {
  assignRequestId(request);
  send(response, 503, errorsBody([{ message: 'service is starting', code: 'SERVICE_UNAVAILABLE', path: '$' }]), {
    'Retry-After': '1',
  });
}
