// Thrown when permissions.yaml cannot be compiled: every problem found, each as
// `file:line:col: message` in `errors` (src/spec-problems, the format of every spec problem).
import type { SpecProblem } from '../../../src/spec-problems/spec-problem.ts';
import { SpecProblemsError } from '../../../src/spec-problems/spec-problems-error.ts';

export class PermissionsFileError extends SpecProblemsError {
  constructor(problems: readonly SpecProblem[]) {
    super(problems, 'permissions');
    this.name = 'PermissionsFileError';
  }
}
