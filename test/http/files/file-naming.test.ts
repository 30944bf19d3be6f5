// The pure pieces behind uploads: how a client's file name is sanitized, how it is written
// into Content-Disposition, which names are stored names, and how types are sniffed. Which names
// the directory storage accepts: test/providers/files/directory-file-storage.test.ts.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { contentDisposition } from '../../../src/http/content-disposition.ts';
import { sanitizeOriginalName } from '../../../src/domain/files/original-file-name.ts';
import { sniffContentType } from '../../../src/providers/files/sniff-content-type.ts';
import { storedFileName } from '../../../src/domain/files/stored-file-name.ts';
import { pdfBytes, pngBytes } from './upload-test-support.ts';

test('sanitizeOriginalName keeps the last path segment without control or bidi characters', () => {
  assert.is(sanitizeOriginalName('../../etc/passwd'), 'passwd');
  assert.is(sanitizeOriginalName('a\\b/c\\d.txt'), 'd.txt');
  assert.is(sanitizeOriginalName('  tab\there .pdf  '), 'tabhere .pdf');
  assert.is(sanitizeOriginalName('x\u202Egnp.exe'), 'xgnp.exe');
  assert.is(sanitizeOriginalName('Cafe\u0301.txt'), 'Café.txt');
  assert.is(sanitizeOriginalName(null), 'file');
  assert.is(sanitizeOriginalName('dir/'), 'file');
  assert.is(sanitizeOriginalName('...'), 'file');
  assert.is(sanitizeOriginalName(`${'x'.repeat(400)}.verylongextension1`).length, 255);
});

test('contentDisposition has an ASCII filename and an RFC 8187 filename*', () => {
  assert.is(contentDisposition('inline', 'report.pdf'), `inline; filename="report.pdf"; filename*=UTF-8''report.pdf`);
  assert.is(
    contentDisposition('attachment', 'Résumé (final)\'s "copy".pdf'),
    `attachment; filename="Resume (final)'s _copy_.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%28final%29%27s%20%22copy%22.pdf`,
  );
  assert.is(
    contentDisposition('inline', '報告.pdf'),
    `inline; filename="__.pdf"; filename*=UTF-8''%E5%A0%B1%E5%91%8A.pdf`,
  );
  assert.is(contentDisposition('inline', '\\%'), `inline; filename="__"; filename*=UTF-8''%5C%25`);
});

test('storedFileName refuses ids that are not lowercase UUIDs, and drops odd extensions', () => {
  const id = '0b5e1c52-9a8f-4f55-8d1e-1d2f0e3c4b5a';
  assert.is(storedFileName(id, 'pdf'), `${id}.pdf`);
  assert.is(storedFileName(id, 'tar.gz'), id);
  assert.is(storedFileName(id, null), id);
  assert.throws(() => storedFileName('../etc/passwd', 'pdf'), /not a stored file name/);
  assert.throws(() => storedFileName(id.toUpperCase(), 'pdf'), /not a stored file name/);
});

test('sniffContentType reads the bytes: magic numbers, UTF-8 text, else octet-stream', async () => {
  const directory = mkdtempSync(path.join(tmpdir(), 'platform-test-sniff-'));
  try {
    const sniff = async (bytes: Uint8Array | string) => {
      const file = path.join(directory, 'f');
      writeFileSync(file, bytes);
      return sniffContentType(file, Buffer.byteLength(bytes));
    };
    assert.equal(await sniff(pngBytes), { contentType: 'image/png', extension: 'png' });
    assert.equal(await sniff(pdfBytes), { contentType: 'application/pdf', extension: 'pdf' });
    assert.equal(await sniff('<html><script>alert(1)</script></html>'), {
      contentType: 'text/plain; charset=utf-8',
      extension: 'txt',
    });
    assert.equal(await sniff('ünïcødé ✓'), { contentType: 'text/plain; charset=utf-8', extension: 'txt' });
    assert.equal(await sniff(Uint8Array.from([0x61, 0x00, 0x62])), {
      contentType: 'application/octet-stream',
      extension: 'bin',
    });
    assert.equal(await sniff(Uint8Array.from([0xc3, 0x28])), {
      contentType: 'application/octet-stream',
      extension: 'bin',
    });
    assert.equal(await sniff(''), { contentType: 'application/octet-stream', extension: 'bin' });
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
});

test.run();
