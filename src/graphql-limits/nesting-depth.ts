// The deepest nesting of `{`, `(` and `[` in a GraphQL document, found by one linear scan that
// skips strings, block strings and comments: graphql-js' parser recurses once per level and
// overflows the stack a few thousand levels deep (docs/architecture.md#field-notes), so the depth
// is measured before anything parses. The scan stops as soon as `stopAbove` is exceeded.
const opening = new Set(['{', '(', '[']);
const closing = new Set(['}', ')', ']']);

export function nestingDepth(source: string, stopAbove = Infinity): number {
  let depth = 0;
  let deepest = 0;
  let index = 0;
  while (index < source.length) {
    const char = source[index];
    if (char === '#') index = lineEnd(source, index);
    else if (source.startsWith('"""', index)) index = blockStringEnd(source, index + 3);
    else if (char === '"') index = stringEnd(source, index + 1);
    else {
      if (char !== undefined && opening.has(char)) {
        depth += 1;
        if (depth > deepest) deepest = depth;
        if (deepest > stopAbove) return deepest;
      } else if (char !== undefined && closing.has(char) && depth > 0) depth -= 1;
      index += 1;
    }
  }
  return deepest;
}

/** Index after a comment: comments run to the end of the line (GraphQL spec, Comments). */
function lineEnd(source: string, index: number): number {
  while (index < source.length && source[index] !== '\n' && source[index] !== '\r') index += 1;
  return index;
}

/** Index after a string's closing quote; `\` escapes the next character; a string ends at a line end. */
function stringEnd(source: string, index: number): number {
  while (index < source.length) {
    const char = source[index];
    if (char === '\\') index += 2;
    else if (char === '"') return index + 1;
    else if (char === '\n' || char === '\r') return index;
    else index += 1;
  }
  return index;
}

/** Index after a block string's closing `"""`; only `\"""` escapes inside one. */
function blockStringEnd(source: string, index: number): number {
  while (index < source.length) {
    if (source.startsWith('\\"""', index)) index += 4;
    else if (source.startsWith('"""', index)) return index + 3;
    else index += 1;
  }
  return index;
}
