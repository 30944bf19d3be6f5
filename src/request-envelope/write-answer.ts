// How the plain node front doors (POST /graphql's fast lane, the data layer) write an answer
// (docs/requests.md#the-envelope): status and every header at once, X-Request-Id on every answer,
// and for an error the headers that say its data: its retry delay as Retry-After
// (openapi.yaml TooManyRequests, ServiceUnavailable) and `Connection: close` when the rest of its
// body is still on its way (src/errors/request-deadline-errors.ts). The Koa app sets the same
// error headers on its context (src/http/middleware/handle-errors.ts).
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { AppError } from '../errors/app-error.ts';
import { closesConnection } from '../errors/request-deadline-errors.ts';

/** Adds an error answer's headers to `headers`, and returns it. */
export function errorHeaders(error: AppError, headers: OutgoingHttpHeaders): OutgoingHttpHeaders {
  if (error.retryAfterSeconds !== undefined) headers['Retry-After'] = String(error.retryAfterSeconds);
  // The rest of a body that stopped arriving cannot be told from a next request.
  if (closesConnection(error)) headers.Connection = 'close';
  return headers;
}

/**
 * `response.writeHead(status, headers)` with the request's X-Request-Id added to `headers`. Given
 * all its headers at once, with none set before, Node writes them straight from the object; a
 * single setHeader beforehand makes it build and merge a header map on every response.
 */
export function writeHead(
  response: ServerResponse,
  requestId: string,
  status: number,
  headers: OutgoingHttpHeaders,
): void {
  headers['X-Request-Id'] = requestId;
  response.writeHead(status, headers);
}

/** Writes a whole answer with a text body of `contentType`; `error` when it answers one. */
export function writeAnswer(
  response: ServerResponse,
  requestId: string,
  status: number,
  contentType: string,
  body: string,
  error?: AppError,
): void {
  const headers: OutgoingHttpHeaders = {
    'X-Request-Id': requestId,
    'Content-Type': contentType,
    'Content-Length': Buffer.byteLength(body),
  };
  response.writeHead(status, error ? errorHeaders(error, headers) : headers);
  response.end(body);
}
