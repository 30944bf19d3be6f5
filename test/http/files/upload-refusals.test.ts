// Requests POST /documents/upload refuses (openapi.yaml uploadDocuments): the wrong callers
// (401/403), the wrong content type (415), and forms of the wrong shape (400). Each leaves
// nothing stored: no row, no stored file, no temporary part.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  type Credentials,
  type FileTestService,
  formWith,
  pdfBytes,
  pngBytes,
  startFileTestService,
} from './upload-test-support.ts';

let files: FileTestService;

test.before(async () => {
  files = await startFileTestService();
});
test.after(async () => {
  await files?.stop();
});

async function assertRefused(response: { status: number; body: any }, status: number, message: RegExp): Promise<void> {
  assert.is(response.status, status, JSON.stringify(response.body));
  assert.is(response.body.success, false);
  assert.match(response.body.message, message);
  assert.equal(await files.uploadedRows(), []);
  assert.equal(files.storedFiles(), []);
  assert.equal(files.incomingFiles(), []);
}

const onePng = () => formWith([{ bytes: pngBytes, name: 'scan.png' }]);

test('no credentials: 401', async () => {
  await assertRefused(await files.upload(onePng(), {}), 401, /^authentication required/);
});

test('a user without the admin role: 403', async () => {
  await assertRefused(
    await files.upload(onePng(), await files.session('demo-alice')),
    403,
    /only administrators may upload files.*demo-alice/,
  );
});

test('service and partner API keys: 403', async () => {
  for (const kind of ['service', 'partner'] as const) {
    await assertRefused(
      await files.upload(onePng(), await files.apiKey(kind)),
      403,
      new RegExp(`only administrators.*a ${kind} API key`),
    );
  }
});

test('a body that is not multipart/form-data: 415', async () => {
  const admin: Credentials = files.adminKey;
  await assertRefused(
    await files.upload(JSON.stringify({ file: 'x' }), admin, { 'content-type': 'application/json' }),
    415,
    /^Unsupported content type application\/json: expected multipart\/form-data$/,
  );
  await assertRefused(
    await files.upload('plain words', admin, { 'content-type': 'text/plain' }),
    415,
    /Unsupported content type text\/plain/,
  );
  await assertRefused(
    await files.upload(new URLSearchParams({ file: 'x' }), admin),
    415,
    /application\/x-www-form-urlencoded/,
  );
});

test('an empty request: 400', async () => {
  await assertRefused(
    await files.upload(null, files.adminKey),
    400,
    /the request has no body: send multipart\/form-data with 1 to 50 files as parts named 'file'/,
  );
  await assertRefused(
    await files.upload(null, files.adminKey, { 'content-type': 'multipart/form-data; boundary=x' }),
    400,
    /the request has no body/,
  );
});

test('a form without any part, or only text fields: 400', async () => {
  await assertRefused(
    await files.upload(new FormData(), files.adminKey),
    400,
    /^no file: send 1 to 50 files as parts named 'file'/,
  );
  const onlyFields = new FormData();
  onlyFields.append('caseId', '1');
  await assertRefused(
    await files.upload(onlyFields, files.adminKey),
    400,
    /^no file: send 1 to 50 files as parts named 'file'/,
  );
});

test('files under another field name: 400, nothing stored', async () => {
  for (const name of ['files', 'document', 'file[]']) {
    const form = new FormData();
    form.append(name, new Blob([pdfBytes], { type: 'application/pdf' }), 'contract.pdf');
    await assertRefused(
      await files.upload(form, files.adminKey),
      400,
      new RegExp(`unexpected file part '${name.replace(/[[\]]/g, '\\$&')}': send each file as a part named 'file'`),
    );
  }
  // Even beside correctly named files.
  const mixed = onePng();
  mixed.append('files', new Blob([pdfBytes]), 'contract.pdf');
  await assertRefused(await files.upload(mixed, files.adminKey), 400, /unexpected file part 'files'/);
});

test('`file` sent as a text field: 400', async () => {
  const form = new FormData();
  form.append('file', 'not a file');
  await assertRefused(await files.upload(form, files.adminKey), 400, /'file' must be a file part/);
});

test('unknown and repeated text fields: 400', async () => {
  await assertRefused(
    await files.upload(formWith([{ bytes: pngBytes, name: 'a.png' }], { userId: 'demo-alice' }), files.adminKey),
    400,
    /unexpected field 'userId': this form accepts file, caseId, fundId, organizationId/,
  );
  const repeated = onePng();
  repeated.append('caseId', '1');
  repeated.append('caseId', '2');
  await assertRefused(await files.upload(repeated, files.adminKey), 400, /field 'caseId' may be sent at most once/);
});

test('malformed caseId, fundId or organizationId: 400 naming the field', async () => {
  const cases: [Record<string, string>, RegExp][] = [
    [{ caseId: 'abc' }, /body\.caseId must be a positive integer id, got 'abc'/],
    [{ caseId: '0' }, /body\.caseId must be a positive integer id/],
    [{ fundId: '-3' }, /body\.fundId must be a positive integer id/],
    [{ fundId: '1.5' }, /body\.fundId must be a positive integer id/],
    [{ organizationId: 'not-a-uuid' }, /body\.organizationId must be a UUID/],
  ];
  for (const [fields, message] of cases) {
    const response = await files.upload(formWith([{ bytes: pngBytes, name: 'a.png' }], fields), files.adminKey);
    assert.is(response.body.code, 'VALIDATION_FAILED');
    await assertRefused(response, 400, message);
  }
});

test('caseId, fundId or organizationId naming nothing: 400, nothing stored', async () => {
  const cases: [Record<string, string>, RegExp][] = [
    [{ caseId: '999' }, /caseId 999 names no case/],
    [{ caseId: '9007199254740991' }, /caseId 9007199254740991 names no case/],
    [{ fundId: '424242' }, /fundId 424242 names no fund/],
    [
      { organizationId: '11111111-0000-4000-8000-0000000000ff' },
      /organizationId 11111111-0000-4000-8000-0000000000ff names no organization/,
    ],
    [{ caseId: '1', fundId: '424242' }, /^nothing stored: fundId 424242 names no fund$/],
  ];
  for (const [fields, message] of cases) {
    await assertRefused(
      await files.upload(
        formWith(
          [
            { bytes: pngBytes, name: 'a.png' },
            { bytes: pdfBytes, name: 'b.pdf' },
          ],
          fields,
        ),
        files.adminKey,
      ),
      400,
      message,
    );
  }
});

test('a malformed multipart body: 400', async () => {
  const body =
    '--b\r\nContent-Disposition: form-data; name="file"; filename="x.bin"\r\nContent-Type: application/octet-stream\r\n\r\nunterminated';
  await assertRefused(
    await files.upload(body, files.adminKey, { 'content-type': 'multipart/form-data; boundary=b' }),
    400,
    /malformed multipart\/form-data body/,
  );
  await assertRefused(
    await files.upload('abc', files.adminKey, { 'content-type': 'multipart/form-data' }),
    400,
    /no multipart boundary/,
  );
});

test.run();
