// The health routes through the real service (docs/configuration.md#operations): /healthz,
// /health, /readyz, / and /metrics, and the X-Request-Id echo.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type TestService, startTestService } from '../support/test-service.ts';

let service: TestService;

test.before(async () => {
  service = await startTestService();
});
test.after(async () => {
  await service.stop();
});

test('GET /healthz answers ok before any authentication', async () => {
  const response = await service.request('GET', '/healthz');
  assert.is(response.status, 200);
  assert.is(response.text, 'ok');
  assert.match(response.headers.get('content-type') ?? '', /^text\/plain/);
  assert.ok(response.headers.get('x-request-id'));
});

test('GET /health answers 204 without a body', async () => {
  const response = await service.request('GET', '/health');
  assert.is(response.status, 204);
  assert.is(response.text, '');
});

test('GET /readyz reports each check and 200 when the database is migrated', async () => {
  const response = await service.request('GET', '/readyz');
  assert.is(response.status, 200);
  const body = response.json();
  assert.is(body.status, 'ok');
  assert.is(body.checks.database.status, 'ok');
  assert.is(body.checks.migrations.status, 'ok');
  // Not prewarmed in tests: Chromium launches on the first PDF, and readiness says so.
  assert.is(body.checks.pdf.status, 'pending');
  assert.match(body.checks.pdf.message, /not launched yet/);
});

test('GET / names the service and its uptime', async () => {
  const body = (await service.request('GET', '/')).json();
  assert.is(body.name, 'wealth-platform');
  assert.match(body.version, /^\d+\.\d+\.\d+/);
  assert.type(body.uptimeSeconds, 'number');
});

test('GET /metrics exposes process metrics and request counts by route template', async () => {
  await service.request('GET', '/healthz');
  await service.request('GET', '/invoices/7');
  const response = await service.request('GET', '/metrics');
  assert.is(response.status, 200);
  assert.match(response.text, /process_cpu_seconds_total/);
  assert.match(
    response.text,
    /http_requests_total\{server="api",method="GET",route="\/healthz",status_class="2xx"\} \d+/,
  );
  assert.match(
    response.text,
    /http_requests_total\{server="api",method="GET",route="\/invoices\/\{invoiceId\}",status_class="4xx"\} 1/,
  );
  assert.match(
    response.text,
    /http_request_duration_seconds_bucket\{le="0.005",server="api",method="GET",route="\/healthz",status_class="2xx"\}/,
  );
});

test('a caller-supplied X-Request-Id is echoed when it is safe', async () => {
  const response = await service.request('GET', '/healthz', { headers: { 'x-request-id': 'trace-abc-12345' } });
  assert.is(response.headers.get('x-request-id'), 'trace-abc-12345');
  const unsafe = await service.request('GET', '/healthz', { headers: { 'x-request-id': 'bad id\twith tab' } });
  assert.is.not(unsafe.headers.get('x-request-id'), 'bad id\twith tab');
});

test.run();
