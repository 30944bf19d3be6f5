// The service's own answers checked against openapi.yaml (docs/requests.md#response-validation),
// through real HTTP: a handler whose body breaks its response schema, or that answers a status the
// operation does not declare, is answered 500 RESPONSE_INVALID naming each JSON path and logged with
// the operation when RESPONSE_VALIDATION is `fail`; `log` lets the answer through and logs it; `off`
// does neither. Its default (`fail`; `off` in production) is in test/config/production-mode.test.ts.
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
import type { ResponseValidation } from '../../src/http/validate-response.ts';
import type { HandlerResult } from '../../src/http/send-result.ts';
import { createLogger } from '../../src/observability/logger.ts';
import { createMetrics } from '../../src/observability/metrics.ts';

const refuse = () => Promise.reject(new Error('no credentials in this test'));
const refuseEverything = { fromSessionCookie: refuse, fromBearer: refuse, fromApiKey: refuse };

/** `GET /` answered by `serviceInfo` instead of the real handler, served over loopback HTTP. */
async function serve(setting: ResponseValidation, serviceInfo: () => Promise<HandlerResult>) {
  const logged: Record<string, any>[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logged.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  const handlers = handlerTable({
    ...healthHandlers({
      service: { name: 'x', version: '0.0.0', startedAt: Date.now(), codegenInputs: {} },
      metricsText: async () => ({ body: '' }),
      readiness: async () => ({ status: 'ok', checks: {} }) as never,
    }),
    getServiceInfo: serviceInfo,
  } as unknown as ImplementedHandlers);
  const app = createHttpApp({
    handlers,
    logger: createLogger('info', sink),
    metrics: createMetrics(),
    notImplemented: new Set(notImplementedOperations),
    authenticate: createAuthenticator({ resolver: refuseEverything }),
    responseValidation: setting,
  });
  const server = http.createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const get = async () => {
    const response = await fetch(`http://127.0.0.1:${port}/`);
    return { status: response.status, body: (await response.json()) as Record<string, any> };
  };
  const mismatchLogs = () => logged.filter((line) => line.operationId === 'getServiceInfo' && line.mismatches);
  return { get, mismatchLogs, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** `name` is required and `version` a string of at most 64 characters (openapi.yaml#/components/schemas/ServiceInfo). */
const drifted = async (): Promise<HandlerResult> => ({
  status: 200,
  contentType: 'application/json',
  body: { version: 7, uptimeSeconds: -1 },
});

test('fail: a body against its schema is 500 RESPONSE_INVALID naming each path, and logged', async () => {
  const service = await serve('fail', drifted);
  try {
    const { status, body } = await service.get();
    assert.is(status, 500);
    assert.is(body.code, 'RESPONSE_INVALID');
    assert.equal((body.details as { path: string; message: string }[]).map((d) => `${d.path} ${d.message}`).sort(), [
      'body.name is required',
      'body.uptimeSeconds must be >= 0',
      'body.version must be string',
    ]);
    assert.match(body.message, /the response of getServiceInfo does not match openapi\.yaml/);
    const [log] = service.mismatchLogs();
    assert.is(log?.status, '200');
    assert.is(log?.level, 50, 'logged as an error');
  } finally {
    await service.close();
  }
});

test('fail: a status the operation does not declare is 500 RESPONSE_INVALID', async () => {
  const service = await serve('fail', async () => ({
    status: 202,
    contentType: 'application/json',
    body: { name: 'x' },
  }));
  try {
    const { status, body } = await service.get();
    assert.is(status, 500);
    assert.equal(body.details, [
      { path: 'status', message: '202 is not a status openapi.yaml declares for getServiceInfo' },
    ]);
  } finally {
    await service.close();
  }
});

test('fail: a body that matches is answered as it is', async () => {
  const service = await serve('fail', async () => ({
    status: 200,
    contentType: 'application/json',
    body: { name: 'x', version: '1.0.0' },
  }));
  try {
    assert.equal(await service.get(), { status: 200, body: { name: 'x', version: '1.0.0' } });
    assert.equal(service.mismatchLogs(), []);
  } finally {
    await service.close();
  }
});

test('log: the drifted answer goes out, and the mismatch is logged', async () => {
  const service = await serve('log', drifted);
  try {
    assert.equal(await service.get(), { status: 200, body: { version: 7, uptimeSeconds: -1 } });
    assert.is(service.mismatchLogs().length, 1);
  } finally {
    await service.close();
  }
});

test('off: nothing is checked', async () => {
  const service = await serve('off', drifted);
  try {
    assert.is((await service.get()).status, 200);
    assert.equal(service.mismatchLogs(), []);
  } finally {
    await service.close();
  }
});

test.run();
