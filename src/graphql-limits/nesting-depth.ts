// The deepest nesting of `{`, `(` and `[` in a GraphQL document, found by one linear scan that
// skips strings, block strings and comments: graphql-js' parser recurses once per level and
// overflows the stack a few thousand levels deep (docs/field-notes.md#graphql-js), so the depth
// is measured before anything parses. The scan stops as soon as `stopAbove` is exceeded.

// Character codes: the scan runs on every request of both GraphQL endpoints, so it compares numbers.
const hash = 0x23;
const quote = 0x22;
const lineFeed = 0x0a;
const carriageReturn = 0x0d;
const backslash = 0x5c;

function opens(code: number): boolean {
  return code === 0x7b || code === 0x28 || code === 0x5b; // { ( [
}

function closes(code: number): boolean {
  return code === 0x7d || code === 0x29 || code === 0x5d; // } ) ]
}

export function nestingDepth(source: string, stopAbove = Infinity): number {
  let depth = 0;
  let deepest = 0;
  let index = 0;
  while (index < source.length) {
    const code = source.charCodeAt(index);
    if (code === hash) index = lineEnd(source, index);
    else if (code === quote)
      index = source.startsWith('"""', index) ? blockStringEnd(source, index + 3) : stringEnd(source, index + 1);
    else {
      if (opens(code)) {
        depth += 1;
        if (depth > deepest) deepest = depth;
        if (deepest > stopAbove) return deepest;
      } else if (closes(code) && depth > 0) depth -= 1;
      index += 1;
    }
  }
  return deepest;
}

/** Index after a comment: comments run to the end of the line (GraphQL spec, Comments). */
function lineEnd(source: string, index: number): number {
  while (index < source.length) {
    const code = source.charCodeAt(index);
    if (code === lineFeed || code === carriageReturn) return index;
    index += 1;
  }
  return index;
}

/** Index after a string's closing quote; `\` escapes the next character; a string ends at a line end. */
function stringEnd(source: string, index: number): number {
  while (index < source.length) {
    const code = source.charCodeAt(index);
    if (code === backslash) index += 2;
    else if (code === quote) return index + 1;
    else if (code === lineFeed || code === carriageReturn) return index;
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
