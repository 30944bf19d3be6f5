// A client's file name is display text, never a path (openapi.yaml UploadedFile.originalName):
// whatever it holds, the file is stored under a UUID inside the upload directory, and the
// name is kept sanitized (directories cut off, control and bidi characters removed, at most
// 255 characters) rather than refused.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type FileTestService, pdfBytes, rawMultipart, startFileTestService } from './upload-test-support.ts';

let files: FileTestService;

test.before(async () => {
  files = await startFileTestService();
});
test.after(async () => {
  await files?.stop();
});

const boundary = 'odd-names-boundary';

async function uploadNamed(filename: string): Promise<{ name: string; originalName: string }> {
  const body = rawMultipart(boundary, [
    { disposition: `form-data; name="file"; filename="${filename}"`, type: 'application/pdf', body: pdfBytes },
  ]);
  const response = await files.upload(body, files.adminKey, {
    'content-type': `multipart/form-data; boundary=${boundary}`,
  });
  assert.is(response.status, 200, JSON.stringify(response.body));
  return response.body.files[0];
}

const uuidPdf = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.pdf$/;

test('path traversal in the name: stored under a UUID inside the directory, name cut to its last segment', async () => {
  const parentBefore = readdirSync(path.dirname(files.uploadDir)).sort();
  for (const [sent, kept] of [
    ['../../etc/passwd', 'passwd'],
    ['../escaped.pdf', 'escaped.pdf'],
    ['..\\..\\windows\\system32\\evil.pdf', 'evil.pdf'],
    ['/absolute/path/report.pdf', 'report.pdf'],
    ['C:\\Users\\ann\\statement.pdf', 'statement.pdf'],
    ['..', 'file'],
    ['./.', 'file'],
  ] as const) {
    const stored = await uploadNamed(sent);
    assert.match(stored.name, uuidPdf);
    assert.is(stored.originalName, kept, sent);
  }
  assert.not.ok(existsSync(path.join(files.uploadDir, '..', 'escaped.pdf')));
  assert.not.ok(existsSync(path.join(files.uploadDir, 'escaped.pdf')));
  assert.equal(readdirSync(path.dirname(files.uploadDir)).sort(), parentBefore);
  for (const name of files.storedFiles()) assert.match(name, uuidPdf);
  assert.equal(files.incomingFiles(), []);
});

test('control and bidirectional-override characters are removed', async () => {
  const stored = await uploadNamed('in\u0007vo\u001b[31mice\u202Efdp.exe\u0085');
  assert.is(stored.originalName, 'invo[31micefdp.exe');
});

test('an overlong name is cut to 255 characters, keeping its extension', async () => {
  const stored = await uploadNamed(`${'a'.repeat(300)}.pdf`);
  assert.is(stored.originalName, `${'a'.repeat(251)}.pdf`);
  const unicode = await uploadNamed(`${'é'.repeat(300)}`);
  assert.is([...unicode.originalName].length, 255);
});

test('names outside ASCII are kept as sent (NFC)', async () => {
  const stored = await uploadNamed('Überweisung – März 2025 (signed).pdf');
  assert.is(stored.originalName, 'Überweisung – März 2025 (signed).pdf');
});

test('a part without a filename is named "file"', async () => {
  const stored = await uploadNamed('');
  assert.is(stored.originalName, 'file');
});

test.run();
