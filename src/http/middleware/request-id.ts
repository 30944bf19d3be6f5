// Every request gets an id, echoed as X-Request-Id and carried by every log line and error
// body. A caller's own id is kept when it is safe to log.
import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import { anonymous } from '../../access/principal.ts';
import type { HttpState } from '../koa-state.ts';

const acceptable = /^[A-Za-z0-9._:-]{8,128}$/;

export function requestId(): Middleware<HttpState> {
  return async (ctx, next) => {
    const incoming = ctx.get('x-request-id');
    ctx.state.requestId = acceptable.test(incoming) ? incoming : randomUUID();
    ctx.state.route = 'unmatched';
    ctx.state.principal = anonymous;
    ctx.set('X-Request-Id', ctx.state.requestId);
    await next();
  };
}
