// The access review's two allow-lists (docs/access-review.md: access-lint-allow.yaml and
// access-diff-allow.yaml) are read by the shared reader of src/allow-lists/; here its errors
// become ReviewError, which `npm run access` reports with exit code 2.
import {
  AllowListError,
  entryNames,
  failEntry,
  parseAllowEntries as readAllowEntries,
} from '../allow-lists/allow-list-file.ts';
import { ReviewError } from './review-error.ts';

export { entryNames, failEntry };

/** Parses the allow-list text into entries (1-based index); `file` names it in messages. Throws ReviewError when malformed. */
export function parseAllowEntries<Entry>(
  text: string,
  file: string,
  parseEntry: (file: string, index: number, raw: unknown) => Entry,
): Entry[] {
  try {
    return readAllowEntries(text, file, parseEntry);
  } catch (error) {
    if (error instanceof AllowListError) throw new ReviewError(error.message);
    throw error;
  }
}
