// Media types a browser would run rather than show (docs/files.md "Downloading"): documents
// with scripts (HTML, XHTML, SVG, any XML, which can pull in XSLT and XHTML), scripts, Flash
// and MHTML archives. An uploaded file of such a type is only ever served as an attachment,
// on top of `nosniff` and the sandboxing Content-Security-Policy every upload gets.
const activeTypes = new Set([
  'text/html',
  'application/xhtml+xml',
  'image/svg+xml',
  'text/xml',
  'application/xml',
  'text/xsl',
  'text/javascript',
  'application/javascript',
  'application/x-javascript',
  'application/ecmascript',
  'text/ecmascript',
  'text/jscript',
  'application/x-shockwave-flash',
  'message/rfc822',
  'multipart/related',
  'application/x-mimearchive',
  'multipart/x-mixed-replace',
]);

/** Whether a served Content-Type (parameters allowed) must never be shown inline. */
export function isActiveContentType(contentType: string): boolean {
  const essence = contentType.split(';', 1)[0]?.trim().toLowerCase() ?? '';
  return activeTypes.has(essence) || essence.endsWith('+xml');
}
