// The `path` argument of a jsonb column in a selection (`metadata(path: "$.a[0].b")`,
// docs/data-layer.md#the-schema-of-a-role) → the text[] that PostgreSQL's `#>` takes. Hasura's
// syntax: an optional `$`, then keys (`.key`; without the `$` the first without its dot; `["key"]`) and array
// indexes (`[0]`); a key starts with a letter, `_` or `$` and goes on with letters, digits, `-`,
// `_` and `$`. The path is a bound parameter, never SQL text; `$` alone selects the whole value.
import { AppError } from '../../errors/app-error.ts';

const keyPattern = /^[\p{L}_$][\p{L}\p{N}_$-]*/u;
const indexPattern = /^\[(\d+)\]/;
const quotedKeyPattern = /^\[(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)')\]/;

export class JsonbPathError extends Error {
  override name = 'JsonbPathError';
}

/** One step at the start of `rest`: [the element, the characters it takes], or null. */
function step(rest: string, first: boolean): [string, number] | null {
  const index = indexPattern.exec(rest);
  if (index) return [String(Number(index[1])), index[0].length];
  const quoted = quotedKeyPattern.exec(rest);
  if (quoted) return [(quoted[1] ?? quoted[2] ?? '').replace(/\\(.)/g, '$1'), quoted[0].length];
  // A key follows a dot; the first may go without (`a.b` is `$.a.b`).
  const dot = rest.startsWith('.') ? 1 : 0;
  if (dot === 0 && !first) return null;
  const key = keyPattern.exec(rest.slice(dot));
  return key ? [key[0], dot + key[0].length] : null;
}

/** The elements of a path; throws JsonbPathError saying where it stops making sense. */
export function parseJsonbPath(path: string): string[] {
  if (path === '$') return [];
  // After the root `$` every key takes its dot (`$.a`); without the root the first may not (`a.b`).
  const rooted = path.startsWith('$');
  let rest = rooted ? path.slice(1) : path;
  const elements: string[] = [];
  while (rest !== '') {
    const found = step(rest, elements.length === 0 && !rooted);
    if (!found) throw new JsonbPathError(`unexpected '${rest}'`);
    elements.push(found[0]);
    rest = rest.slice(found[1]);
  }
  if (elements.length === 0) throw new JsonbPathError('the path is empty');
  return elements;
}

/** For bindPlanValue: the argument's value → text[] for `#>`; null (no path) selects the whole value. */
export function jsonbPathParameter(field: string) {
  return (value: unknown): string[] => {
    if (value === null || value === undefined) return [];
    if (typeof value !== 'string') throw new AppError('VALIDATION_FAILED', `path of '${field}' must be a String`);
    try {
      return parseJsonbPath(value);
    } catch (error) {
      if (!(error instanceof JsonbPathError)) throw error;
      throw new AppError(
        'VALIDATION_FAILED',
        `invalid JSON path ${JSON.stringify(value)} in the argument 'path' of '${field}': ${error.message}`,
      );
    }
  };
}
