// The health routes through the real service (docs/configuration.md#operations): /healthz,
// /health, /readyz, / and /metrics, and the X-Request-Id echo. Readiness and service info give
// their detail to administrators only (openapi.yaml /readyz and /).
import { readFileSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createSessionService } from '../../src/domain/identity/session-service.ts';
import { createSessionStore } from '../../src/stores/session-store.ts';
import { type TestService, startTestService, testAdminApiKey } from '../support/test-service.ts';

let service: TestService;

test.before(async () => {
  service = await startTestService({ SEED: 'demo' });
});

const admin = { 'x-api-key': testAdminApiKey };

async function sessionCookie(userId: string): Promise<Record<string, string>> {
  const sessions = createSessionService({ store: createSessionStore(service.db) });
  return { cookie: `platform_session=${(await sessions.create(userId, 3600)).cookieSecret}` };
}
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
  const response = await service.request('GET', '/readyz', { headers: admin });
  assert.is(response.status, 200);
  const body = response.json();
  assert.is(body.status, 'ok');
  assert.is(body.checks.database.status, 'ok');
  assert.is(body.checks.migrations.status, 'ok');
  // Not prewarmed in tests: Chromium launches on the first PDF, and readiness says so.
  assert.is(body.checks.pdf.status, 'pending');
  assert.match(body.checks.pdf.message, /not launched yet/);
});

test('GET / names the service, its uptime and the hashes of the specs its code was generated from', async () => {
  const body = (await service.request('GET', '/', { headers: admin })).json();
  assert.is(body.name, 'wealth-platform');
  assert.match(body.version, /^\d+\.\d+\.\d+/);
  assert.type(body.uptimeSeconds, 'number');
  const recorded = JSON.parse(readFileSync(new URL('../../generated/codegen-inputs.json', import.meta.url), 'utf8'));
  assert.equal(body.codegenInputs, recorded.inputs);
  assert.match(body.codegenInputs['openapi.yaml'], /^[0-9a-f]{64}$/);
});

// The campaign found the Chromium path in an anonymous /readyz, and the version and uptime in /.
test('without an administrator, /readyz gives each check its status only and / the name only', async () => {
  const callers: Record<string, Record<string, string>> = {
    none: {},
    'a wrong key': { 'x-api-key': 'not-a-key' },
    "a user's session who is no administrator": await sessionCookie('demo-alice'),
  };
  for (const [who, headers] of Object.entries(callers)) {
    const readyz = await service.request('GET', '/readyz', { headers });
    assert.is(readyz.status, 200, who);
    assert.equal(
      readyz.json(),
      {
        status: 'ok',
        checks: { database: { status: 'ok' }, migrations: { status: 'ok' }, pdf: { status: 'pending' } },
      },
      who,
    );
    assert.not.match(readyz.text, /chrom|latency|message/i, who);
    assert.equal((await service.request('GET', '/', { headers })).json(), { name: 'wealth-platform' }, who);
  }
});

test("an admin user's session gets the detail too", async () => {
  const headers = await sessionCookie('demo-admin');
  const readyz = (await service.request('GET', '/readyz', { headers })).json();
  assert.match(readyz.checks.pdf.message, /not launched yet/);
  assert.type(readyz.checks.database.latencyMs, 'number');
  const info = (await service.request('GET', '/', { headers })).json();
  assert.type(info.uptimeSeconds, 'number');
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
