// The Content-Type a client declared for a file part (docs/files.md "Content type"), reduced to
// the media type's essence: `type/subtype` in lowercase without parameters (RFC 9110 §8.3.1).
// The charset of text is decided by the bytes, never by the declaration; anything that is not
// a well-formed media type counts as no declaration at all.
const mediaTypeEssence = /^([A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126})\/([A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126})$/;

/** `text/CSV; charset=latin1` → `text/csv`; null when absent or malformed. */
export function declaredContentType(raw: string | null | undefined): string | null {
  if (typeof raw !== 'string') return null;
  const essence = raw.split(';', 1)[0]?.trim() ?? '';
  return mediaTypeEssence.test(essence) ? essence.toLowerCase() : null;
}
