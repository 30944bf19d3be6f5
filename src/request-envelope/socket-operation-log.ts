// Request accounting of graphql-ws operations (docs/metrics.md#access-log), on both front doors'
// sockets: the business API's on PORT (`api`, `/graphql`) and the data layer's live queries on
// DATA_PORT (`data`, `/v1/graphql`). Each operation on a socket gets a request id of its own and,
// when it ends, one access log line and one request metric as a POST does, method `WS`, with the
// status its answer would have had over HTTP (200, or the status of its first error's code; an
// error without a known code 400).
import type { Logger } from 'pino';
import { errorCodes } from '../errors/error-codes.ts';
import type { ServerName } from '../observability/http-metrics.ts';
import type { Metrics } from '../observability/metrics.ts';
import { requestIdFrom } from './request-id.ts';
import { RequestObserver, secondsSince } from './request-observer.ts';

/** An error an operation ended with, as graphql-ws sends it: only its code is read. */
export interface EndedWithError {
  readonly extensions?: { readonly [key: string]: unknown };
}

interface Started {
  requestId: string;
  /** performance.now() when it began. */
  started: number;
  /** The kind of caller, as the access log names it (`api-key:admin`, `admin-secret`, …). */
  caller: string;
  /** The role the data layer serves it as, once known. */
  role: string | undefined;
}

export interface SocketOperationLog {
  /** An operation begins, by a caller of this kind so far: its request id. */
  started(socket: object, id: string, caller: string): string;
  /** The operation's caller is now known to be of this kind, serving this role. */
  identified(socket: object, id: string, caller: string, role?: string): void;
  /** The operation ended: with errors when it was refused or failed as a whole. */
  ended(socket: object, id: string, errors?: readonly EndedWithError[]): void;
}

/** The HTTP status of an error code, by its name (the data layer's `extensions.code`) or its GraphQL code (the business API's). */
const statusOfCode = new Map<string, number>(
  Object.entries(errorCodes).flatMap(([name, code]) => [
    [name, code.httpStatus],
    [code.graphqlCode, code.httpStatus],
  ]),
);

export function createSocketOperationLog(
  server: ServerName,
  route: string,
  logger: Logger,
  metrics: Metrics,
): SocketOperationLog {
  const operations = new WeakMap<object, Map<string, Started>>();
  const observer = new RequestObserver(server, logger, metrics);
  return {
    started(socket, id, caller) {
      const requestId = requestIdFrom(undefined);
      let open = operations.get(socket);
      if (!open) operations.set(socket, (open = new Map()));
      open.set(id, { requestId, started: performance.now(), caller, role: undefined });
      return requestId;
    },
    identified(socket, id, caller, role) {
      const operation = operations.get(socket)?.get(id);
      if (!operation) return;
      operation.caller = caller;
      operation.role = role;
    },
    ended(socket, id, errors) {
      const open = operations.get(socket);
      const operation = open?.get(id);
      // graphql-ws ends an operation that failed while it ran twice (error, then complete): counted once.
      if (!operation) return;
      open?.delete(id);
      const code = errors?.[0]?.extensions?.['code'];
      const status = !errors ? 200 : (typeof code === 'string' && statusOfCode.get(code)) || 400;
      const { requestId, started, caller, role } = operation;
      observer.answered('WS', route, status, requestId, caller, role, secondsSince(started));
    },
  };
}
