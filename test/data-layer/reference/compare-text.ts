// The reference's text pattern operators (LIKE, SIMILAR TO, POSIX regex and their negations and
// case-insensitive forms) and text equality, with SQL's NULL: a pattern test of NULL is unknown,
// and so is its negation. Used for text columns and for a jsonb `_cast` to String.
import { likePattern, posixPattern, similarPattern } from './text-patterns.ts';

type Truth = boolean | null;

const tests: Readonly<Record<string, (value: string, pattern: string) => boolean>> = {
  _like: (value, pattern) => likePattern(pattern, false).test(value),
  _ilike: (value, pattern) => likePattern(pattern, true).test(value),
  _nlike: (value, pattern) => !likePattern(pattern, false).test(value),
  _nilike: (value, pattern) => !likePattern(pattern, true).test(value),
  _similar: (value, pattern) => similarPattern(pattern).test(value),
  _nsimilar: (value, pattern) => !similarPattern(pattern).test(value),
  _regex: (value, pattern) => posixPattern(pattern, false).test(value),
  _nregex: (value, pattern) => !posixPattern(pattern, false).test(value),
  _iregex: (value, pattern) => posixPattern(pattern, true).test(value),
  _niregex: (value, pattern) => !posixPattern(pattern, true).test(value),
};

export const textOperators: ReadonlySet<string> = new Set(Object.keys(tests));

/** A pattern operator, or `_eq`/`_neq` (byte equality: text's deterministic collations), on text. */
export function compareText(value: string | null, operator: string, operand: string): Truth {
  if (value === null) return null;
  if (operator === '_eq') return value === operand;
  if (operator === '_neq') return value !== operand;
  const test = tests[operator];
  if (!test) throw new Error(`reference: text operator '${operator}' is not evaluated`);
  return test(value, operand);
}
