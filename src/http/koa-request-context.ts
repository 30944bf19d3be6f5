// The RequestContext (request-context.ts) a handler receives for a request served through Koa.
import type { Context } from 'koa';
import type { Logger } from 'pino';
import type { HttpState } from './koa-state.ts';
import type { RequestContext } from './request-context.ts';

/**
 * A class, so its lazy `logger` getter lives on the prototype. An object literal with a getter
 * gets a hidden class of its own per request, made in the old generation; that class then holds
 * the request's whole object graph through every young-generation collection, which tripled the
 * garbage collector's share of `GET /healthz` (docs/benchmarks-log.md#what-the-hot-paths-pay-for-2026-11-24).
 */
export class KoaRequestContext implements RequestContext {
  readonly requestId: string;
  readonly principal: RequestContext['principal'];
  readonly raw: RequestContext['raw'];
  readonly #parent: Logger;
  #logger: Logger | undefined;

  constructor(ctx: Context, parent: Logger) {
    const state = ctx.state as HttpState;
    this.requestId = state.requestId;
    this.principal = state.principal;
    this.#parent = parent;
    this.raw = {
      headers: ctx.headers,
      ip: ctx.ip,
      querystring: ctx.querystring,
      cookie: (name) => ctx.cookies.get(name),
    };
  }

  /** Built on first use: most handlers never log. */
  get logger(): Logger {
    this.#logger ??= this.#parent.child({ requestId: this.requestId });
    return this.#logger;
  }
}
