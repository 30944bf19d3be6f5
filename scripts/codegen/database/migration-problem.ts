// A migration that fails in codegen's throwaway database, as a problem at its place
// (docs/code-generation.md#spec-problems): `src/db/migrations/<name>.ts:line:col: migration <name>
// failed: <the database's message>`, the line and column those of the statement that failed (the
// migration's own frame in the error's stack), so a broken migration reads like a broken spec
// and not like a stack trace. A migration whose module does not load has no such frame: its file,
// at the place Node names when it does, else its first line.
import { migrationsFolder } from '../../../src/composition/codegen-inputs.js';
import type { MigrationFailedError } from '../../../src/db/migrate.ts';
import { specProblem, type SpecProblem } from '../../../src/spec-problems/spec-problem.ts';

export function migrationProblem(error: MigrationFailedError): SpecProblem {
  const file = error.migrationName ? `${migrationsFolder}/${error.migrationName}.ts` : `${migrationsFolder}/index.ts`;
  const { line, col } = frameIn(error.cause, file) ?? { line: 1, col: 1 };
  return specProblem(file, line, col, error.message);
}

/** The first `<file>:line:col` in the stacks and messages of `error` and its causes. */
function frameIn(error: unknown, file: string): { line: number; col: number } | undefined {
  const place = new RegExp(`${file.replace(/[.\\-]/g, '\\$&')}:(\\d+)(?::(\\d+))?`);
  for (let current = error; current instanceof Error; current = current.cause) {
    const found = place.exec(`${current.stack ?? ''}\n${current.message}`);
    if (found) return { line: Number(found[1]), col: Number(found[2] ?? 1) };
  }
  return undefined;
}
