// Lays compiled SQL out for golden files so reviewers can read a diff: a new line before each
// SELECT, FROM, WHERE, ORDER BY and LIMIT, indented by parenthesis depth (quoted text and
// identifiers are left alone). Whitespace only: joining the lines gives the statement back.
const breakBefore = /^(SELECT|FROM|WHERE|ORDER BY|LIMIT) /;

export function formatSql(text: string): string {
  let out = '';
  let depth = 0;
  let quote: string | null = null;
  for (let index = 0; index < text.length; index++) {
    const char = text[index] as string;
    if (quote) {
      if (char === quote) quote = null;
      out += char;
      continue;
    }
    if (char === "'" || char === '"') quote = char;
    if (char === '(') depth += 1;
    if (char === ')') depth -= 1;
    if (char === ' ' && breakBefore.test(text.slice(index + 1))) {
      out += `\n${'  '.repeat(depth)}`;
      continue;
    }
    out += char;
  }
  return out;
}
