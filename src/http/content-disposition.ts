// Content-Disposition for a served document or file (openapi.yaml ContentDisposition): RFC 6266 with an
// ASCII `filename` for old clients and the exact name in RFC 8187 (formerly 5987) `filename*`.
export type DispositionType = 'inline' | 'attachment';

export function contentDisposition(type: DispositionType, fileName: string): string {
  return `${type}; filename="${asciiFallback(fileName)}"; filename*=UTF-8''${encodeExtValue(fileName)}`;
}

/** Printable ASCII only, without the quote and backslash a quoted-string would need escaped. */
function asciiFallback(name: string): string {
  const ascii = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return ascii.trim() === '' ? 'file' : ascii;
}

/** RFC 8187 value-chars: attr-char stays, everything else is percent-encoded UTF-8. */
function encodeExtValue(name: string): string {
  return encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}
