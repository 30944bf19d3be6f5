// The access log line of a DATA_PORT request (docs/metrics.md#access-log): the same fields as
// the api port's, request id included, with the data layer's role; never the admin secret, a
// token or the body.
import type { IncomingMessage } from 'node:http';
import type { Logger } from 'pino';
import { requestIdOf } from './data-request-id.ts';
import type { DataRequestObservation } from './observe-data-requests.ts';
import { callerKind } from './request-callers.ts';

export function logDataRequest(logger: Logger, request: IncomingMessage, observation: DataRequestObservation): void {
  const level = observation.status >= 500 ? 'warn' : 'info';
  // The line's object is built only when it will be written.
  if (!logger.isLevelEnabled(level)) return;
  const { seconds, ...observed } = observation;
  logger[level](
    {
      server: 'data',
      requestId: requestIdOf(request),
      ...observed,
      ms: Math.round(seconds * 1e4) / 10,
      ...callerKind(request),
    },
    'request',
  );
}
