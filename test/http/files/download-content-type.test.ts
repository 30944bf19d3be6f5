// GET /static/file-uploads/{name} answers with the file's original Content-Type
// (openapi.yaml#/paths/~1static~1file-uploads~1{name}, docs/files.md "Content type"): the
// type declared for the part at upload when the bytes agree with it, the sniffed type
// otherwise, and for rows stored before declared types were kept. Active types keep their
// type but are never served inline.
import { sql } from 'kysely';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  type DownloadResponse,
  type FileTestService,
  pdfBytes,
  pngBytes,
  rawMultipart,
  startFileTestService,
} from './upload-test-support.ts';

let files: FileTestService;

test.before(async () => {
  files = await startFileTestService();
});
test.after(async () => {
  await files?.stop();
});

interface Stored {
  name: string;
  contentType: string;
  bytes: Buffer;
}

/** Uploads one file with the admin key, declaring `type` for its part. */
async function upload(bytes: Buffer | string, fileName: string, type: string): Promise<Stored> {
  const boundary = 'content-type-test-boundary';
  const body = rawMultipart(boundary, [
    { disposition: `form-data; name="file"; filename="${fileName}"`, type, body: bytes },
  ]);
  const response = await files.upload(body, files.adminKey, {
    'content-type': `multipart/form-data; boundary=${boundary}`,
  });
  assert.is(response.status, 200, JSON.stringify(response.body));
  const [file] = response.body.files;
  return { name: file.name, contentType: file.contentType, bytes: Buffer.from(bytes) };
}

async function declaredOf(name: string): Promise<string | null> {
  const { rows } = await sql<{
    declared: string | null;
  }>`SELECT declared_content_type AS declared FROM file_upload WHERE stored_name = ${name}`.execute(files.service.db);
  return rows[0]!.declared;
}

/** A 200 with the bytes, the type and disposition given, and the protections every upload gets. */
function assertServed(
  response: DownloadResponse,
  stored: Stored,
  contentType: string,
  disposition: 'inline' | 'attachment',
): void {
  assert.is(response.status, 200, response.bytes.toString());
  assert.equal(response.bytes, stored.bytes);
  assert.is(response.headers.get('content-type'), contentType);
  assert.match(response.headers.get('content-disposition') ?? '', new RegExp(`^${disposition}; filename=`));
  assert.is(response.headers.get('x-content-type-options'), 'nosniff');
  assert.is(response.headers.get('content-security-policy'), "default-src 'none'; sandbox");
  assert.is(response.headers.get('cache-control'), 'private, no-store');
}

async function check(
  bytes: Buffer | string,
  fileName: string,
  declared: string,
  served: string,
  disposition: 'inline' | 'attachment',
) {
  const stored = await upload(bytes, fileName, declared);
  assert.is(stored.contentType, served, `${fileName}: the upload's answer names the served type`);
  assertServed(await files.download(stored.name, files.adminKey), stored, served, disposition);
  return stored;
}

const csv = 'name,amount\nÄrzte GmbH,12.50\nJane Doe,7.00\n';

test('a CSV declared text/csv stays text/csv (UTF-8 checked), inline; the declared essence is stored', async () => {
  const stored = await check(csv, 'payments.csv', 'text/csv', 'text/csv; charset=utf-8', 'inline');
  assert.is(await declaredOf(stored.name), 'text/csv');
  assert.match(stored.name, /\.txt$/, 'the stored name keeps the sniffed extension');
});

test('parameters of the declared type are not kept: the bytes decide the charset', async () => {
  const stored = await check(csv, 'latin.csv', 'Text/CSV; charset=ISO-8859-1', 'text/csv; charset=utf-8', 'inline');
  assert.is(await declaredOf(stored.name), 'text/csv');
});

test('a PNG declared image/png stays image/png; a JPEG declared image/jpeg stays image/jpeg', async () => {
  await check(pngBytes, 'logo.png', 'image/png', 'image/png', 'inline');
  await check(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]), 'scan.jpg', 'image/jpeg', 'image/jpeg', 'inline');
});

