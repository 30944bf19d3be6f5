// The Koa app's side of the request id (src/request-envelope/request-id.ts): kept on the state,
// echoed as X-Request-Id, carried by every log line and error body.
import type { Middleware, ParameterizedContext } from 'koa';
import { anonymous } from '../../access/principal.ts';
import { requestIdFor } from '../../request-envelope/request-id.ts';
import type { HttpState } from '../koa-state.ts';

/** beginRequest alone, as a middleware (request-envelope.ts does it for the app). */
export function requestId(): Middleware<HttpState> {
  return async (ctx, next) => {
    beginRequest(ctx);
    await next();
  };
}

/** The request's id and the state every later step reads: route `unmatched`, caller anonymous, until known. */
export function beginRequest(ctx: ParameterizedContext<HttpState>): void {
  ctx.state.requestId = requestIdFor(ctx.req.headers);
  ctx.state.route = 'unmatched';
  ctx.state.principal = anonymous;
  ctx.set('X-Request-Id', ctx.state.requestId);
}
