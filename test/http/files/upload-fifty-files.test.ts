// POST /documents/upload with the most files a request may carry (openapi.yaml UploadRequest):
// every file is listed in order, stored under a UUID name with its sniffed type (the declared
// type kept beside it), recorded in file_upload and the audit log, and no temporary file
// stays behind.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type FileTestService, formWith, pdfBytes, pngBytes, startFileTestService } from './upload-test-support.ts';

let files: FileTestService;

test.before(async () => {
  files = await startFileTestService();
});
test.after(async () => {
  await files?.stop();
});

const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex');

/** 50 files of four kinds; every declared type is wrong on purpose. */
function fiftyFiles() {
  return Array.from({ length: 50 }, (_, index) => {
    switch (index % 4) {
      case 0:
        return {
          bytes: pngBytes,
          name: `image-${index}.txt`,
          type: 'text/plain',
          expected: 'image/png',
          extension: 'png',
        };
      case 1:
        return {
          bytes: pdfBytes,
          name: `document-${index}.pdf`,
          type: 'image/png',
          expected: 'application/pdf',
          extension: 'pdf',
        };
      case 2:
        return {
          bytes: `line ${index}\nÜnïcødé text ✓\n`,
          name: `notes-${index}.md`,
          type: 'application/pdf',
          expected: 'text/plain; charset=utf-8',
          extension: 'txt',
        };
      default:
        return {
          bytes: Uint8Array.from([0, 1, 2, 3, 255, 254, index]),
          name: `blob-${index}`,
          type: 'text/plain',
          expected: 'application/octet-stream',
          extension: 'bin',
        };
    }
  });
}

test('50 files are stored, listed in order, with sniffed types, hashes and UUID names', async () => {
  const sent = fiftyFiles();
  const response = await files.upload(formWith(sent), files.adminKey);
  assert.is(response.status, 200, JSON.stringify(response.body));
  const listed = response.body.files as {
    id: string;
    name: string;
    originalName: string;
    contentType: string;
    size: number;
    sha256: string;
    url: string;
  }[];
  assert.is(listed.length, 50);
  for (const [index, file] of listed.entries()) {
    const expected = sent[index]!;
    const bytes = typeof expected.bytes === 'string' ? Buffer.from(expected.bytes) : Buffer.from(expected.bytes);
    assert.is(file.originalName, expected.name, `file ${index}`);
    assert.is(file.contentType, expected.expected, `file ${index}`);
    assert.is(file.name, `${file.id}.${expected.extension}`);
    assert.match(file.id, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    assert.is(file.size, bytes.length);
    assert.is(file.sha256, sha256(bytes));
    assert.is(file.url, `/static/file-uploads/${file.name}`);
    assert.equal(readFileSync(path.join(files.uploadDir, file.name)), bytes, `bytes of file ${index}`);
  }

  const rows = await files.uploadedRows();
  assert.is(rows.length, 50);
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const file of listed) {
    const row = byId.get(file.id);
    assert.ok(row, `row of ${file.id}`);
    const declared = sent[listed.indexOf(file)]!.type;
    // Every declared type is wrong, so the sniffed type is both stored and served; the
    // declared one is kept beside it.
    assert.equal(
      {
        stored_name: row!.stored_name,
        original_name: row!.original_name,
        content_type: row!.content_type,
        declared_content_type: row!.declared_content_type,
        size_bytes: row!.size_bytes,
        sha256: row!.sha256,
      },
      {
        stored_name: file.name,
        original_name: file.originalName,
        content_type: file.contentType,
        declared_content_type: declared,
        size_bytes: String(file.size),
        sha256: file.sha256,
      },
    );
    // An API key acts for no user: no owner; the audit log names the key.
    assert.is(row!.owner_user_id, null);
  }
  assert.equal(files.storedFiles(), listed.map((file) => file.name).sort());
  assert.equal(files.incomingFiles(), []);

  const { rows: audit } = await sql<{
    n: string;
    keys: string;
    users: string;
  }>`SELECT count(*)::text AS n, count(DISTINCT actor_api_key_id)::text AS keys,
    count(actor_user_id)::text AS users FROM audit_log WHERE action = 'file.upload'`.execute(files.service.db);
  assert.equal(audit[0], { n: '50', keys: '1', users: '0' });
});

test('an administrator user is recorded as the owner, and the targets on every row', async () => {
  const response = await files.upload(
    formWith(
      [
        { bytes: pdfBytes, name: 'agreement.pdf' },
        { bytes: pngBytes, name: 'scan.png' },
      ],
      { caseId: '1', fundId: '1', organizationId: '11111111-0000-4000-8000-000000000002' },
    ),
    await files.session('demo-admin'),
  );
  assert.is(response.status, 200, JSON.stringify(response.body));
  const ids = (response.body.files as { id: string }[]).map((file) => file.id);
  const rows = (await files.uploadedRows()).filter((row) => ids.includes(row.id));
  assert.is(rows.length, 2);
  for (const row of rows) {
    assert.equal(
      { owner: row.owner_user_id, case: row.case_id, fund: row.fund_id, organization: row.organization_id },
      { owner: 'demo-admin', case: 1, fund: 1, organization: '11111111-0000-4000-8000-000000000002' },
    );
  }
  assert.equal(files.incomingFiles(), []);
});

test('an empty file is stored as application/octet-stream', async () => {
  const response = await files.upload(formWith([{ bytes: '', name: 'empty.txt', type: 'text/plain' }]), files.adminKey);
  assert.is(response.status, 200, JSON.stringify(response.body));
  const [file] = response.body.files;
  assert.equal(
    { size: file.size, contentType: file.contentType, sha256: file.sha256 },
    { size: 0, contentType: 'application/octet-stream', sha256: sha256('') },
  );
  assert.ok(file.name.endsWith('.bin'));
});

test.run();
