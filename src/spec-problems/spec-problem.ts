// A mistake in a hand-edited spec (openapi.yaml, schema.graphql, permissions.yaml) at its place,
// and the one way it is printed: `file:line:col: message`, as compilers print theirs, so an editor
// or terminal jumps to it (docs/code-generation.md#spec-problems). Code generation and
// `npm run spec:diff` report through here.
export interface SpecProblem {
  /** How the message names the file, e.g. `openapi.yaml`. */
  readonly file: string;
  /** 1-based. */
  readonly line: number;
  /** 1-based. */
  readonly col: number;
  /** One line naming the offending thing. */
  readonly message: string;
}

export function specProblem(file: string, line: number, col: number, message: string): SpecProblem {
  // One problem, one line: multi-line library messages would read as several problems.
  return { file, line, col, message: message.replace(/\s*\n\s*/g, ' ').trim() };
}

export function formatSpecProblem(problem: SpecProblem): string {
  return `${problem.file}:${problem.line}:${problem.col}: ${problem.message}`;
}

/** Sorted by file and position, each distinct line once. */
export function formatSpecProblems(problems: readonly SpecProblem[]): string[] {
  const sorted = [...problems].sort(
    (a, b) => compareText(a.file, b.file) || a.line - b.line || a.col - b.col || compareText(a.message, b.message),
  );
  return [...new Set(sorted.map(formatSpecProblem))];
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