test('bytes that disagree with the declaration: the sniffed type', async () => {
  const pdf = await check(pdfBytes, 'not-an-image.png', 'image/png', 'application/pdf', 'inline');
  assert.is(await declaredOf(pdf.name), 'image/png', 'what was declared is kept all the same');
  await check('just words\n', 'words.png', 'image/png', 'text/plain; charset=utf-8', 'inline');
  await check(
    Buffer.from([0x00, 0xff, 0xfe, 0x01, 0x80]),
    'binary.csv',
    'text/csv',
    'application/octet-stream',
    'inline',
  );
  await check(pngBytes, 'image.csv', 'text/csv', 'image/png', 'inline');
  await check(
    Buffer.from([0x13, 0x37, 0x00, 0x42]),
    'custom.bin',
    'application/x-custom',
    'application/octet-stream',
    'inline',
  );
});

test('a part with a filename but no Content-Type is a text field to the parser: 400, nothing stored', async () => {
  const boundary = 'no-type-boundary';
  const body = rawMultipart(boundary, [{ disposition: 'form-data; name="file"; filename="no-type.csv"', body: csv }]);
  const before = files.storedFiles().length;
  const response = await files.upload(body, files.adminKey, {
    'content-type': `multipart/form-data; boundary=${boundary}`,
  });
  assert.is(response.status, 400, JSON.stringify(response.body));
  assert.is(response.body.message, "'file' must be a file part (with a filename and a Content-Type), not a text field");
  assert.is(files.storedFiles().length, before);
});

test('application/octet-stream declares nothing; a malformed declaration is stored as none: the sniffed type', async () => {
  const octet = await check(csv, 'octet.csv', 'application/octet-stream', 'text/plain; charset=utf-8', 'inline');
  assert.is(await declaredOf(octet.name), 'application/octet-stream');
  const malformed = await check(pngBytes, 'odd.png', 'not a media type', 'image/png', 'inline');
  assert.is(await declaredOf(malformed.name), null);
});

test('active types keep their type but are always an attachment, even without download=true', async () => {
  const html = '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>';
  await check(html, 'page.html', 'text/html', 'text/html; charset=utf-8', 'attachment');
  await check(
    '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    'drawing.svg',
    'image/svg+xml',
    'image/svg+xml',
    'attachment',
  );
  await check('alert(1);\n', 'app.js', 'text/javascript', 'text/javascript; charset=utf-8', 'attachment');
  await check('<?xml version="1.0"?><note>hi</note>', 'note.xml', 'application/xml', 'application/xml', 'attachment');
  const xhtml = await check(
    '<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"/>',
    'page.xhtml',
    'application/xhtml+xml',
    'application/xhtml+xml',
    'attachment',
  );
  assert.is(
    (await files.download(xhtml.name, files.adminKey, '?download=false')).headers
      .get('content-disposition')
      ?.startsWith('attachment;'),
    true,
  );
});

test('the same HTML bytes declared as something else are plain text shown inline', async () => {
  const html = '<html><script>alert(1)</script></html>';
  await check(html, 'page.html', 'application/octet-stream', 'text/plain; charset=utf-8', 'inline');
  await check(html, 'page.png', 'image/png', 'text/plain; charset=utf-8', 'inline');
  await check('<?xml version="1.0"?><note>hi</note>', 'note.txt', 'text/plain', 'text/plain', 'inline');
});

test('a row stored before declared types were kept falls back to its sniffed type', async () => {
  const stored = await upload(csv, 'legacy.csv', 'text/csv');
  await sql`UPDATE file_upload SET declared_content_type = NULL WHERE stored_name = ${stored.name}`.execute(
    files.service.db,
  );
  assertServed(await files.download(stored.name, files.adminKey), stored, 'text/plain; charset=utf-8', 'inline');
});

test('the database keeps only well-formed declared types', async () => {
  const stored = await upload(csv, 'constraint.csv', 'text/csv');
  for (const bad of ['Text/CSV', 'text/csv; charset=utf-8', 'nonsense', '']) {
    try {
      await sql`UPDATE file_upload SET declared_content_type = ${bad} WHERE stored_name = ${stored.name}`.execute(
        files.service.db,
      );
      assert.unreachable(`${JSON.stringify(bad)} was accepted`);
    } catch (error) {
      assert.match((error as Error).message, /check constraint/, JSON.stringify(bad));
    }
  }
});

test.run();
