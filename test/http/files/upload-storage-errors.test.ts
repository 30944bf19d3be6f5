// A storage that cannot be written (docs/files.md#storage-errors): with UPLOAD_DIR pointing at a
// regular file, which stops mkdir and open as surely for root as for anyone (a chmod would not),
// the service still starts, an upload answers 503 "storage unavailable" with Retry-After and a
// download 503 too; each failure is one log line naming the file-system error, without a stack.
// (A full disk, 507, is tested on the upload service: test/domain/files/storage-errors.test.ts.)
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { assertMatchesContract } from '../../support/openapi-contract.ts';
import { type TestService, startTestService, testAdminApiKey } from '../../support/test-service.ts';
import { formWith, pngBytes } from './upload-test-support.ts';

let parentDir: string;
let uploadDir: string;
let service: TestService;
const logLines: Record<string, unknown>[] = [];

test.before(async () => {
  parentDir = mkdtempSync(path.join(tmpdir(), 'platform-test-storage-'));
  uploadDir = path.join(parentDir, 'uploads');
  writeFileSync(uploadDir, 'a file where the upload directory should be');
  service = await startTestService({ SEED: 'demo', UPLOAD_DIR: uploadDir }, { logLines });
});
test.after(async () => {
  await service?.stop();
  rmSync(parentDir, { recursive: true, force: true });
});

function failures(requestId: string): Record<string, unknown>[] {
  return logLines.filter((line) => line.requestId === requestId && line.msg === 'request failed');
}

test('the start warned that the upload directory cannot be used, and the service runs', async () => {
  const warning = logLines.find(
    (line) => line.msg === 'upload directory cannot be swept: uploads will fail until it is writable',
  );
  assert.is(warning?.code, 'ENOTDIR');
  assert.is((await service.request('GET', '/readyz')).status, 200);
});

test('an upload answers 503 storage unavailable with Retry-After; one log line, no stack', async () => {
  const response = await fetch(`${service.url}/documents/upload`, {
    method: 'POST',
    headers: { 'x-api-key': testAdminApiKey },
    body: formWith([{ bytes: pngBytes, name: 'scan.png', type: 'image/png' }]),
  });
  const text = await response.text();
  assertMatchesContract('POST', '/documents/upload', response.status, response.headers.get('content-type'), text);
  const body = JSON.parse(text);
  assert.is(response.status, 503);
  assert.is(response.headers.get('retry-after'), '60');
  assert.equal(body, {
    success: false,
    message: 'storage unavailable: uploaded files cannot be stored right now; nothing was stored',
    code: 'SERVICE_UNAVAILABLE',
    requestId: response.headers.get('x-request-id'),
  });
  const logged = failures(body.requestId);
  assert.is(logged.length, 1);
  assert.equal(logged[0]?.err, {
    code: 'ENOTDIR',
    syscall: 'mkdir',
    path: path.join(uploadDir, '.incoming', `${hostname().replace(/[^A-Za-z0-9_-]/g, '_')}.${process.pid}`),
  });
});

test('a download of a stored name answers 503 too, not 404', async () => {
  const { rows } = await sql<{
    stored_name: string;
  }>`SELECT stored_name FROM file_upload ORDER BY stored_name LIMIT 1`.execute(service.db);
  const name = rows[0]?.stored_name ?? '';
  const response = await service.request('GET', `/static/file-uploads/${name}`, {
    headers: { 'x-api-key': testAdminApiKey },
  });
  assert.is(response.status, 503);
  assert.is(response.json().message, 'storage unavailable: the file cannot be read right now');
  assert.is(failures(response.json().requestId).length, 1);
});

test.run();
