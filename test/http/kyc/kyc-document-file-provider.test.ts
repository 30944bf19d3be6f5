// GET /kyc/documents/{id}/file with KYC_URL set (docs/identity.md#kyc-document-links): the
// service fetches the file from the provider over real HTTP, signed; the type served is the one
// found in the bytes, and a file that is neither an image nor a PDF is never passed on (500,
// masked).
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { assertMatchesContract } from '../../support/openapi-contract.ts';
import {
  createPlatformTokenForge,
  type PlatformTokenForge,
  testSigningKeySecret,
} from '../../support/platform-token-forge.ts';
import { startTestService, type TestService } from '../../support/test-service.ts';

const appToken = 'sbx:service-test-token';
const secretKey = 'service-test-kyc-secret';
const inspection = '65a1b2c3d4e5f60718293a4b';
const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1');
const files: Record<string, { type: string; body: Buffer }> = {
  '0b1e7a52-3c1d-4f6e-8a9b-0c1d2e3f4a5b': { type: 'application/octet-stream', body: pdf },
  '1c2f8b63-4d2e-4a7f-9bac-1d2e3f4a5b6c': {
    type: 'image/png',
    body: Buffer.from('<html><script>alert(1)</script></html>'),
  },
};

let provider: http.Server;
let service: TestService;
let forge: PlatformTokenForge;
const received: string[] = [];

test.before(async () => {
  provider = http.createServer((req, res) => {
    const url = req.url ?? '';
    const ts = String(req.headers['x-app-access-ts']);
    const signed =
      req.headers['x-app-access-sig'] === createHmac('sha256', secretKey).update(`${ts}GET${url}`).digest('hex');
    received.push(url);
    const match = /^\/resources\/inspections\/([^/]+)\/resources\/([^/]+)$/.exec(url);
    const file = match && match[1] === inspection ? files[match[2]!] : undefined;
    if (!signed || req.headers['x-app-token'] !== appToken)
      res.writeHead(401).end('{"description":"Request signature mismatch"}');
    else if (!file) res.writeHead(404, { 'content-type': 'application/json' }).end('{"description":"Not found"}');
    else res.writeHead(200, { 'content-type': file.type }).end(file.body);
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  const kycUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
  service = await startTestService({
    KYC_URL: kycUrl,
    KYC_APP_TOKEN: appToken,
    KYC_SECRET_KEY: secretKey,
    SIGNING_KEY_SECRET: testSigningKeySecret,
  });
  forge = await createPlatformTokenForge({
    databaseUrl: service.databaseUrl,
    signingKeySecret: testSigningKeySecret,
    issuer: service.url,
    dataUrl: service.dataUrl,
  });
});

test.after(async () => {
  await forge?.close();
  await service?.stop();
  provider?.closeAllConnections();
  await new Promise<void>((resolve) => provider?.close(() => resolve()));
});

async function download(documentId: string) {
  const token = await forge.issueAt(new Date(), 'kyc-document', { sub: documentId, inspection_id: inspection }, 300);
  const path = `/kyc/documents/${documentId}/file`;
  const response = await fetch(`${service.url}${path}?token=${token}`);
  const bytes = Buffer.from(await response.arrayBuffer());
  const contentType = response.headers.get('content-type');
  assertMatchesContract(
    'GET',
    path,
    response.status,
    contentType,
    contentType?.includes('json') ? bytes.toString('utf8') : '',
  );
  return { status: response.status, headers: response.headers, bytes };
}

test('a PDF the provider labels octet-stream is served as application/pdf, without the sandbox', async () => {
  const response = await download('0b1e7a52-3c1d-4f6e-8a9b-0c1d2e3f4a5b');
  assert.is(response.status, 200, response.bytes.toString('utf8'));
  assert.is(response.headers.get('content-type'), 'application/pdf');
  assert.ok(response.bytes.equals(pdf));
  assert.match(
    response.headers.get('content-disposition') ?? '',
    /filename="kyc-document-0b1e7a52-3c1d-4f6e-8a9b-0c1d2e3f4a5b\.pdf"/,
  );
  assert.is(
    response.headers.get('content-security-policy'),
    "default-src 'none'; style-src 'unsafe-inline'; object-src 'self'",
  );
  assert.is(received.at(-1), `/resources/inspections/${inspection}/resources/0b1e7a52-3c1d-4f6e-8a9b-0c1d2e3f4a5b`);
});

test('HTML labelled image/png by the provider is not passed on (500, masked)', async () => {
  const response = await download('1c2f8b63-4d2e-4a7f-9bac-1d2e3f4a5b6c');
  assert.is(response.status, 500);
  assert.is(JSON.parse(response.bytes.toString('utf8')).message, 'Internal server error');
  assert.not.match(response.bytes.toString('utf8'), /script/);
});

test('a provider 404 is our 404', async () => {
  const response = await download('2d3a9c74-5e3f-4b8a-8cbd-2e3f4a5b6c7d');
  assert.is(response.status, 404);
  assert.is(JSON.parse(response.bytes.toString('utf8')).code, 'NOT_FOUND');
});

test.run();
