// Thrown when a spec, or another input of code generation (a migration, the SDK's hand-written
// runtime), cannot be used; `errors` holds every problem found, each one line
// `file:line:col: message` (spec-problem.ts), so a caller prints them all at once and no stack
// trace (scripts/codegen.ts, `npm run dev`, `npm run spec:diff`).
import { formatSpecProblems, type SpecProblem } from './spec-problem.ts';

export class SpecProblemsError extends Error {
  readonly problems: readonly SpecProblem[];
  readonly errors: readonly string[];
  /** What was read, for a summary line: `the specs`, `permissions`, `the migrations`, `sdk/src`. */
  readonly where: string;

  constructor(problems: readonly SpecProblem[], where = 'the specs') {
    const errors = formatSpecProblems(problems);
    super(`${errors.length} problem${errors.length === 1 ? '' : 's'} in ${where}:\n${errors.join('\n')}`);
    this.name = 'SpecProblemsError';
    this.problems = problems;
    this.errors = errors;
    this.where = where;
  }
}
