// `npm run spec:diff -- REF [REF]`: the breaking-change gate over openapi.yaml and schema.graphql
// (docs/spec-diff.md). Reads each spec at a git ref with `git show` (or from the working tree),
// and the allow-list spec-diff-allow.yaml. Exit codes: 0 no breaking change outside the
// allow-list, 1 some, 2 usage, unknown ref, a spec that does not parse, a malformed allow-list.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { SpecVersion } from '../spec-review/diff-specs.ts';
import { SpecReviewError } from '../spec-review/spec-review-error.ts';
import { parseSpecDiffCommand, SpecDiffUsageError, specDiffUsage } from './parse-spec-diff-command.ts';

const root = path.resolve(import.meta.dirname, '../..');
const defaultAllowList = path.join(root, 'spec-diff-allow.yaml');

function readAllowList(file: string | undefined): { name: string; text: string } | null {
  if (file === undefined && !existsSync(defaultAllowList)) return null;
  const name = file ?? defaultAllowList;
  try {
    return { name: path.relative(process.cwd(), name) || name, text: readFileSync(name, 'utf8') };
  } catch (error) {
    throw new SpecReviewError(`cannot read the allow-list ${name}: ${(error as Error).message}`);
  }
}

function git(args: readonly string[]): string {
  return execFileSync('git', args, {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function fileAt(ref: string, file: string): string {
  try {
    return git(['show', `${ref}:${file}`]);
  } catch (error) {
    const stderr = String((error as { stderr?: unknown }).stderr ?? '').trim();
    throw new SpecReviewError(`cannot read ${file} at '${ref}': ${stderr || (error as Error).message}`);
  }
}

function specsAt(ref: string | null): SpecVersion {
  if (ref === null) {
    const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
    return { name: 'working tree', openapi: read('openapi.yaml'), graphql: read('schema.graphql') };
  }
  try {
    git(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);
  } catch {
    throw new SpecReviewError(`unknown git ref '${ref}'`);
  }
  return { name: ref, openapi: fileAt(ref, 'openapi.yaml'), graphql: fileAt(ref, 'schema.graphql') };
}

async function main(argv: readonly string[]): Promise<number> {
  try {
    const command = parseSpecDiffCommand(argv);
    if (command.name === 'help') {
      process.stdout.write(specDiffUsage);
      return 0;
    }
    // Loaded once the command line is known good: help and usage errors answer at once.
    const { runSpecDiff } = await import('./spec-diff-command.ts');
    return await runSpecDiff(command, { out: (text) => process.stdout.write(text), readAllowList, specsAt });
  } catch (error) {
    if (error instanceof SpecDiffUsageError) {
      process.stderr.write(`error: ${error.message}\n\n${specDiffUsage}`);
      return 2;
    }
    if (error instanceof SpecReviewError) {
      process.stderr.write(`error: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
}

process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(0);
});
process.exitCode = await main(process.argv.slice(2));
