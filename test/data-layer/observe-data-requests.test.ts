// Every DATA_PORT request is observed exactly once (src/data-layer/observe-data-requests.ts): when
// its answer was sent, with its status and route, and when its client went away before any answer;
// without traces (docs/tracing.md) no trace id.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type DataRequestObservation, observeDataRequests } from '../../src/data-layer/observe-data-requests.ts';

/** A server whose listener answers /v1/graphql at once and never answers /healthz; `seen` collects the observations. */
async function observedServer() {
  const seen: Omit<DataRequestObservation, 'seconds'>[] = [];
  let heldOpen = () => {};
  const held = new Promise<void>((resolve) => (heldOpen = resolve));
  const listener = observeDataRequests(
    (request, response) => {
      if (request.url === '/v1/graphql') return void response.writeHead(201).end('{}');
      heldOpen();
    },
    (_request, { seconds, ...observed }) => {
      assert.ok(seconds >= 0);
      seen.push(observed);
    },
  );
  const server = http.createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { seen, held, port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Resolves once `check` holds, polling; the test's own timeout bounds it. */
async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 5));
}

test('an answered request is observed once, with its status and route', async () => {
  const server = await observedServer();
  const response = await fetch(`http://127.0.0.1:${server.port}/v1/graphql`, { method: 'POST', body: '{}' });
  assert.is(response.status, 201);
  await until(() => server.seen.length > 0);
  await new Promise((resolve) => setTimeout(resolve, 20));
  assert.equal(server.seen, [{ method: 'POST', route: '/v1/graphql', status: 201, traceId: undefined }]);
  await server.close();
});

test('a request whose client leaves before the answer is observed once', async () => {
  const server = await observedServer();
  const request = http.get(`http://127.0.0.1:${server.port}/healthz`);
  request.on('error', () => {});
  await server.held;
  request.destroy();
  await until(() => server.seen.length > 0);
  await new Promise((resolve) => setTimeout(resolve, 20));
  assert.equal(server.seen, [{ method: 'GET', route: '/healthz', status: 200, traceId: undefined }]);
  await server.close();
});

test.run();
