// Text that has broken services before: path traversal in its many spellings, encoded NUL,
// lone surrogates and invalid UTF-8 (raw and percent-encoded), malformed percent escapes,
// very long segments, and the markers of files a traversal must never reveal.
import type { Draw } from './draw.ts';

/** Path segments (already percent-encoded as a client would send them) aiming outside a folder. */
export const traversalSegments = [
  '..',
  '.',
  '../',
  '..%2f',
  '..%2F..%2F..%2Fpackage.json',
  '%2e%2e%2f',
  '%2e%2e/%2e%2e/%2e%2e/etc/passwd',
  '%2e%2e',
  '..%5c..%5cpackage.json',
  '%252e%252e%252f',
  '..%c0%af',
  '%c0%ae%c0%ae%2f',
  '....//....//etc/passwd',
  '..;/',
  '%2fetc%2fpasswd',
  '..%00/',
  '..%2f..%2f..%2f..%2f..%2f..%2f..%2fetc%2fpasswd',
  '..%2f..%2f.data%2fsecrets.json',
  'btc%2f..%2f..%2f..%2fpackage.json',
  '..%2f..%2fnode_modules%2fcryptocurrency-icons%2fpackage.json',
];

/** Percent-encoded bytes that are not valid UTF-8, or decode to text PostgreSQL cannot store. */
export const badEncodedSegments = [
  '%00',
  'a%00b',
  'btc%00.svg',
  '%00%00%00',
  '%ED%A0%80', // a lone high surrogate, UTF-8 encoded (invalid UTF-8)
  '%ED%B0%80', // a lone low surrogate
  '%ED%A0%80%ED%B0%80', // a surrogate pair encoded one half at a time (CESU-8)
  '%FF',
  '%FE%FF',
  '%C3%28',
  '%E2%82',
  '%F0%28%8C%BC',
  '%C0%80', // overlong NUL
  '%F4%90%80%80', // above U+10FFFF
  '%',
  '%G1',
  '%E0%A4%A',
  '%%',
  '%u002e%u002e',
  '%uD800',
];

/** Markers of files outside the service's folders: no response body may contain one. */
export const disclosureMarkers = ['root:x:0:0:', '"description": "Schema-first platform service', '"adminApiKey"'];

/** A lone surrogate, NUL or other hard character, placed somewhere in a short string. */
export function hostileText(draw: Draw): string {
  const hard = draw.pick([
    '\u0000',
    '\ud800',
    '\udfff',
    '\ud83d',
    '\uffff',
    '\ufeff',
    '\u202e',
    '\u2028',
    '\r\n',
    '\\',
    '"',
    "'; DROP TABLE app_user; --",
    '%00',
    '${7*7}',
    '{{7*7}}',
    '<script>alert(1)</script>',
    '../../../etc/passwd',
    '😀',
    'İ',
    'ß',
    '\u0301',
  ]);
  const around = draw.text(12);
  const at = draw.int(0, around.length);
  return around.slice(0, at) + hard + around.slice(at);
}

/** One path segment as sent on the wire: valid-looking, hostile, encoded wrongly, or very long. */
export function hostileSegment(draw: Draw): string {
  return draw.weighted<() => string>([
    [4, () => draw.pick(traversalSegments)],
    [4, () => draw.pick(badEncodedSegments)],
    [2, () => encodeURIComponent(draw.text(16).replace(/[\ud800-\udfff]/g, 'x'))],
    // Raw bytes 0x80-0xff: node's client sends them as Latin-1, which is not UTF-8 on the wire.
    [1, () => String.fromCharCode(...Array.from({ length: draw.int(1, 6) }, () => draw.int(0x80, 0xff)))],
    [2, () => 'a'.repeat(draw.pick([256, 1_024, 4_096, 8_000]))],
    [1, () => draw.pick(['', '%20', '+', '~', "'", '%22', '%2f', '%2F', '%5c', ';', '*', '!'])],
    [1, () => draw.pick(['-1', '0', '1.5', '1e3', '99999999999999999999999', 'NaN', 'true', '0x1', '٣', '１'])],
  ])();
}
