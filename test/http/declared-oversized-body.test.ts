// A declared Content-Length over an operation's body limit is answered 413 at once, before any
// of the body is read (docs/requests.md#request-bodies,
// openapi.yaml#/components/responses/PayloadTooLarge): each request here declares 10 GiB, sends a
// few bytes and waits for the answer, which must come without the rest of the body.
import http from 'node:http';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { assertMatchesContract } from '../support/openapi-contract.ts';
import { type TestService, startTestService, testAdminApiKey } from '../support/test-service.ts';

let service: TestService;

test.before(async () => {
  service = await startTestService();
});

test.after(async () => {
  await service?.stop();
});

const tenGiB = 10 * 1024 * 1024 * 1024;

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: any;
}

/** Declares `length` bytes, sends only `start`, and resolves with the answer. */
function declareAndStall(
  base: string,
  pathname: string,
  headers: Record<string, string>,
  start: string,
  length = tenGiB,
): Promise<RawAnswer> {
  const url = new URL(pathname, base);
  return new Promise((resolve, reject) => {
    const request = http.request(url, {
      method: 'POST',
      headers: { ...headers, 'content-length': String(length) },
    });
    request.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (text += chunk));
      response.on('end', () => {
        request.destroy();
        assertMatchesContract(
          'POST',
          pathname,
          response.statusCode ?? 0,
          response.headers['content-type'] ?? null,
          text,
        );
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: JSON.parse(text) });
      });
    });
    request.on('error', reject);
    request.write(start);
  });
}

function assertTooLarge(answer: RawAnswer, limit: number): void {
  assert.is(answer.status, 413);
  assert.is(answer.body.code, 'PAYLOAD_TOO_LARGE');
  assert.is(answer.headers.connection, 'close');
  assert.is(
    answer.body.message,
    `Too large: the request body may be at most ${limit} bytes, Content-Length says ${tenGiB}`,
  );
}

test('POST /auth/token-exchange declaring 10 GiB of JSON → 413 before the body is sent', async () => {
  const answer = await declareAndStall(
    service.url,
    '/auth/token-exchange',
    { 'content-type': 'application/json' },
    '{"tok',
  );
  assertTooLarge(answer, 1024 * 1024);
});

test('POST /auth/kyc-sdk/init-token declaring 10 GiB → 413 before the body is sent', async () => {
  const answer = await declareAndStall(
    service.url,
    '/auth/kyc-sdk/init-token',
    { 'content-type': 'application/json', 'x-api-key': testAdminApiKey },
    '{"user',
  );
  assertTooLarge(answer, 1024 * 1024);
});

test('POST /graphql declaring 10 GiB → 413 in a GraphQL response before the body is sent', async () => {
  const answer = await declareAndStall(
    service.url,
    '/graphql',
    { 'content-type': 'application/json', 'x-api-key': testAdminApiKey, accept: 'application/graphql-response+json' },
    '{"query":',
  );
  assert.is(answer.status, 413);
  assert.is(answer.headers['content-type'], 'application/graphql-response+json; charset=utf-8');
  assert.is(answer.headers.connection, 'close');
  assert.equal(answer.body, {
    errors: [
      {
        message: `Too large: the request body may be at most ${1024 * 1024} bytes, Content-Length says ${tenGiB}`,
        extensions: { code: 'PAYLOAD_TOO_LARGE' },
      },
    ],
  });
});

test('one byte over 1 MiB declared is refused; the limit itself is read as usual', async () => {
  const over = await declareAndStall(
    service.url,
    '/auth/token-exchange',
    { 'content-type': 'application/json' },
    '{',
    1024 * 1024 + 1,
  );
  assert.is(over.status, 413);
  assert.is(over.body.message, `Too large: the request body may be at most 1048576 bytes, Content-Length says 1048577`);
  const atLimit = await service.request('POST', '/auth/token-exchange', {
    headers: { 'content-type': 'application/json' },
    body: `{"token":"${'a'.repeat(1024 * 1024 - 12)}"}`,
  });
  assert.is(atLimit.status, 400, atLimit.text);
  assert.is(atLimit.json().code, 'VALIDATION_FAILED');
});

test('POST /documents/upload declaring 10 GiB of multipart → 413 before the body is sent', async () => {
  const answer = await declareAndStall(
    service.url,
    '/documents/upload',
    { 'content-type': 'multipart/form-data; boundary=b', 'x-api-key': testAdminApiKey },
    '--b\r\n',
  );
  assert.is(answer.status, 413);
  assert.is(answer.body.code, 'PAYLOAD_TOO_LARGE');
  assert.is(
    answer.body.message,
    'Too large: the files of one request may total at most 83886080 bytes (80 MB); nothing was stored',
  );
  assert.is(answer.headers.connection, 'close');
});

test('POST /v1/graphql (data layer) declaring 10 GiB → 413 before the body is sent', async () => {
  const answer = await new Promise<RawAnswer>((resolve, reject) => {
    const request = http.request(new URL('/v1/graphql', service.dataUrl), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-data-admin-secret': 'test-data-admin-secret-0123456789',
        'content-length': String(tenGiB),
      },
    });
    request.on('response', (response) => {
      let text = '';
      response.on('data', (chunk) => (text += chunk));
      response.on('end', () => {
        request.destroy();
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: JSON.parse(text) });
      });
    });
    request.on('error', reject);
    request.write('{"query":');
  });
  assert.is(answer.status, 413);
  assert.equal(answer.body.errors, [
    {
      message: 'request body is larger than 1048576 bytes',
      extensions: { code: 'PAYLOAD_TOO_LARGE', path: '$' },
    },
  ]);
  assert.is(answer.headers.connection, 'close');
});

test.run();
