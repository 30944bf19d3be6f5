// Every DATA_PORT answer carries X-Request-Id (src/request-envelope/request-id.ts): a caller's
// acceptable id is echoed, anything else gets a fresh UUID, on answers and refusals alike.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createDataLayerApp } from '../../src/data-layer/data-layer-app.ts';
import { DataLayerError } from '../../src/data-layer/data-layer-error.ts';
import { createLogger } from '../../src/observability/logger.ts';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The data layer's listener over a fixed caller and answer: only the secret `s3cret` is let in. */
async function dataServer() {
  const listener = createDataLayerApp({
    authenticate: async (headers) => {
      if (headers['x-data-admin-secret'] !== 's3cret')
        throw new DataLayerError('UNAUTHENTICATED', 'X-Data-Admin-Secret is wrong');
      return { role: 'admin', sessionText: {}, via: 'admin-secret' };
    },
    execute: async () => '{"data":{"ping":true}}',
    logger: createLogger('silent'),
  });
  const server = http.createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Runs `check` against a fresh server, closed whether the check passes or fails. */
async function withDataServer(check: (url: string) => Promise<void>): Promise<void> {
  const server = await dataServer();
  try {
    await check(server.url);
  } finally {
    await server.close();
  }
}

const graphql = (headers: Record<string, string>): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify({ query: '{ ping }' }),
});

test('every kind of answer carries a fresh request id', () =>
  withDataServer(async (url) => {
    const answers = [
      [await fetch(`${url}/v1/graphql`, graphql({ 'x-data-admin-secret': 's3cret' })), 200],
      [await fetch(`${url}/v1/graphql`, graphql({ 'x-data-admin-secret': 'wrong' })), 401],
      [await fetch(`${url}/v1/graphql`), 405],
      [await fetch(`${url}/healthz`), 200],
      [await fetch(`${url}/nowhere`), 404],
    ] as const;
    const ids = new Set<string>();
    for (const [response, status] of answers) {
      assert.is(response.status, status);
      await response.arrayBuffer();
      const id = response.headers.get('x-request-id') ?? '';
      assert.match(id, uuid);
      ids.add(id);
    }
    assert.is(ids.size, answers.length);
  }));

test("a caller's acceptable id is echoed, an unacceptable one replaced", () =>
  withDataServer(async (url) => {
    const kept = await fetch(
      `${url}/v1/graphql`,
      graphql({ 'x-data-admin-secret': 's3cret', 'x-request-id': 'trace:0042.abc' }),
    );
    assert.is(await kept.text(), '{"data":{"ping":true}}');
    assert.is(kept.headers.get('x-request-id'), 'trace:0042.abc');
    const replaced = await fetch(`${url}/healthz`, { headers: { 'x-request-id': 'bad id with spaces' } });
    assert.is(await replaced.text(), 'ok');
    assert.match(replaced.headers.get('x-request-id') ?? '', uuid);
  }));

test.run();
