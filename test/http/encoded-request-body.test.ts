// A request body with a Content-Encoding other than identity is refused with 415 before it is
// read, on every route that takes a body (docs/requests.md#request-bodies,
// openapi.yaml#/components/responses/UnsupportedMediaType), in each face's error shape.
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type TestResponse, type TestService, startTestService, testAdminApiKey } from '../support/test-service.ts';

let service: TestService;

test.before(async () => {
  service = await startTestService();
});

test.after(async () => {
  await service?.stop();
});

function assertRefusedEncoding(response: TestResponse, encoding: string): void {
  assert.is(response.status, 415, response.text);
  const body = response.json();
  assert.equal(Object.keys(body).sort(), ['code', 'message', 'requestId', 'success']);
  assert.is(body.success, false);
  assert.is(body.code, 'UNSUPPORTED_MEDIA_TYPE');
  assert.is(
    body.message,
    `Unsupported Content-Encoding ${encoding}: send the request body uncompressed (no Content-Encoding, or identity)`,
  );
}

const json = '{"token":"not-a-token"}';
const compressed: Record<string, Uint8Array> = {
  gzip: gzipSync(json),
  br: brotliCompressSync(json),
  deflate: deflateSync(json),
};

for (const [encoding, bytes] of Object.entries(compressed)) {
  test(`POST /auth/token-exchange with Content-Encoding: ${encoding} → 415 UNSUPPORTED_MEDIA_TYPE`, async () => {
    const response = await service.request('POST', '/auth/token-exchange', {
      headers: { 'content-type': 'application/json', 'content-encoding': encoding },
      body: bytes,
    });
    assertRefusedEncoding(response, encoding);
  });
}

test('an encoding the service has never heard of, or a list of them, is refused the same way', async () => {
  const unknown = await service.request('POST', '/auth/token-exchange', {
    headers: { 'content-type': 'application/json', 'content-encoding': 'x-custom' },
    body: json,
  });
  assertRefusedEncoding(unknown, 'x-custom');
  const list = await service.request('POST', '/auth/token-exchange', {
    headers: { 'content-type': 'application/json', 'content-encoding': 'identity, GZIP' },
    body: compressed.gzip,
  });
  assertRefusedEncoding(list, 'gzip');
});

test('Content-Encoding: identity is an uncompressed body and is read as usual', async () => {
  const response = await service.request('POST', '/auth/token-exchange', {
    headers: { 'content-type': 'application/json', 'content-encoding': 'identity' },
    body: json,
  });
  // Read and validated: the token is not shaped like a JWT.
  assert.is(response.status, 400, response.text);
  assert.is(response.json().code, 'VALIDATION_FAILED');
  assert.equal(
    response.json().details.map((detail: { path: string }) => detail.path),
    ['body.token'],
  );
});

test('POST /documents/upload (multipart) with Content-Encoding: gzip → 415, nothing read', async () => {
  const multipart = [
    '--b',
    'Content-Disposition: form-data; name="file"; filename="a.txt"',
    'Content-Type: text/plain',
    '',
    'hello',
    '--b--',
    '',
  ].join('\r\n');
  const response = await service.request('POST', '/documents/upload', {
    headers: {
      'x-api-key': testAdminApiKey,
      'content-type': 'multipart/form-data; boundary=b',
      'content-encoding': 'gzip',
    },
    body: gzipSync(multipart),
  });
  assertRefusedEncoding(response, 'gzip');
});

test('POST /graphql with Content-Encoding: br → 415 in a GraphQL response', async () => {
  const response = await service.request('POST', '/graphql', {
    headers: { 'x-api-key': testAdminApiKey, 'content-type': 'application/json', 'content-encoding': 'br' },
    body: brotliCompressSync('{"query":"{ ping }"}'),
  });
  assert.is(response.status, 415, response.text);
  assert.is(response.headers.get('content-type'), 'application/json; charset=utf-8');
  assert.equal(response.json(), {
    errors: [
      {
        message:
          'Unsupported Content-Encoding br: send the request body uncompressed (no Content-Encoding, or identity)',
        extensions: { code: 'UNSUPPORTED_MEDIA_TYPE' },
      },
    ],
  });
});

test('POST /v1/graphql (data layer) with Content-Encoding: gzip → 415 in the data layer error shape', async () => {
  const response = await fetch(`${service.dataUrl}/v1/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'content-encoding': 'gzip',
      'x-data-admin-secret': 'test-data-admin-secret-0123456789',
    },
    body: gzipSync('{"query":"{ __typename }"}'),
  });
  assert.is(response.status, 415);
  assert.equal(await response.json(), {
    errors: [
      {
        message:
          'Unsupported Content-Encoding gzip: send the request body uncompressed (no Content-Encoding, or identity)',
        extensions: { code: 'UNSUPPORTED_MEDIA_TYPE', path: '$' },
      },
    ],
  });
});

test('the data layer reads Content-Encoding by the same rule: a list with one coding is refused, identity is read', async () => {
  const post = (encoding: string, body: Uint8Array | string) =>
    fetch(`${service.dataUrl}/v1/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'content-encoding': encoding,
        'x-data-admin-secret': 'test-data-admin-secret-0123456789',
      },
      body,
    });
  const list = await post('identity, GZIP', gzipSync('{"query":"{ __typename }"}'));
  assert.is(list.status, 415);
  assert.equal(await list.json(), {
    errors: [
      {
        message:
          'Unsupported Content-Encoding gzip: send the request body uncompressed (no Content-Encoding, or identity)',
        extensions: { code: 'UNSUPPORTED_MEDIA_TYPE', path: '$' },
      },
    ],
  });
  const identity = await post('Identity', '{"query":"{ __typename }"}');
  assert.is(identity.status, 200);
  assert.equal(await identity.json(), { data: { __typename: 'query_root' } });
});

test.run();
