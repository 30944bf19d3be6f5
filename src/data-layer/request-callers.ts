// Who each data-layer request authenticated as, kept beside the request for its access log line
// (docs/metrics.md#access-log) without widening the app's handler signatures. Held weakly, so a
// finished request takes its entry with it.
import type { IncomingMessage } from 'node:http';
import type { DataCaller } from './auth/data-caller.ts';

const callers = new WeakMap<IncomingMessage, DataCaller>();

export function noteCaller(request: IncomingMessage, caller: DataCaller): void {
  callers.set(request, caller);
}

/** `anonymous` until authenticated, else how (`admin-secret`, `bearer`) and the role acted as. */
export function callerKind(request: IncomingMessage): { principal: string; role?: string } {
  const caller = callers.get(request);
  return caller ? { principal: caller.via, role: caller.role } : { principal: 'anonymous' };
}
