// The explorer's unchanging bodies (docs/api-explorer.md#caching): a strong ETag and version from
// the bytes, one gzip copy, and If-None-Match matched as RFC 9110 reads it for GET.
import { gunzipSync } from 'node:zlib';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { matchesIfNoneMatch, staticBody } from '../../src/api-explorer/static-body.ts';

test('ETag and version come from the bytes; equal bytes, equal tags', () => {
  const one = staticBody(Buffer.from('a'.repeat(2000)), 'text/plain');
  const same = staticBody(Buffer.from('a'.repeat(2000)), 'text/plain');
  const other = staticBody(Buffer.from('b'.repeat(2000)), 'text/plain');
  assert.is(one.etag, same.etag);
  assert.is.not(one.etag, other.etag);
  assert.match(one.etag, /^"[A-Za-z0-9_-]{22}"$/);
  assert.is(one.version, one.etag.slice(1, 13));
});

test('gzip is made once and has its own ETag; small bodies are not compressed', async () => {
  const bytes = Buffer.from('explorer '.repeat(500));
  const body = staticBody(bytes, 'text/plain');
  const zipped = await body.gzipped();
  assert.equal(gunzipSync(zipped?.bytes ?? Buffer.alloc(0)), bytes);
  assert.is(zipped?.etag, `${body.etag.slice(0, -1)}-gzip"`);
  assert.is(await body.gzipped(), zipped);
  assert.is(await staticBody(Buffer.from('small'), 'text/plain').gzipped(), null);
});

test('If-None-Match: a listed tag, a weak form of it, or *', () => {
  const etag = '"abc"';
  const cases: [string | undefined, boolean][] = [
    ['"abc"', true],
    ['W/"abc"', true],
    ['"x", "abc"', true],
    ['*', true],
    ['"abcd"', false],
    ['abc', false],
    [undefined, false],
    ['', false],
  ];
  assert.equal(
    cases.map(([header]) => [header, matchesIfNoneMatch(header, etag)]),
    cases,
  );
});

test.run();
