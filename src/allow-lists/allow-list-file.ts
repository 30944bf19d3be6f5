// What every allow-list file of the review tools shares (docs/access-review.md's
// access-lint-allow.yaml and access-diff-allow.yaml, docs/spec-diff.md's spec-diff-allow.yaml): a
// YAML mapping whose one key `allow` lists entries, each read by its own list's parser, and the
// messages that name the file and the entry at fault. Errors are AllowListError; each tool turns
// them into its own usage error.
import { parse } from 'yaml';

export class AllowListError extends Error {
  override name = 'AllowListError';
}

export function failEntry(file: string, index: number, message: string): never {
  throw new AllowListError(`${file}: allow entry ${index}: ${message}`);
}

/** An entry's field as a list: one name or a non-empty list of names. */
export function entryNames(file: string, index: number, key: string, value: unknown): string[] {
  const list = Array.isArray(value) ? value : [value];
  if (list.length === 0 || !list.every((item) => typeof item === 'string' && item.length > 0))
    failEntry(file, index, `'${key}' must be a name or a non-empty list of names`);
  return list as string[];
}

/** Parses the allow-list text into entries (1-based index); `file` names it in messages. Throws AllowListError when malformed. */
export function parseAllowEntries<Entry>(
  text: string,
  file: string,
  parseEntry: (file: string, index: number, raw: unknown) => Entry,
): Entry[] {
  let document: unknown;
  try {
    document = parse(text);
  } catch (error) {
    throw new AllowListError(`${file}: not YAML: ${(error as Error).message}`);
  }
  if (document === null || document === undefined) return [];
  const allow = (document as { allow?: unknown }).allow;
  if (typeof document !== 'object' || Array.isArray(document) || !Array.isArray(allow ?? []))
    throw new AllowListError(`${file}: expected a mapping with an 'allow' list`);
  const unknown = Object.keys(document).filter((key) => key !== 'allow');
  if (unknown.length > 0) throw new AllowListError(`${file}: unknown top-level key '${unknown[0]}' (expected 'allow')`);
  return ((allow ?? []) as unknown[]).map((entry, position) => parseEntry(file, position + 1, entry));
}
