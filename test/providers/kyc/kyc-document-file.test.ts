// Document files at the KYC provider (docs/identity.md#kyc-document-links): the HTTP client
// against a real local server that checks the signature with its own copy of the formula, and
// the simulator's generated placeholder images.
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32, inflateSync } from 'node:zlib';
import { fileTypeFromBuffer } from 'file-type';
import pino from 'pino';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { AppError } from '../../../src/errors/app-error.ts';
import { createKycHttpClient } from '../../../src/providers/kyc/kyc-http-client.ts';
import { createKycSimulator } from '../../../src/providers/kyc/kyc-simulator.ts';

const appToken = 'sbx:app-token-4711';
const secretKey = 'kyc-secret-key-0f9e8d7c6b5a';
const logger = pino({ level: 'silent' });
const jpeg = Buffer.from([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0xff, 0xd9,
]);

interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
}

async function withProvider(
  reply: (received: Received, response: http.ServerResponse) => void,
  run: (url: string, received: Received[]) => Promise<void>,
): Promise<void> {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const entry = { method: req.method ?? '', url: req.url ?? '', headers: req.headers };
    received.push(entry);
    req.resume();
    req.on('end', () => reply(entry, res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    await run(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, received);
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/** Written apart from src/ on purpose: a shared mistake in the formula would go unnoticed. */
function expectedSignature(ts: string, method: string, pathWithQuery: string): string {
  return createHmac('sha256', secretKey).update(`${ts}${method}${pathWithQuery}`).digest('hex');
}

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  assert.instance(error, AppError);
  return error as AppError;
}

test('the HTTP client signs GET /resources/inspections/{id}/resources/{id} and returns the bytes and type', async () => {
  const now = new Date('2026-01-15T10:30:00.000Z');
  await withProvider(
    (_received, res) => {
      res.writeHead(200, { 'content-type': 'IMAGE/JPEG; charset=binary' });
      res.end(jpeg);
    },
    async (url, received) => {
      const client = createKycHttpClient({ url: `${url}/kyc-proxy/`, appToken, secretKey, logger, now: () => now });
      const file = await client.getDocumentFile('5f1a2b3c4d5e6f7a8b9c0d1e', '88888888-0000-4000-8000-000000000001');
      assert.is(file?.contentType, 'image/jpeg');
      assert.ok(Buffer.from(file?.bytes ?? []).equals(jpeg));
      const [request] = received;
      assert.is(request?.method, 'GET');
      assert.is(
        request?.url,
        '/kyc-proxy/resources/inspections/5f1a2b3c4d5e6f7a8b9c0d1e/resources/88888888-0000-4000-8000-000000000001',
      );
      assert.is(request?.headers['x-app-token'], appToken);
      assert.is(request?.headers['x-app-access-ts'], String(now.getTime() / 1000));
      assert.is(
        request?.headers['x-app-access-sig'],
        expectedSignature(String(now.getTime() / 1000), 'GET', request?.url ?? ''),
      );
      assert.match(String(request?.headers.accept), /image\/png/);
    },
  );
});

test('ids are encoded so they stay one path segment each, and the signature covers the encoded path', async () => {
  await withProvider(
    (_received, res) => {
      res.writeHead(200, { 'content-type': 'image/jpeg' });
      res.end(jpeg);
    },
    async (url, received) => {
      const client = createKycHttpClient({ url, appToken, secretKey, logger });
      await client.getDocumentFile('../applicants', "a/b?c'd");
      const request = received[0]!;
      assert.is(request.url, '/resources/inspections/..%2Fapplicants/resources/a%2Fb%3Fc%27d');
      assert.is(
        request.headers['x-app-access-sig'],
        expectedSignature(String(request.headers['x-app-access-ts']), 'GET', request.url),
      );
    },
  );
});

test('404 from the provider means no such document (null); other failures are INTERNAL with the reason', async () => {
  await withProvider(
    (received, res) => {
      const status = received.url.endsWith('/gone') ? 404 : received.url.endsWith('/empty') ? 200 : 401;
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(
        status === 200
          ? ''
          : JSON.stringify({
              description: status === 404 ? 'Resource not found' : 'Request signature mismatch',
              code: status,
            }),
      );
    },
    async (url) => {
      const client = createKycHttpClient({ url, appToken, secretKey, logger });
      assert.is(await client.getDocumentFile('inspection-1', 'gone'), null);
      const refused = await rejection(client.getDocumentFile('inspection-1', 'signed-wrong'));
      assert.is(refused.code, 'INTERNAL');
      assert.is(refused.message, 'KYC provider answered 401 for inspectionResource: Request signature mismatch');
      assert.not.match(refused.message, new RegExp(secretKey));
      const empty = await rejection(client.getDocumentFile('inspection-1', 'empty'));
      assert.match(empty.message, /empty file/);
    },
  );
});

test('an unreachable provider is INTERNAL naming the call', async () => {
  const client = createKycHttpClient({ url: 'http://127.0.0.1:9', appToken, secretKey, logger, timeoutMs: 2_000 });
  const error = await rejection(client.getDocumentFile('inspection-1', 'doc-1'));
  assert.is(error.code, 'INTERNAL');
  assert.match(error.message, /could not be reached for inspectionResource/);
});

test('the simulator holds the demo documents (88888888-…) and ids given to it, as PNG images', async () => {
  const simulator = createKycSimulator({ documentIds: ['3B1F8E2A-6C4D-4E7F-9A0B-1C2D3E4F5A6B'] });
  const demo = await simulator.getDocumentFile('any-inspection', '88888888-0000-4000-8000-000000000003');
  assert.is(demo?.contentType, 'image/png');
  assert.is((await fileTypeFromBuffer(demo!.bytes))?.mime, 'image/png');
  assert.ok(
    await simulator.getDocumentFile('x', '3b1f8e2a-6c4d-4e7f-9a0b-1c2d3e4f5a6b'),
    'ids given at construction, any case',
  );
  assert.is(await simulator.getDocumentFile('x', '6f1c3d2e-8a4b-4c5d-9e6f-7a8b9c0d1e2f'), null);
  assert.is(await simulator.getDocumentFile('x', '88888888-0000-4000-8000-00000000000x'), null);
});

test('simulated images are well-formed 320×200 PNGs, the same for one id and different across ids', async () => {
  const simulator = createKycSimulator();
  const one = Buffer.from((await simulator.getDocumentFile('a', '88888888-0000-4000-8000-000000000001'))!.bytes);
  const again = Buffer.from((await simulator.getDocumentFile('b', '88888888-0000-4000-8000-000000000001'))!.bytes);
  const two = Buffer.from((await simulator.getDocumentFile('a', '88888888-0000-4000-8000-000000000002'))!.bytes);
  assert.ok(one.equals(again));
  assert.not.ok(one.equals(two));
  let offset = 8;
  const chunks: { type: string; data: Buffer }[] = [];
  while (offset < one.length) {
    const length = one.readUInt32BE(offset);
    const typeAndData = one.subarray(offset + 4, offset + 8 + length);
    assert.is(one.readUInt32BE(offset + 8 + length), crc32(typeAndData), 'chunk CRC');
    chunks.push({ type: typeAndData.subarray(0, 4).toString('latin1'), data: typeAndData.subarray(4) });
    offset += 12 + length;
  }
  assert.equal(
    chunks.map((chunk) => chunk.type),
    ['IHDR', 'IDAT', 'IEND'],
  );
  assert.is(chunks[0]!.data.readUInt32BE(0), 320);
  assert.is(chunks[0]!.data.readUInt32BE(4), 200);
  assert.is(inflateSync(chunks[1]!.data).length, (320 * 3 + 1) * 200);
});

test.run();
