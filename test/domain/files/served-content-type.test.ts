// The pure pieces behind the Content-Type of a download (docs/files.md "Content type"): how a
// declared part type is reduced to its essence, when it is believed over the sniffed type,
// and which types are never served inline.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { isActiveContentType } from '../../../src/domain/files/active-content-type.ts';
import { declaredContentType } from '../../../src/domain/files/declared-content-type.ts';
import { servedContentType } from '../../../src/domain/files/served-content-type.ts';

const utf8Text = 'text/plain; charset=utf-8';

test('declaredContentType keeps the lowercase essence, drops parameters, refuses what is not a media type', () => {
  assert.is(declaredContentType('text/csv'), 'text/csv');
  assert.is(declaredContentType('Text/CSV; charset=ISO-8859-1'), 'text/csv');
  assert.is(declaredContentType('  image/svg+xml ;x=y'), 'image/svg+xml');
  assert.is(
    declaredContentType('application/vnd.openxmlformats-officedocument.wordprocessingml.document'),
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  );
  for (const raw of [
    null,
    undefined,
    '',
    'text',
    'text/',
    '/csv',
    'text/csv/x',
    'not a type',
    'text/c sv',
    `text/${'x'.repeat(200)}`,
    '"text/csv"',
  ]) {
    assert.is(declaredContentType(raw), null, String(raw));
  }
});

test('a declaration naming the format the bytes were recognised as is served', () => {
  assert.is(servedContentType('image/png', 'image/png'), 'image/png');
  assert.is(servedContentType('application/pdf', 'application/pdf'), 'application/pdf');
  assert.is(servedContentType('text/plain', utf8Text), utf8Text);
});

test('a text declaration over UTF-8 text is served, text/* with charset=utf-8', () => {
  assert.is(servedContentType('text/csv', utf8Text), 'text/csv; charset=utf-8');
  assert.is(servedContentType('text/html', utf8Text), 'text/html; charset=utf-8');
  assert.is(servedContentType('text/markdown', utf8Text), 'text/markdown; charset=utf-8');
  assert.is(servedContentType('application/json', utf8Text), 'application/json');
  assert.is(servedContentType('image/svg+xml', utf8Text), 'image/svg+xml');
  assert.is(servedContentType('application/ld+json', utf8Text), 'application/ld+json');
});

test('a text declaration over bytes recognised as a text format is served without a charset', () => {
  assert.is(servedContentType('image/svg+xml', 'application/xml'), 'image/svg+xml');
  assert.is(servedContentType('text/plain', 'application/xml'), 'text/plain');
  assert.is(servedContentType('text/plain', 'text/calendar'), 'text/plain');
});

test('otherwise the sniffed type is served', () => {
  assert.is(servedContentType('image/png', 'application/pdf'), 'application/pdf');
  assert.is(servedContentType('image/png', utf8Text), utf8Text);
  assert.is(servedContentType('text/csv', 'application/octet-stream'), 'application/octet-stream');
  assert.is(servedContentType('text/csv', 'image/png'), 'image/png');
  assert.is(servedContentType('application/x-custom', 'application/octet-stream'), 'application/octet-stream');
  assert.is(servedContentType('application/zip', 'application/pdf'), 'application/pdf');
  assert.is(servedContentType('application/octet-stream', utf8Text), utf8Text, 'octet-stream declares nothing');
  assert.is(servedContentType('application/octet-stream', 'image/png'), 'image/png');
  assert.is(servedContentType(null, 'image/jpeg'), 'image/jpeg', 'rows stored before declared types were kept');
  assert.is(servedContentType(null, utf8Text), utf8Text);
});

test('active types are the ones a browser would run: HTML, SVG, XML, scripts, Flash, MHTML', () => {
  for (const type of [
    'text/html; charset=utf-8',
    'TEXT/HTML',
    'application/xhtml+xml',
    'image/svg+xml',
    'text/xml',
    'application/xml',
    'application/rss+xml',
    'text/xsl',
    'text/javascript; charset=utf-8',
    'application/javascript',
    'application/x-javascript',
    'application/ecmascript',
    'application/x-shockwave-flash',
    'message/rfc822',
    'multipart/related',
  ]) {
    assert.ok(isActiveContentType(type), type);
  }
  for (const type of [
    'text/plain; charset=utf-8',
    'text/csv; charset=utf-8',
    'application/json',
    'application/pdf',
    'image/png',
    'image/jpeg',
    'application/octet-stream',
    'text/css',
    'text/markdown; charset=utf-8',
  ]) {
    assert.not.ok(isActiveContentType(type), type);
  }
});

test.run();
