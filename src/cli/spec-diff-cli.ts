// `npm run spec:diff -- REF [REF]`: the breaking-change gate over openapi.yaml and schema.graphql
// (docs/spec-diff.md). Reads each spec at a git ref with `git show` (or from the working tree) of
// the git repository it runs in (npm runs it at this one's root), and the allow-list
// spec-diff-allow.yaml at that root. Exit codes: 0 no breaking change outside the allow-list,
// 1 some, 2 usage, unknown ref, a spec that does not parse (its problems as `file:line:col: message`),
// a malformed allow-list.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { git, gitFileAt } from './git-file-at.ts';
import type { SpecVersion } from '../spec-review/diff-specs.ts';
import { SpecProblemsError } from '../spec-problems/spec-problems-error.ts';
import { SpecReviewError } from '../spec-review/spec-review-error.ts';
import { parseSpecDiffCommand, SpecDiffUsageError, specDiffUsage } from './parse-spec-diff-command.ts';
import type { SpecDiffIo } from './spec-diff-command.ts';

function repositoryRoot(): string {
  try {
    return git(process.cwd(), ['rev-parse', '--show-toplevel']).trim();
  } catch {
    throw new SpecReviewError(`${process.cwd()} is not inside a git repository`);
  }
}

function readAllowList(root: string, file: string | undefined): { name: string; text: string } | null {
  const defaultAllowList = path.join(root, 'spec-diff-allow.yaml');
  if (file === undefined && !existsSync(defaultAllowList)) return null;
  const name = file ?? defaultAllowList;
  try {
    return { name: path.relative(process.cwd(), name) || name, text: readFileSync(name, 'utf8') };
  } catch (error) {
    throw new SpecReviewError(`cannot read the allow-list ${name}: ${(error as Error).message}`);
  }
}

function fileAt(root: string, ref: string, file: string): string {
  try {
    return gitFileAt(root, ref, file);
  } catch (error) {
    throw new SpecReviewError((error as Error).message);
  }
}

function specsAt(root: string, ref: string | null): SpecVersion {
  if (ref === null) {
    const read = (file: string) => {
      try {
        return readFileSync(path.join(root, file), 'utf8');
      } catch (error) {
        throw new SpecReviewError(`cannot read ${file} in the working tree: ${(error as Error).message}`);
      }
    };
    return { name: 'working tree', openapi: read('openapi.yaml'), graphql: read('schema.graphql') };
  }
  try {
    git(root, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);
  } catch {
    throw new SpecReviewError(`unknown git ref '${ref}'`);
  }
  return { name: ref, openapi: fileAt(root, ref, 'openapi.yaml'), graphql: fileAt(root, ref, 'schema.graphql') };
}

async function main(argv: readonly string[]): Promise<number> {
  try {
    const command = parseSpecDiffCommand(argv);
    if (command.name === 'help') {
      process.stdout.write(specDiffUsage);
      return 0;
    }
    const root = repositoryRoot();
    const io: SpecDiffIo = {
      out: (text) => process.stdout.write(text),
      readAllowList: (file) => readAllowList(root, file),
      specsAt: (ref) => specsAt(root, ref),
    };
    // Loaded once the command line is known good: help and usage errors answer at once.
    const { runSpecDiff } = await import('./spec-diff-command.ts');
    return await runSpecDiff(command, io);
  } catch (error) {
    if (error instanceof SpecDiffUsageError) {
      process.stderr.write(`error: ${error.message}\n\n${specDiffUsage}`);
      return 2;
    }
    if (error instanceof SpecReviewError) {
      process.stderr.write(`error: ${error.message}\n`);
      return 2;
    }
    // Spec problems at their place, one per line, as codegen prints them (src/spec-problems).
    if (error instanceof SpecProblemsError) {
      process.stderr.write(`${error.errors.join('\n')}\n`);
      return 2;
    }
    throw error;
  }
}

// `npm run spec:diff -- HEAD~1 | head` closes the pipe early: the reader's choice, not a failure.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(0);
});
process.exitCode = await main(process.argv.slice(2));
