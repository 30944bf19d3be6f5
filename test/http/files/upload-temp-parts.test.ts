// Temporary parts of uploads (docs/files.md#temporary-files): the start removes the parts that
// earlier processes left behind, and an upload whose client goes away mid-body removes its part.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type TestService, startTestService, testAdminApiKey } from '../../support/test-service.ts';

// Linux pids never exceed 2^22, so no process has this one.
const deadPid = 2 ** 22 + 1;
const ownHost = hostname().replace(/[^A-Za-z0-9_-]/g, '_');
let parentDir: string;
let uploadDir: string;
let service: TestService;

function partsLeft(): string[] {
  const root = path.join(uploadDir, '.incoming');
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.part'))
    .sort();
}

async function waitUntil(what: string, done: () => boolean): Promise<void> {
  for (let tries = 0; tries < 1_000 && !done(); tries += 1) await new Promise((resolve) => setTimeout(resolve, 20));
  assert.ok(done(), what);
}

test.before(async () => {
  parentDir = mkdtempSync(path.join(tmpdir(), 'platform-test-parts-'));
  uploadDir = path.join(parentDir, 'uploads');
  const incoming = path.join(uploadDir, '.incoming');
  mkdirSync(path.join(incoming, `${ownHost}.${deadPid}`), { recursive: true });
  writeFileSync(path.join(incoming, 'cut-by-an-older-version.part'), 'half a file');
  writeFileSync(path.join(incoming, `${ownHost}.${deadPid}`, 'cut-by-a-crash.part'), 'half a file');
  service = await startTestService({ UPLOAD_DIR: uploadDir });
});
test.after(async () => {
  await service?.stop();
  rmSync(parentDir, { recursive: true, force: true });
});

test('the start removed the parts that earlier processes left behind', () => {
  assert.equal(partsLeft(), []);
  assert.equal(readdirSync(path.join(uploadDir, '.incoming')), []);
});

test('a client that goes away mid-body leaves no part behind', async () => {
  const boundary = 'aborted-upload-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cut.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  const request = http.request(`${service.url}/documents/upload`, {
    method: 'POST',
    headers: {
      'x-api-key': testAdminApiKey,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(head.length + 2 * 1024 * 1024),
    },
  });
  request.on('error', () => {}); // the socket is destroyed below
  request.write(head);
  request.write(Buffer.alloc(1024 * 1024));
  await waitUntil('the part file was opened', () => partsLeft().length === 1);
  request.destroy();
  await waitUntil('the part file was removed', () => partsLeft().length === 0);
  assert.equal(readdirSync(uploadDir), ['.incoming']);
});

test.run();
