// Every request gets an id (src/request-headers/request-id.ts), echoed as X-Request-Id and
// carried by every log line and error body.
import type { Middleware, ParameterizedContext } from 'koa';
import { anonymous } from '../../access/principal.ts';
import { requestIdFrom } from '../../request-headers/request-id.ts';
import type { HttpState } from '../koa-state.ts';

export function requestId(): Middleware<HttpState> {
  return async (ctx, next) => {
    beginRequest(ctx);
    await next();
  };
}

/** The request's id and the state every later step reads: route `unmatched`, caller anonymous, until known. */
export function beginRequest(ctx: ParameterizedContext<HttpState>): void {
  ctx.state.requestId = requestIdFrom(ctx.get('x-request-id'));
  ctx.state.route = 'unmatched';
  ctx.state.principal = anonymous;
  ctx.set('X-Request-Id', ctx.state.requestId);
}
