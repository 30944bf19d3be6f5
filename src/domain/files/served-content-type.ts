// The Content-Type an uploaded file is served with (docs/files.md "Content type"): the type the
// client declared when the bytes agree with it, the sniffed type otherwise. Both inputs are
// stored with the file, so the decision needs no bytes and holds for rows stored before
// declared types were kept (no declaration: the sniffed type).
import { octetStream, plainText } from '../../providers/files/sniff-content-type.ts';

const textApplicationTypes = new Set([
  'application/json',
  'application/xml',
  'application/javascript',
  'application/x-javascript',
  'application/ecmascript',
  'application/yaml',
  'application/x-yaml',
  'application/x-ndjson',
  'application/sql',
  'application/graphql',
  'application/x-sh',
]);

/** A type whose content is text: `text/*`, `+json` and `+xml` types, and the usual textual application types. */
export function isTextType(essence: string): boolean {
  return (
    essence.startsWith('text/') ||
    essence.endsWith('+json') ||
    essence.endsWith('+xml') ||
    textApplicationTypes.has(essence)
  );
}

/**
 * `declared` is the stored essence (declared-content-type.ts) or null; `sniffed` the stored
 * sniffed type. The declaration wins when:
 * - it names the format the bytes were recognised as (`image/png` for PNG bytes);
 * - it is a text type and the bytes are UTF-8 text (sniffed `text/plain; charset=utf-8`):
 *   served with `charset=utf-8` for `text/*`, since that is what was checked;
 * - it is a text type and the bytes were recognised as a text format (XML, iCalendar, vCard,
 *   WebVTT): served without a charset, which the bytes did not prove.
 * `application/octet-stream` declares nothing and never wins.
 */
export function servedContentType(declared: string | null, sniffed: string): string {
  if (declared === null || declared === octetStream.contentType) return sniffed;
  const sniffedEssence = sniffed.split(';', 1)[0]?.trim().toLowerCase() ?? '';
  if (declared === sniffedEssence) return sniffed;
  if (!isTextType(declared)) return sniffed;
  if (sniffed === plainText.contentType) return declared.startsWith('text/') ? `${declared}; charset=utf-8` : declared;
  if (sniffedEssence !== octetStream.contentType && isTextType(sniffedEssence)) return declared;
  return sniffed;
}
