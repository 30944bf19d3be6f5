// The router built from openapi.yaml (docs/requests.md#the-router): 404 and 405 with the
// error body, 501 for operations not built yet, parameters and bodies checked against the spec.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type OperationId, operations } from '../../generated/openapi/operations.ts';
import { notImplementedOperations } from '../../src/http/not-implemented-operations.ts';
import { type TestService, startTestService, testAdminApiKey } from '../support/test-service.ts';

let service: TestService;

test.before(async () => {
  service = await startTestService();
});
test.after(async () => {
  await service.stop();
});

test('an unknown route answers 404 with the error body', async () => {
  const response = await service.request('GET', '/no/such/route');
  assert.is(response.status, 404);
  const body = response.json();
  assert.equal({ success: body.success, code: body.code }, { success: false, code: 'NOT_FOUND' });
  assert.is(body.requestId, response.headers.get('x-request-id'));
  assert.match(body.message, /GET \/no\/such\/route/);
});

test('a very long unknown path answers 404 with a message that quotes only its start', async () => {
  const path = `/${'a'.repeat(5_000)}`;
  const response = await service.request('DELETE', path);
  assert.is(response.status, 404);
  assert.is(response.json().message, `no route for DELETE /${'a'.repeat(199)}… (5001 characters)`);
  const other = await service.request('POST', `/static/coins/${'b'.repeat(3_000)}`);
  assert.is(other.status, 405);
  assert.is(other.json().message, `method POST is not allowed on /static/coins/${'b'.repeat(186)}… (3014 characters)`);
});

test('a body failing on 150 fields, one named with 10,000 characters, is 400 within the Error body bounds', async () => {
  const body: Record<string, unknown> = { token: 'a.b.c', ['n'.repeat(10_000)]: 1 };
  for (let index = 0; index < 150; index++) body[`extra${index}`] = index;
  // The test client checks the body against openapi.yaml (message, details and path lengths).
  const response = await service.request('POST', '/auth/token-exchange', { body });
  assert.is(response.status, 400);
  const { message, details } = response.json();
  assert.is(details.length, 100);
  assert.equal(details[0], { path: `body.${'n'.repeat(195)}… (10005 characters)`, message: 'is not allowed' });
  // The message names the failures that fit in 1,500 characters, then counts the rest.
  assert.ok(
    message.startsWith(
      `invalid request: body.${'n'.repeat(195)}… (10005 characters) is not allowed; body.extra0 is not allowed; body.extra1 is not allowed`,
    ),
    message,
  );
  const named = message.split('; ').length - 1;
  assert.ok(message.length <= 1_600, message);
  assert.ok(message.endsWith(`; and ${151 - named} more`), message);
});

test('a known path with another method answers 405 with Allow', async () => {
  const response = await service.request('PUT', '/healthz');
  assert.is(response.status, 405);
  assert.match(response.headers.get('allow') ?? '', /GET/);
  assert.is(response.json().code, 'METHOD_NOT_ALLOWED');
});

test('every operation not built yet answers 501 naming its operationId', async () => {
  const examples: Record<string, string> = {
    invoiceId: '1',
    receiptId: '1',
    quoteId: '1',
    fundId: '1',
    caseId: '1',
    walletId: '1',
    id: '6f1c3d2e-8a4b-4c5d-9e6f-7a8b9c0d1e2f',
    symbol: 'ch',
    name: '6f1c3d2e-8a4b-4c5d-9e6f-7a8b9c0d1e2f.pdf',
  };
  const queries: Record<string, string> = {
    getKycDocumentFile: '?token=abc.def.ghi',
    loginCallback: '?code=abcdefgh&state=abcdefghijklmnopqrstuvwxyz',
  };
  const bodies: Record<string, object> = {
    exchangeToken: { token: 'a.b.c' },
    createWalletJwt: { targetPublicKey: 'abc', scope: 'user' },
    createWorkflowSdkInitToken: { userId: 'demo-alice', organizationId: '6f1c3d2e-8a4b-4c5d-9e6f-7a8b9c0d1e2f' },
    createKycSdkInitToken: { userId: 'demo-alice' },
  };
  // Widened: once every operation is built the list is empty and its element type `never`.
  for (const id of notImplementedOperations as readonly OperationId[]) {
    const operation = operations[id];
    const path =
      operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => examples[name] ?? 'x') + (queries[id] ?? '');
    const headers: Record<string, string> =
      id === 'uploadDocuments' ? { 'content-type': 'multipart/form-data; boundary=x' } : {};
    const response = await service.request(operation.method, path, { body: bodies[id], headers });
    assert.is(response.status, 501, `${id}: ${response.text}`);
    const body = response.json();
    assert.is(body.code, 'NOT_IMPLEMENTED', id);
    assert.is(body.message, `not implemented: ${id}`);
  }
});

test('request parameters are validated against openapi.yaml, naming each bad field', async () => {
  // Authenticated, since an implemented operation authenticates before it validates.
  const response = await service.request('GET', '/invoices/abc?format=docx', {
    headers: { 'x-api-key': testAdminApiKey },
  });
  assert.is(response.status, 400);
  const body = response.json();
  assert.is(body.code, 'VALIDATION_FAILED');
  assert.match(body.message, /path\.invoiceId must be integer/);
  assert.match(body.message, /query\.format must be one of html, pdf/);
  assert.equal(body.details.map((d: { path: string }) => d.path).sort(), ['path.invoiceId', 'query.format']);
});

test('JSON bodies are validated against openapi.yaml', async () => {
  const response = await service.request('POST', '/auth/token-exchange', { body: { token: 42, extra: true } });
  assert.is(response.status, 400);
  const body = response.json();
  assert.match(body.message, /body\.token must be string/);
  assert.match(body.message, /body\.extra is not allowed/);
});

test('malformed JSON is a 400, not a 500', async () => {
  const response = await service.request('POST', '/auth/token-exchange', {
    body: '{"token": ',
    headers: { 'content-type': 'application/json' },
  });
  assert.is(response.status, 400);
  assert.is(response.json().success, false);
});

test.run();
