// multipart/form-data bodies for POST /documents/upload (docs/files.md): small valid uploads with
// the form's fields right or wrong, and multipart garbage: missing or wrong boundaries, truncated
// parts, parts without a name, hostile file names, too many files, huge fields, bytes that are
// not multipart at all.
import type { Draw } from './draw.ts';
import { hostileText } from './hostile-strings.ts';
import type { JsonSchema } from './openapi-operations.ts';
import { validValue, wrongValue } from './schema-values.ts';

export interface DrawnMultipart {
  body: Buffer;
  contentType: string;
  variant: string;
}

interface Part {
  headers: string[];
  content: Buffer;
}

const declaredTypes = [
  'application/pdf',
  'image/png',
  'text/html',
  'image/svg+xml',
  'application/octet-stream',
  'text/plain; charset=utf-8',
  'garbage',
  '',
];

export function drawMultipartBody(draw: Draw, schema: JsonSchema): DrawnMultipart {
  const boundary = `----fuzz${draw.matching('^[A-Za-z0-9]{1,40}$')}`;
  const contentType = `multipart/form-data; boundary=${boundary}`;
  const form = (parts: Part[], variant: string): DrawnMultipart => ({
    body: encodeParts(parts, boundary),
    contentType,
    variant,
  });
  return draw.weighted<() => DrawnMultipart>([
    [6, () => form([...fileParts(draw, draw.int(1, 3)), ...fieldParts(draw, schema)], 'valid-files')],
    [2, () => form(fieldParts(draw, schema, true), 'no-file')],
    [2, () => form([...fileParts(draw, 1, true), ...fieldParts(draw, schema)], 'hostile-file-name')],
    [1, () => form(fileParts(draw, draw.int(51, 60)), 'too-many-files')],
    [1, () => form([...fileParts(draw, 1), field('caseId', 'x'.repeat(200_000))], 'huge-field')],
    [
      1,
      () => form([...fileParts(draw, 1), field('__proto__', '{"polluted":true}'), field('file', 'text')], 'odd-fields'),
    ],
    [1, () => form([{ headers: ['Content-Type: text/plain'], content: Buffer.from('no name') }], 'part-without-name')],
    [1, () => form([...fileParts(draw, 1), nestedMixedPart(draw)], 'nested-multipart')],
    [
      2,
      () => ({
        ...form(fileParts(draw, 1), 'truncated'),
        body: truncated(draw, encodeParts(fileParts(draw, 1), boundary)),
      }),
    ],
    [
      1,
      () => ({
        ...form(fileParts(draw, 1), 'no-closing-boundary'),
        body: withoutClosing(encodeParts(fileParts(draw, 1), boundary), boundary),
      }),
    ],
    [1, () => ({ ...form(fileParts(draw, 1), 'no-boundary-parameter'), contentType: 'multipart/form-data' })],
    [1, () => ({ ...form(fileParts(draw, 1), 'other-boundary'), contentType: 'multipart/form-data; boundary=nope' })],
    [
      1,
      () => ({
        ...form(fileParts(draw, 1), 'bad-boundary-parameter'),
        contentType: `multipart/form-data; boundary=${draw.pick(['', '"', 'x'.repeat(300), '"a b"', ';', '\u00ff'])}`,
      }),
    ],
    [2, () => ({ body: draw.bytes(0, 3_000), contentType, variant: 'random-bytes' })],
    [1, () => ({ body: Buffer.alloc(0), contentType, variant: 'empty' })],
  ])();
}

function encodeParts(parts: Part[], boundary: string): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n${part.headers.map((line) => `${line}\r\n`).join('')}\r\n`, 'latin1'));
    chunks.push(part.content, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

function field(name: string, value: string): Part {
  return { headers: [`Content-Disposition: form-data; name="${name}"`], content: Buffer.from(value, 'utf8') };
}

function fileParts(draw: Draw, count: number, hostileNames = false): Part[] {
  return Array.from({ length: count }, () => {
    const name = hostileNames ? hostileFileName(draw) : `${draw.matching('^[A-Za-z0-9 _-]{1,20}$')}.pdf`;
    const type = draw.pick(declaredTypes);
    return {
      headers: [
        `Content-Disposition: form-data; name="file"; filename="${name}"`,
        ...(type ? [`Content-Type: ${type}`] : []),
        ...(draw.chance(0.05) ? ['Content-Transfer-Encoding: base64'] : []),
      ],
      content: fileContent(draw),
    };
  });
}

function fileContent(draw: Draw): Buffer {
  return draw.pick([
    () => draw.bytes(0, 2_000),
    () => Buffer.from('%PDF-1.4\n%fuzz\n'),
    () => Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...draw.bytes(0, 64)]),
    () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    () => Buffer.from('<html><body>hi</body></html>'),
  ])();
}

/** Written into the part's header as Latin-1, as a browser would for a name it could not encode. */
function hostileFileName(draw: Draw): string {
  return draw.pick([
    '../../../etc/passwd',
    '..\\..\\windows\\win.ini',
    '/etc/passwd',
    'a\u0000b.pdf',
    '',
    '.',
    '..',
    'a'.repeat(5_000),
    'x.pdf"; name="caseId',
    '\u00ff\u00fe.pdf',
    hostileText(draw).replace(/[\r\n]/g, ''),
    'CON',
    'x.pdf\u0000.html',
  ]);
}

function fieldParts(draw: Draw, schema: JsonSchema, always = false): Part[] {
  const parts: Part[] = [];
  for (const name of ['caseId', 'fundId', 'organizationId']) {
    if (!always && !draw.chance(0.3)) continue;
    const value = draw.chance(0.6) ? validValue(draw, schema.properties?.[name] ?? {}) : wrongValue(draw);
    parts.push(field(name, typeof value === 'string' ? value : (JSON.stringify(value) ?? '')));
    if (draw.chance(0.1)) parts.push(field(name, '1'));
  }
  return parts;
}

function nestedMixedPart(draw: Draw): Part {
  const inner = `inner${draw.int(0, 1_000)}`;
  return {
    headers: ['Content-Disposition: form-data; name="file"', `Content-Type: multipart/mixed; boundary=${inner}`],
    content: Buffer.from(
      `--${inner}\r\nContent-Disposition: file; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhello\r\n--${inner}--`,
    ),
  };
}

function truncated(draw: Draw, body: Buffer): Buffer {
  return body.subarray(0, draw.int(0, Math.max(0, body.length - 1)));
}

function withoutClosing(body: Buffer, boundary: string): Buffer {
  return body.subarray(0, body.length - `--${boundary}--\r\n`.length);
}
