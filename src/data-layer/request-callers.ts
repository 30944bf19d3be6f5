// Who each data-layer request authenticated as, kept beside the request for its access log line
// (docs/metrics.md#access-log) without widening the app's handler signatures. Kept on the request
// itself, so a finished request takes it along (src/request-envelope/request-id.ts says why not a
// WeakMap).
import type { IncomingMessage } from 'node:http';
import type { DataCaller } from './auth/data-caller.ts';

const callerKey = Symbol('data-layer caller');
type WithCaller = IncomingMessage & { [callerKey]?: DataCaller };

export function noteCaller(request: IncomingMessage, caller: DataCaller): void {
  (request as WithCaller)[callerKey] = caller;
}

/** The caller noted for the request; undefined until it authenticated (logged as `anonymous`). */
export function callerOf(request: IncomingMessage): DataCaller | undefined {
  return (request as WithCaller)[callerKey];
}
