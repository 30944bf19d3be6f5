// GET /static/file-uploads/{name} (openapi.yaml getUploadedFile) on the demo data: who may
// read which stored file (owner, case subject, invitation holder, fund investor,
// administrator), and the answers for everybody else: 403, 404, 400. The demo rows carry no
// bytes (docs/demo-data.md), so the test stores some under the demo names.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  type Credentials,
  type DownloadResponse,
  type FileTestService,
  pdfBytes,
  pngBytes,
  startFileTestService,
} from './upload-test-support.ts';

let files: FileTestService;

const demoFile = (n: number, extension: string) =>
  `66666666-0000-4000-8000-${String(n).padStart(12, '0')}.${extension}`;
// docs/demo-data.md: 1 owned by Grace on the Meridian onboarding case (Heidi invited); 3 owned
// by Heidi on that case (Grace its subject); 7 a prospectus of Digital Asset Fund I (Erin and
// Heidi invested), owned by Olivia; 2 has metadata but no bytes.
const certificate = demoFile(1, 'pdf');
const shareholders = demoFile(2, 'pdf');
const passport = demoFile(3, 'jpg');
const prospectus = demoFile(7, 'pdf');
const bytesOf: Record<string, Buffer> = {
  [certificate]: Buffer.concat([pdfBytes, Buffer.from('certificate')]),
  [passport]: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]),
  [prospectus]: Buffer.concat([pdfBytes, Buffer.from('prospectus')]),
};

test.before(async () => {
  files = await startFileTestService();
  for (const [name, bytes] of Object.entries(bytesOf)) writeFileSync(path.join(files.uploadDir, name), bytes);
});
test.after(async () => {
  await files?.stop();
});

function assertServed(response: DownloadResponse, name: string, contentType: string): void {
  assert.is(response.status, 200, response.bytes.toString());
  assert.equal(response.bytes, bytesOf[name]);
  assert.is(response.headers.get('content-type'), contentType);
  assert.is(response.headers.get('content-length'), String(bytesOf[name]!.length));
  assert.is(response.headers.get('x-content-type-options'), 'nosniff');
  assert.is(response.headers.get('content-security-policy'), "default-src 'none'; sandbox");
  assert.is(response.headers.get('cache-control'), 'private, no-store');
}

function assertRefused(response: DownloadResponse, status: number, message: RegExp): void {
  assert.is(response.status, status, response.bytes.toString());
  assert.is(response.body?.success, false);
  assert.match(response.body.message, message);
}

test('the owner reads their file', async () => {
  const response = await files.download(certificate, await files.session('demo-grace'));
  assertServed(response, certificate, 'application/pdf');
  assert.is(
    response.headers.get('content-disposition'),
    `inline; filename="certificate-of-incorporation.pdf"; filename*=UTF-8''certificate-of-incorporation.pdf`,
  );
});

test("the subject of the file's case reads it", async () => {
  assertServed(await files.download(passport, await files.session('demo-grace')), passport, 'image/jpeg');
});

test("the holder of an invitation to the file's case reads it", async () => {
  assertServed(await files.download(certificate, await files.session('demo-heidi')), certificate, 'application/pdf');
});

test("an investor in the file's fund reads it", async () => {
  assertServed(await files.download(prospectus, await files.session('demo-erin')), prospectus, 'application/pdf');
  assertServed(await files.download(prospectus, await files.session('demo-heidi')), prospectus, 'application/pdf');
});

test('administrators read every file: the admin API key and an admin user', async () => {
  for (const credentials of [files.adminKey, await files.session('demo-admin')]) {
    for (const [name, type] of [
      [certificate, 'application/pdf'],
      [passport, 'image/jpeg'],
      [prospectus, 'application/pdf'],
    ] as const) {
      assertServed(await files.download(name, credentials), name, type);
    }
  }
});

test('anyone else is refused with 403', async () => {
  const cases: [string, string][] = [
    ['demo-judy', certificate],
    ['demo-alice', certificate],
    ['demo-alice', prospectus],
    ['demo-grace', prospectus],
    ['demo-erin', passport],
  ];
  for (const [user, name] of cases) {
    assertRefused(
      await files.download(name, await files.session(user)),
      403,
      new RegExp(`you may not read uploaded file ${name.replace('.', '\\.')}`),
    );
  }
});

