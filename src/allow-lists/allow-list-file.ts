// What every allow-list file of the review tools shares (docs/access-review.md's
// access-lint-allow.yaml and access-diff-allow.yaml, docs/spec-diff.md's spec-diff-allow.yaml): a
// YAML mapping whose one key `allow` lists entries, each read by its own list's parser, and the
// messages that name the file and the entry at fault, at its place: `file:line:col: message`, the
// form of every spec problem (docs/code-generation.md#spec-problems), so an editor jumps to it.
// Errors are AllowListError; each tool turns them into its own usage error.
import { isMap, isSeq, LineCounter, parseDocument, type Node } from 'yaml';

/** `message` is `place: problem`, the place `file:line:col`; both parts kept for a tool that prints problems its own way. */
export class AllowListError extends Error {
  override name = 'AllowListError';
  readonly place: string;
  readonly problem: string;

  constructor(place: string, problem: string) {
    super(`${place}: ${problem}`);
    this.place = place;
    this.problem = problem;
  }
}

/** `place`: the entry's `file:line:col`, as parseAllowEntries hands it to the entry's parser. */
export function failEntry(place: string, index: number, message: string): never {
  throw new AllowListError(place, `allow entry ${index}: ${message}`);
}

/** An entry's field as a list: one name or a non-empty list of names. */
export function entryNames(place: string, index: number, key: string, value: unknown): string[] {
  const list = Array.isArray(value) ? value : [value];
  if (list.length === 0 || !list.every((item) => typeof item === 'string' && item.length > 0))
    failEntry(place, index, `'${key}' must be a name or a non-empty list of names`);
  return list as string[];
}

/**
 * Parses the allow-list text into entries (1-based index). `file` names it in messages; each entry's
 * parser gets its place (`file:line:col`) to name instead. Throws AllowListError when malformed.
 */
export function parseAllowEntries<Entry>(
  text: string,
  file: string,
  parseEntry: (place: string, index: number, raw: unknown) => Entry,
): Entry[] {
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const placeOf = (offset: number | undefined) => {
    const { line, col } = lineCounter.linePos(offset ?? 0);
    return `${file}:${line}:${col}`;
  };
  const [syntax] = document.errors;
  if (syntax) throw new AllowListError(placeOf(syntax.pos[0]), `not YAML: ${syntax.message.split('\n')[0]}`);
  const value: unknown = document.toJS();
  if (value === null || value === undefined) return [];
  const allow = (value as { allow?: unknown }).allow;
  if (typeof value !== 'object' || Array.isArray(value) || !Array.isArray(allow ?? []))
    throw new AllowListError(placeOf(nodeOffset(document.contents)), "expected a mapping with an 'allow' list");
  const unknown = Object.keys(value).filter((key) => key !== 'allow');
  if (unknown.length > 0)
    throw new AllowListError(
      placeOf(keyOffset(document.contents, unknown[0]!)),
      `unknown top-level key '${unknown[0]}' (expected 'allow')`,
    );
  const items = allowItems(document.contents);
  return ((allow ?? []) as unknown[]).map((entry, position) =>
    parseEntry(placeOf(nodeOffset(items[position])), position + 1, entry),
  );
}

function nodeOffset(node: unknown): number | undefined {
  return (node as Node | null | undefined)?.range?.[0];
}

function keyOffset(contents: unknown, key: string): number | undefined {
  if (!isMap(contents)) return nodeOffset(contents);
  return nodeOffset(contents.items.find((pair) => String((pair.key as { value?: unknown })?.value) === key)?.key);
}

/** The nodes of the `allow` list's entries, in order. */
function allowItems(contents: unknown): unknown[] {
  if (!isMap(contents)) return [];
  const allow = contents.items.find((pair) => (pair.key as { value?: unknown })?.value === 'allow')?.value;
  return isSeq(allow) ? allow.items : [];
}
