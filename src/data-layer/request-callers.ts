// Who each data-layer request authenticated as, kept beside the request for its access log line
// (docs/metrics.md#access-log) without widening the app's handler signatures. Kept on the request
// itself, so a finished request takes it along (data-request-id.ts says why not a WeakMap).
import type { IncomingMessage } from 'node:http';
import type { DataCaller } from './auth/data-caller.ts';

const callerKey = Symbol('data-layer caller');
type WithCaller = IncomingMessage & { [callerKey]?: DataCaller };

export function noteCaller(request: IncomingMessage, caller: DataCaller): void {
  (request as WithCaller)[callerKey] = caller;
}

/** `anonymous` until authenticated, else how (`admin-secret`, `bearer`) and the role acted as. */
export function callerKind(request: IncomingMessage): { principal: string; role?: string } {
  const caller = (request as WithCaller)[callerKey];
  return caller ? { principal: caller.via, role: caller.role } : { principal: 'anonymous' };
}
