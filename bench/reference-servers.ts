// The references the HTTP benches measure the service against in the same run
// (docs/benchmarks.md#targets): graphql-js executing a document parsed and validated once behind a
// bare node http server (for `{ ping }`), and a bare Koa 3 app answering `ok` (for `/healthz`).
import http from 'node:http';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { buildSchema, execute, parse, validate } from 'graphql';
import Koa from 'koa';

export interface ReferenceServer {
  readonly url: string;
  close(): Promise<void>;
}

/** graphql-js over bare node http, serving one document: schema.graphql's schema, `query` parsed and validated once. */
export async function startGraphqlReferenceServer(query: string): Promise<ReferenceServer> {
  const schema = buildSchema(readFileSync(new URL('../schema.graphql', import.meta.url), 'utf8'));
  const document = parse(query);
  const errors = validate(schema, document);
  if (errors.length > 0) throw new Error(`reference document invalid: ${errors[0]!.message}`);
  const rootValue = { ping: () => 'pong' };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { query: string };
      if (body.query !== query) throw new Error('the reference serves one document');
      const result = execute({ schema, document, rootValue });
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(result));
    });
  });
  return listen(server, '/graphql');
}

/** A bare Koa 3 app answering `ok` as text/plain, as `GET /healthz` does. */
export async function startBareKoaServer(): Promise<ReferenceServer> {
  const app = new Koa();
  app.use((ctx) => {
    ctx.type = 'text/plain';
    ctx.body = 'ok';
  });
  return listen(http.createServer(app.callback()), '/healthz');
}

async function listen(server: http.Server, path: string): Promise<ReferenceServer> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
