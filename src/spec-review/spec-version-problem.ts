// A spec problem found while reading one version of a spec for spec diff (docs/spec-diff.md#exit-codes):
// the same `file:line:col: message` as codegen's (src/spec-problems), the version said after the
// message, since the file may be the one at a git ref rather than the working tree's.
import { specProblem, type SpecProblem } from '../spec-problems/spec-problem.ts';

export function atVersion(problem: SpecProblem, version: string): SpecProblem {
  return specProblem(problem.file, problem.line, problem.col, `${problem.message} (at ${version})`);
}
