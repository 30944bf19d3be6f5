// SQL LIKE patterns as anchored JavaScript regular expressions, for CASL's $regex: `%` is
// any run of characters, `_` exactly one, a backslash escapes the next character (the
// Postgres default), and the whole value must match. ILIKE adds the `i` flag, which folds
// case like Postgres for ASCII; for other scripts the SQL compiler, which runs the real
// ILIKE, is authoritative.
const special = /[.*+?^${}()|[\]\\/]/g;

export function likePatternToRegexSource(pattern: string): string {
  let source = '^';
  for (let index = 0; index < pattern.length; index++) {
    const char = pattern[index] as string;
    if (char === '\\' && index + 1 < pattern.length) {
      index += 1;
      source += (pattern[index] as string).replace(special, '\\$&');
    } else if (char === '%') {
      source += '[\\s\\S]*';
    } else if (char === '_') {
      source += '[\\s\\S]';
    } else {
      source += char.replace(special, '\\$&');
    }
  }
  return `${source}$`;
}