test('service and partner API keys are refused with 403, whatever the name', async () => {
  for (const kind of ['service', 'partner'] as const) {
    const key = await files.apiKey(kind);
    assertRefused(
      await files.download(certificate, key),
      403,
      /service and partner API keys may not download uploaded files/,
    );
    assertRefused(
      await files.download('0b5e1c52-9a8f-4f55-8d1e-1d2f0e3c4b5a.pdf', key),
      403,
      /service and partner API keys/,
    );
  }
});

test('no credentials: 401', async () => {
  assertRefused(await files.download(certificate, {}), 401, /^authentication required/);
});

test('a name no file has: 404; a file whose bytes are not stored: 404', async () => {
  const admin: Credentials = files.adminKey;
  assertRefused(
    await files.download('0b5e1c52-9a8f-4f55-8d1e-1d2f0e3c4b5a.pdf', admin),
    404,
    /^no uploaded file named 0b5e1c52-9a8f-4f55-8d1e-1d2f0e3c4b5a\.pdf$/,
  );
  assertRefused(await files.download(demoFile(1, 'png'), admin), 404, /no uploaded file named/);
  assertRefused(await files.download(shareholders, await files.session('demo-grace')), 404, /has no stored content/);
});

test('a name that is not a stored-file name: 400', async () => {
  for (const name of [
    'passwd',
    '..%2F..%2Fetc%2Fpasswd',
    '66666666-0000-4000-8000-000000000001.tar.gz',
    '66666666-0000-4000-8000-00000000000A.pdf',
    `66666666-0000-4000-8000-000000000001.${'x'.repeat(11)}`,
  ]) {
    const response = await files.download(name, files.adminKey);
    assertRefused(response, 400, /path\.name must/);
    assert.is(response.body.code, 'VALIDATION_FAILED');
  }
});

test('download=true answers an attachment; the bare id finds the file too', async () => {
  const response = await files.download(certificate, files.adminKey, '?download=true');
  assertServed(response, certificate, 'application/pdf');
  assert.match(
    response.headers.get('content-disposition') ?? '',
    /^attachment; filename="certificate-of-incorporation\.pdf"/,
  );
  assert.match(
    (await files.download(certificate, files.adminKey, '?download=false')).headers.get('content-disposition') ?? '',
    /^inline;/,
  );
  assertRefused(
    await files.download(certificate, files.adminKey, '?download=yes'),
    400,
    /query\.download must be boolean/,
  );
  assertServed(
    await files.download(certificate.slice(0, 36), await files.session('demo-grace')),
    certificate,
    'application/pdf',
  );
});

test('an upload is readable by the members of its case, with its name in Content-Disposition', async () => {
  const form = new FormData();
  form.append('caseId', '2');
  form.append('file', new Blob([pngBytes], { type: 'text/html' }), 'Überweisung "März" ✓.html');
  const uploaded = await files.upload(form, files.adminKey);
  assert.is(uploaded.status, 200, JSON.stringify(uploaded.body));
  const { name } = uploaded.body.files[0];
  bytesOf[name] = pngBytes;
  // Case 2 is Aurora's periodic review: Alice is its subject; Bob has nothing to do with it.
  const response = await files.download(name, await files.session('demo-alice'), '?download=true');
  assertServed(response, name, 'image/png');
  assert.is(
    response.headers.get('content-disposition'),
    `attachment; filename="Uberweisung _Marz_ _.html"; filename*=UTF-8''%C3%9Cberweisung%20%22M%C3%A4rz%22%20%E2%9C%93.html`,
  );
  assertRefused(await files.download(name, await files.session('demo-bob')), 403, /you may not read/);
});

test('a large file is streamed whole', async () => {
  const large = Buffer.alloc(6 * 1024 * 1024, 0);
  large.write('not text: NUL bytes follow', 0);
  const uploaded = await files.upload(
    (() => {
      const form = new FormData();
      form.append('file', new Blob([large]), 'large.bin');
      return form;
    })(),
    await files.session('demo-admin'),
  );
  assert.is(uploaded.status, 200);
  const { name } = uploaded.body.files[0];
  bytesOf[name] = large;
  assertServed(await files.download(name, await files.session('demo-admin')), name, 'application/octet-stream');
});

test.run();
