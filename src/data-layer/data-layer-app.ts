// The data-access layer's port (DATA_PORT, DESIGN.md §6). Until issue 4 builds the
// role-based GraphQL endpoint, /v1/graphql answers a GraphQL-shaped NOT_IMPLEMENTED error.
import Koa from 'koa';

const notImplemented = {
  errors: [
    {
      message: 'not implemented: data-access layer GraphQL endpoint',
      extensions: { code: 'NOT_IMPLEMENTED', path: '$' },
    },
  ],
};

export function createDataLayerApp(): Koa {
  const app = new Koa();
  app.use(async (ctx) => {
    if (ctx.path === '/healthz' && (ctx.method === 'GET' || ctx.method === 'HEAD')) {
      ctx.type = 'text/plain';
      ctx.body = 'ok';
      return;
    }
    if (ctx.path === '/v1/graphql') {
      ctx.status = 501;
      ctx.body = notImplemented;
      return;
    }
    ctx.status = 404;
    ctx.body = { errors: [{ message: `no route for ${ctx.method} ${ctx.path}`, extensions: { code: 'NOT_FOUND', path: '$' } }] };
  });
  return app;
}
