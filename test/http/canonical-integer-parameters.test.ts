// Integer path and query parameters in canonical decimal form only (src/http/canonical-integer.ts,
// generated into generated/openapi/validate-parameters.ts): `/invoices/0x1` and `/invoices/1e0`
// read invoice 1 while the validators' coercion read text as Number() does; now each non-canonical
// spelling is a 400 naming the parameter, and the canonical one reaches the handler.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createSessionService } from '../../src/domain/identity/session-service.ts';
import { createSessionStore } from '../../src/stores/session-store.ts';
import { type TestService, startTestService, testAdminApiKey } from '../support/test-service.ts';

let service: TestService;

test.before(async () => {
  service = await startTestService({ SEED: 'demo' });
});
test.after(async () => {
  await service.stop();
});

const admin = { 'x-api-key': testAdminApiKey };
const message =
  'invalid request: path.invoiceId must be an integer in plain decimal digits (no sign, leading zero, exponent, hex prefix or spaces)';

for (const spelling of ['0x1', '1e0', '01', '+1', '-1', '1.0', '%201', '1%20', '0b1', '0o1', 'Infinity']) {
  test(`GET /invoices/${spelling} is a 400 naming invoiceId`, async () => {
    const response = await service.request('GET', `/invoices/${spelling}`, { headers: admin });
    assert.is(response.status, 400);
    const body = response.json();
    assert.ok(
      body.message.startsWith(message),
      `${spelling}: ${body.message} does not start with the canonical-integer message`,
    );
    assert.equal(body.details[0].path, 'path.invoiceId');
  });
}

test('text that is no number is told it must be an integer, not how integers are written', async () => {
  const response = await service.request('GET', '/invoices/1_0', { headers: admin });
  assert.is(response.status, 400);
  assert.is(response.json().message, 'invalid request: path.invoiceId must be integer');
});

test('GET /invoices/1 reaches the handler and reads invoice 1', async () => {
  const response = await service.request('GET', '/invoices/1', { headers: admin });
  assert.is(response.status, 200);
});

test('GET /invoices/0 is the range check, not the form: 0 is canonical but below the minimum', async () => {
  const response = await service.request('GET', '/invoices/0', { headers: admin });
  assert.is(response.status, 400);
  assert.is(response.json().details[0].message, 'must be >= 1');
});

test('an integer query parameter (sparkline days) is held to the same form', async () => {
  const sessions = createSessionService({ store: createSessionStore(service.db) });
  const cookie = `platform_session=${(await sessions.create('demo-alice', 3600)).cookieSecret}`;
  for (const days of ['07', '7e0', '0x7']) {
    const response = await service.request('GET', `/wallets/1/sparkline?days=${days}`, { headers: { cookie } });
    assert.is(response.status, 400, days);
    assert.equal(response.json().details[0].path, 'query.days', days);
  }
  const canonical = await service.request('GET', '/wallets/1/sparkline?days=7', { headers: { cookie } });
  assert.is(canonical.status, 200);
});

test.run();
