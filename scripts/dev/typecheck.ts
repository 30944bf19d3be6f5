// The typecheck of `npm run dev`: the project's compiler options (tsconfig.json) over what the
// service runs, src/ and generated/ (tsconfig.service.json beside this file), made incremental with
// a build-info file in .build/ (gitignored), so a check after an edit reuses what the last one
// learnt. The tests, scripts and benches, more than half the code, are left to `npm run typecheck`
// (and `npm run check`): checking them too made a schema.graphql edit's check take 2.5 times the
// CPU (docs/code-generation.md#npm-run-dev), and the service runs none of them. Errors are printed
// as they come, in the `file:line:col: message` form the spec problems use (tsc itself writes
// `file(line,col): …`), so an editor jumps to either.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';

export interface TypecheckResult {
  readonly errors: number;
}

const compiler = 'node_modules/typescript7/bin/tsc';
export const typecheckBuildInfo = '.build/dev-typecheck.tsbuildinfo';
/** src/ and generated/ under tsconfig.json's options; tsc names files relative to the working directory, the checkout. */
const serviceProject = 'scripts/dev/tsconfig.service.json';

export async function typecheck(root: string, print: (line: string) => void): Promise<TypecheckResult> {
  const args = [compiler, '-p', serviceProject, '--noEmit', '--pretty', 'false', '--incremental'];
  const child = spawn(process.execPath, [...args, '--tsBuildInfoFile', typecheckBuildInfo], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let errors = 0;
  const onLine = (line: string) => {
    const located = compilerLocation(line);
    if (located !== line || /^error TS\d+/.test(line)) errors += 1;
    if (line.trim()) print(located);
  };
  createInterface({ input: child.stdout }).on('line', onLine);
  createInterface({ input: child.stderr }).on('line', onLine);
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  // A failure that printed no error line (tsc crashed, say) still counts as one.
  return { errors: code === 0 ? 0 : Math.max(errors, 1) };
}

/** `src/a.ts(42,5): error TS2741: …` → `src/a.ts:42:5: error TS2741: …`; other lines unchanged. */
export function compilerLocation(line: string): string {
  const match = /^(.+?)\((\d+),(\d+)\): (error .*)$/.exec(line);
  return match ? `${match[1]?.split(path.sep).join('/')}:${match[2]}:${match[3]}: ${match[4]}` : line;
}
