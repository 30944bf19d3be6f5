// The API explorer on the REST + business GraphQL port (docs/api-explorer.md): GET /docs,
// /openapi.json, /openapi.yaml, GraphiQL at GET /graphql for clients that prefer HTML, and the
// pages' files. Mounted like the development identity provider, ahead of the router's matching
// and outside openapi.yaml: these are development aids a setting turns off, not API operations.
// Any other request, GET /graphql from a GraphQL client included, goes on to the router as before.
import type { Middleware } from 'koa';
import { type ApiExplorer, createApiExplorer } from '../api-explorer/api-explorer.ts';
import type { HttpState } from './koa-state.ts';

/** The business API takes an API key (openapi.yaml security scheme `apiKey`: the `X-API-Key` header). */
export function businessApiExplorer(): ApiExplorer {
  return createApiExplorer({
    graphqlPath: '/graphql',
    graphiql: {
      title: 'GraphiQL · business API',
      credentials: [{ header: 'X-API-Key', label: 'API key (X-API-Key)' }],
    },
    reference: true,
  });
}

export function apiExplorerMount(explorer: ApiExplorer = businessApiExplorer()): Middleware<HttpState> {
  return async (ctx, next) => {
    const pending = explorer.answer({
      method: ctx.method,
      path: ctx.path,
      querystring: ctx.querystring,
      headers: ctx.headers,
    });
    if (!pending) return next();
    const answer = await pending;
    ctx.state.route = answer.route;
    ctx.status = answer.status;
    ctx.set(answer.headers);
    // Koa sends no body for HEAD and keeps the Content-Length of this one.
    if (answer.body) ctx.body = answer.body;
  };
}
