// The client's name of an uploaded file is kept for display and Content-Disposition only
// (openapi.yaml UploadedFile.originalName), never as a path. It is sanitized rather than
// refused, so an odd name never costs the upload: directories are cut off (both `/` and `\`),
// control and bidirectional-formatting characters removed, and the result is at most 255
// characters, keeping the extension when it has to be shortened. The characters are those free
// text may not hold (src/domain/text/display-text.ts).
import { hiddenOrControlCharacters } from '../text/display-text.ts';

export const maxOriginalNameLength = 255;
export const fallbackOriginalName = 'file';

export function sanitizeOriginalName(raw: string | null | undefined): string {
  if (!raw) return fallbackOriginalName;
  const withoutDirectories = raw.slice(Math.max(raw.lastIndexOf('/'), raw.lastIndexOf('\\')) + 1);
  const cleaned = withoutDirectories.normalize('NFC').replace(hiddenOrControlCharacters, '').trim();
  if (cleaned === '' || /^\.+$/.test(cleaned)) return fallbackOriginalName;
  return shorten(cleaned);
}

/** At most `maxOriginalNameLength` code points, the extension (up to 16 characters) kept. */
function shorten(name: string): string {
  const characters = [...name];
  if (characters.length <= maxOriginalNameLength) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? [...name.slice(dot)] : [];
  const kept = extension.length > 1 && extension.length <= 16 ? extension : [];
  return (
    characters
      .slice(0, maxOriginalNameLength - kept.length)
      .join('')
      .trimEnd() + kept.join('')
  );
}
