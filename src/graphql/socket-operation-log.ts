// Request accounting of graphql-ws operations (docs/metrics.md#access-log): each operation on a
// socket gets a request id of its own and, when it ends, one access log line and one request
// metric as a POST /graphql does, method `WS`, with the status its answer would have had over
// HTTP (200, or the status of its first error's code; a document that does not validate 400).
import type { GraphQLFormattedError } from 'graphql';
import type { Logger } from 'pino';
import type { Principal } from '../access/principal.ts';
import { errorCodes } from '../errors/error-codes.ts';
import { principalKind } from '../http/principal-kind.ts';
import type { Metrics } from '../observability/metrics.ts';
import { requestIdFrom } from '../request-envelope/request-id.ts';
import { RequestObserver, secondsSince } from '../request-envelope/request-observer.ts';

interface Started {
  requestId: string;
  /** performance.now() when it began. */
  started: number;
  principal: Principal;
}

export interface SocketOperationLog {
  /** An operation begins: its request id. */
  started(socket: object, id: string, principal: Principal): string;
  /** The operation ended: with errors when it was refused or failed as a whole. */
  ended(socket: object, id: string, errors?: readonly GraphQLFormattedError[]): void;
}

const statusOfGraphqlCode = new Map<string, number>(
  Object.values(errorCodes).map((code) => [code.graphqlCode, code.httpStatus]),
);

export function createSocketOperationLog(logger: Logger, metrics: Metrics): SocketOperationLog {
  const operations = new WeakMap<object, Map<string, Started>>();
  const observer = new RequestObserver('api', logger, metrics);
  return {
    started(socket, id, principal) {
      const requestId = requestIdFrom(undefined);
      let open = operations.get(socket);
      if (!open) operations.set(socket, (open = new Map()));
      open.set(id, { requestId, started: performance.now(), principal });
      return requestId;
    },
    ended(socket, id, errors) {
      const open = operations.get(socket);
      const operation = open?.get(id);
      // graphql-ws ends an operation that failed while it ran twice (error, then complete): counted once.
      if (!operation) return;
      open?.delete(id);
      const code = errors?.[0]?.extensions?.['code'];
      const status = !errors ? 200 : (typeof code === 'string' && statusOfGraphqlCode.get(code)) || 400;
      const { requestId, started, principal } = operation;
      observer.answered(
        'WS',
        '/graphql',
        status,
        requestId,
        principalKind(principal),
        undefined,
        secondsSince(started),
      );
    },
  };
}
