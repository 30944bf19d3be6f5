// The limits of one upload (openapi.yaml uploadDocuments): more than 50 files or more than
// 80 MB is 413 and stores nothing (no row, no stored file, no temporary part left), whether
// the declared length gives it away or the parser has to count; exactly 80 MB is accepted.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type FileTestService, formWith, pngBytes, startFileTestService } from './upload-test-support.ts';

const maxBytes = 83_886_080;
let files: FileTestService;

test.before(async () => {
  files = await startFileTestService();
});
test.after(async () => {
  await files?.stop();
});

async function assertNothingStored(): Promise<void> {
  assert.equal(await files.uploadedRows(), []);
  assert.equal(files.storedFiles(), []);
  assert.equal(files.incomingFiles(), []);
}

test('51 files: 413 naming the limit, nothing stored', async () => {
  const sent = Array.from({ length: 51 }, (_, index) => ({ bytes: pngBytes, name: `scan-${index}.png` }));
  const response = await files.upload(formWith(sent), files.adminKey);
  assert.is(response.status, 413);
  assert.is(response.body.code, 'PAYLOAD_TOO_LARGE');
  assert.match(response.body.message, /^Too many files: at most 50 per request/);
  await assertNothingStored();
});

test('81 MB in one file: 413 before the body is read, nothing stored', async () => {
  const response = await files.upload(
    formWith([{ bytes: new Uint8Array(81 * 1024 * 1024), name: 'huge.bin' }]),
    files.adminKey,
  );
  assert.is(response.status, 413);
  assert.is(response.body.code, 'PAYLOAD_TOO_LARGE');
  assert.match(response.body.message, /at most 83886080 bytes \(80 MB\)/);
  await assertNothingStored();
});

test('two files of 40 MB + 1 byte each: the parser stops at the limit, nothing stored', async () => {
  const half = maxBytes / 2 + 1;
  const response = await files.upload(
    formWith([
      { bytes: new Uint8Array(half), name: 'a.bin' },
      { bytes: new Uint8Array(half), name: 'b.bin' },
    ]),
    files.adminKey,
  );
  assert.is(response.status, 413, JSON.stringify(response.body));
  assert.match(response.body.message, /at most 83886080 bytes/);
  await assertNothingStored();
});

test('a chunked body (no Content-Length) past 80 MB: 413, nothing stored', async () => {
  const boundary = 'upload-limit-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="stream.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const chunk = new Uint8Array(1024 * 1024);
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent === 0) controller.enqueue(head);
      if (sent < 81) controller.enqueue(chunk);
      else {
        controller.enqueue(tail);
        controller.close();
      }
      sent += 1;
    },
  });
  const response = await files.upload(body, files.adminKey, {
    'content-type': `multipart/form-data; boundary=${boundary}`,
  });
  assert.is(response.status, 413, JSON.stringify(response.body));
  assert.match(response.body.message, /at most 83886080 bytes/);
  await assertNothingStored();
});

test('exactly 80 MB is accepted', async () => {
  const response = await files.upload(
    formWith([{ bytes: new Uint8Array(maxBytes), name: 'limit.bin' }]),
    files.adminKey,
  );
  assert.is(response.status, 200, JSON.stringify(response.body));
  assert.is(response.body.files[0].size, maxBytes);
  assert.is(files.storedFiles().length, 1);
  assert.equal(files.incomingFiles(), []);
});

test.run();
