// Unexpected errors are logged with the request id and masked for clients
// (docs/error-codes.md).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createAuthenticator } from '../../src/http/authenticate.ts';
import { handlerTable, type ImplementedHandlers } from '../../src/http/handlers/handler-table.ts';
import { healthHandlers } from '../../src/http/handlers/health-handlers.ts';
import { createHttpApp } from '../../src/http/http-app.ts';
import { notImplementedOperations } from '../../src/http/not-implemented-operations.ts';
import { createLogger } from '../../src/observability/logger.ts';
import { createMetrics } from '../../src/observability/metrics.ts';
import { assertMatchesContract } from '../support/openapi-contract.ts';

const refuse = () => Promise.reject(new Error('no credentials in this test'));
const refuseEverything = { fromSessionCookie: refuse, fromBearer: refuse, fromApiKey: refuse };

test('an unexpected error is a masked 500 whose request id is in the log', async () => {
  const lines: Record<string, any>[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  const logger = createLogger('info', sink);
  const handlers = handlerTable({
    ...healthHandlers({
      service: { name: 'x', version: '0.0.0', startedAt: Date.now(), codegenInputs: {} },
      metricsText: async () => ({ body: '' }),
      readiness: async () => {
        throw new Error('connection to 10.0.0.7 failed: password authentication failed');
      },
    }),
  } as ImplementedHandlers);
  const app = createHttpApp({
    handlers,
    logger,
    metrics: createMetrics(),
    notImplemented: new Set(notImplementedOperations),
    authenticate: createAuthenticator({ resolver: refuseEverything }),
  });
  const server = http.createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}/readyz`);
    const text = await response.text();
    assert.is(response.status, 500);
    const body = JSON.parse(text);
    assert.equal(
      { success: body.success, code: body.code, message: body.message },
      { success: false, code: 'INTERNAL', message: 'Internal server error' },
    );
    assert.not.match(text, /10\.0\.0\.7|password/);
    const logged = lines.find((line) => line.msg === 'request failed');
    assert.ok(logged, 'the error is logged');
    assert.is(logged?.requestId, body.requestId);
    assert.match(JSON.stringify(logged), /password authentication failed/);
  } finally {
    server.close();
  }
});

test('credentials are redacted from logs', () => {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const logger = createLogger('info', sink);
  logger.info(
    {
      req: {
        headers: { authorization: 'Bearer abc.def', 'x-api-key': 'adm_secret', cookie: 'platform_session=s3cret' },
      },
      body: { token: 'tok', password: 'pw' },
    },
    'x',
  );
  assert.not.match(lines.join(''), /abc\.def|adm_secret|s3cret|"tok"|"pw"/);
  assert.match(lines.join(''), /\[redacted\]/);
});

test('contract helper rejects an undeclared status', () => {
  assert.throws(() => assertMatchesContract('GET', '/healthz', 418, 'text/plain', 'x'), /status 418 is not declared/);
});

test.run();
