// `npm run access -- <command>`: auditors' tooling over permissions.yaml's compiled rules
// (docs/access-review.md). No database, no configuration: it reads the compiled rules and, for
// lint and diff, an allow-list; diff compiles permissions.yaml at git refs in a child process
// (scripts/permissions-versions.ts: codegen's compiler, which src/ does not import). Exit codes:
// 0 done, 1 lint findings or diff widenings not allowed, 2 usage, unknown names, bad versions.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ReviewError } from '../access-review/review-error.ts';
import { AccessUsageError, accessUsage, parseAccessCommand } from './parse-access-command.ts';

const root = path.resolve(import.meta.dirname, '../..');
const defaultAllowLists = {
  lint: path.join(root, 'access-lint-allow.yaml'),
  diff: path.join(root, 'access-diff-allow.yaml'),
};

function readAllowList(
  file: string | undefined,
  kind: 'lint' | 'diff' = 'lint',
): { name: string; text: string } | null {
  const defaultAllowList = defaultAllowLists[kind];
  if (file === undefined && !existsSync(defaultAllowList)) return null;
  const name = file ?? defaultAllowList;
  try {
    return { name: path.relative(process.cwd(), name) || name, text: readFileSync(name, 'utf8') };
  } catch (error) {
    throw new ReviewError(`cannot read the allow-list ${name}: ${(error as Error).message}`);
  }
}

/** The compiled models of permissions.yaml at `refs` (`-`: the working tree). */
function permissionsVersions(refs: readonly string[]): unknown[] {
  const script = path.join(root, 'scripts/permissions-versions.ts');
  const child = spawnSync(process.execPath, [script, ...refs], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  if (child.status !== 0) throw new ReviewError((child.stderr || `${script} failed`).trim());
  return JSON.parse(child.stdout) as unknown[];
}

async function main(argv: readonly string[]): Promise<number> {
  try {
    const command = parseAccessCommand(argv);
    if (command.name === 'help') {
      process.stdout.write(accessUsage);
      return 0;
    }
    // Loaded once the command line is known good: help and usage errors answer at once.
    const { runAccessCommand } = await import('./access-commands.ts');
    return runAccessCommand(command, {
      out: (text) => process.stdout.write(text),
      readAllowList,
      permissionsVersions,
    });
  } catch (error) {
    if (error instanceof AccessUsageError) {
      process.stderr.write(`error: ${error.message}\n\n${accessUsage}`);
      return 2;
    }
    if (error instanceof ReviewError) {
      process.stderr.write(`error: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
}

// `npm run access -- export --format csv | head` closes the pipe early: that is the reader's
// choice, not a failure worth a stack trace.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(0);
});
process.exitCode = await main(process.argv.slice(2));
