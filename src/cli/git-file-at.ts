// A file as it is at a git ref (`git show <ref>:<file>`), for the review commands that compare two
// versions: `npm run access -- diff` (scripts/permissions-versions.ts) and `npm run spec:diff`.
import { execFileSync } from 'node:child_process';

/** Runs git in `cwd`; its stderr is kept on the thrown error for the message. */
export function git(cwd: string, args: readonly string[]): string {
  return execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** The text of `file` at `ref`; throws an Error saying which file, which ref and git's reason. */
export function gitFileAt(root: string, ref: string, file: string): string {
  try {
    return git(root, ['show', `${ref}:${file}`]);
  } catch (error) {
    const stderr = String((error as { stderr?: unknown }).stderr ?? '').trim();
    throw new Error(`cannot read ${file} at '${ref}': ${stderr || (error as Error).message}`, { cause: error });
  }
}
