// Operands of the text and jsonb operators for the property test's `where` trees, built from
// stored values so that they match some rows and miss others: LIKE, SIMILAR TO and POSIX regex
// patterns from a slice of a value (the regexes in the subset text-patterns.ts evaluates: ASCII,
// metacharacters escaped, `.`, anchors, `*`/`+`/`?`, alternation, bracket expressions), and jsonb
// values, keys and key lists from a stored jsonb value (parts of it, sometimes changed,
// sometimes empty).
import type { Json } from './jsonb-semantics.ts';

export interface OperandDraw {
  int(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
}

const ascii = (character: string) => (/^[\x20-\x7e]$/.test(character) ? character : '_');

function slice(draw: OperandDraw, value: string): { characters: string[]; start: number; end: number; length: number } {
  const all = [...value];
  const start = draw.int(0, all.length);
  const end = draw.int(start, all.length);
  return { characters: all.slice(start, end), start, end, length: all.length };
}

function changeCase(draw: OperandDraw, text: string): string {
  if (!draw.chance(0.3)) return text;
  return draw.chance(0.5) ? text.toUpperCase() : text.toLowerCase();
}

/** A LIKE pattern: a slice, some `_`, `%` around, and sometimes another case (LIKE must then miss). */
export function likeOperand(draw: OperandDraw, value: string): string {
  const { characters, start, end, length } = slice(draw, value);
  let body = characters
    .map((character) => (draw.chance(0.1) ? '_' : /[%_\\]/.test(character) ? `\\${character}` : character))
    .join('');
  if (draw.chance(0.5)) body = draw.chance(0.5) ? body.toUpperCase() : body.toLowerCase();
  return `${start > 0 || draw.chance(0.2) ? '%' : ''}${body}${end < length || draw.chance(0.2) ? '%' : ''}`;
}

/** A SIMILAR TO pattern (anchored): escaped slices, `_`, `%`, `[..]`, `*`, alternation of two values. */
export function similarOperand(draw: OperandDraw, value: string, other: string): string {
  const piece = (text: string) => {
    const { characters, start, end, length } = slice(draw, text);
    const body = characters
      .map((character) => {
        const choice = draw.int(0, 99);
        if (choice < 8) return '_';
        if (choice < 12 && /[A-Za-z0-9]/.test(character)) return `[${character}${draw.chance(0.5) ? 'x' : ''}]`;
        if (choice < 15) return `${escapeSimilar(ascii(character))}*`;
        return escapeSimilar(character);
      })
      .join('');
    return `${start > 0 || draw.chance(0.2) ? '%' : ''}${changeCase(draw, body)}${end < length || draw.chance(0.2) ? '%' : ''}`;
  };
  return draw.chance(0.25) ? `(${piece(value)}|${piece(other)})` : piece(value);
}

const escapeSimilar = (character: string) => (/[%_|*+?(){}[\]\\]/.test(character) ? `\\${character}` : character);
const escapeRegex = (character: string) => (/[.^$*+?|(){}[\]\\]/.test(character) ? `\\${character}` : character);

/** A POSIX regex of the evaluated subset: an escaped ASCII slice, `.`, anchors, quantifiers, alternation. */
export function regexOperand(draw: OperandDraw, value: string, other: string): string {
  const piece = (text: string) => {
    const { characters, start, end, length } = slice(draw, text);
    const body = characters
      .map((character) => {
        if (!/^[\x20-\x7e]$/.test(character)) return '.';
        const choice = draw.int(0, 99);
        if (choice < 8) return '.';
        if (choice < 12 && /[A-Za-z0-9]/.test(character)) return `[${character}${draw.chance(0.5) ? '0-9' : ''}]`;
        if (choice < 15) return `${escapeRegex(character)}${draw.pick(['*', '+', '?'])}`;
        return escapeRegex(character);
      })
      .join('');
    const anchoredStart = start === 0 && draw.chance(0.5) ? '^' : '';
    const anchoredEnd = end === length && draw.chance(0.5) ? '$' : '';
    return `${anchoredStart}${changeCase(draw, body)}${anchoredEnd}`;
  };
  return draw.chance(0.2) ? `(${piece(value)}|${piece(other)})` : piece(value);
}

const isContainer = (value: Json): value is readonly Json[] | { readonly [key: string]: Json } =>
  value !== null && typeof value === 'object';

/** A part of a jsonb value: a sub-object, a sub-array, a nested element, sometimes changed. */
export function jsonbPart(draw: OperandDraw, value: Json, depth = 0): Json {
  if (Array.isArray(value)) {
    const items = value
      .filter(() => draw.chance(0.4))
      .map((item) => (draw.chance(0.5) ? jsonbPart(draw, item, depth + 1) : item));
    if (depth === 0 && items.length > 0 && !isContainer(items[0] as Json) && draw.chance(0.2)) return items[0] as Json;
    return items;
  }
  if (isContainer(value)) {
    const entries = Object.entries(value as Record<string, Json>).filter(() => draw.chance(0.5));
    const part = Object.fromEntries(
      entries.map(([key, item]) => [key, draw.chance(0.5) ? jsonbPart(draw, item, depth + 1) : item]),
    );
    if (draw.chance(0.15)) part[draw.chance(0.5) ? 'zzAbsent' : (entries[0]?.[0] ?? 'zzAbsent')] = 'zz-other';
    return part;
  }
  if (draw.chance(0.15)) return typeof value === 'number' ? value + 1 : `${String(value)}!`;
  return value;
}

/** A superset of a jsonb value (for `_contained_in`): the value with extra keys or elements. */
export function jsonbSuperset(draw: OperandDraw, value: Json): Json {
  if (Array.isArray(value)) return draw.chance(0.5) ? [...value, 'zz-extra'] : value;
  if (isContainer(value)) {
    const copy: Record<string, Json> = { ...(value as Record<string, Json>) };
    if (draw.chance(0.5)) copy.zzExtra = 1;
    return draw.chance(0.2) ? jsonbPart(draw, copy) : copy;
  }
  return draw.chance(0.3) ? [value, 'zz-extra'] : value;
}

/** Keys to test with `?`, `?|`, `?&`: top-level keys or string elements of stored values, or absent ones. */
export function jsonbKeys(draw: OperandDraw, value: Json, count: number): string[] {
  const present = Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string')
    : isContainer(value)
      ? Object.keys(value)
      : typeof value === 'string'
        ? [value]
        : [];
  return Array.from({ length: count }, () =>
    present.length > 0 && !draw.chance(0.25)
      ? draw.pick(present)
      : draw.pick(['zzAbsent', 'walletId', 'currency', 'category']),
  );
}
