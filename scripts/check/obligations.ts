// Every obligation CI enforces (.ci/run) as `npm run check` runs it on a change
// (docs/testing.md#npm-run-check): the command, the command to rerun by hand, and when it may be
// skipped because none of its inputs changed. Typecheck and the doc-backed tests always run: a
// type and a page's link can break from a file far away.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Changes } from './changed-files.ts';
import { eslintProblems } from './eslint-problems.ts';

export interface Obligation {
  readonly name: string;
  /** null: run it; else why it is skipped. */
  readonly skip: (changes: Changes) => string | null;
  /** The argv to run (in the repository root). */
  readonly command: (changes: Changes) => readonly string[];
  /** The same, as a developer types it. */
  readonly rerun: (changes: Changes) => string;
  /** The file to edit when the output names none it can point to. */
  readonly fallbackFile?: string;
  /** The tool's output as lines a reader (and problemReport) can place, when it prints otherwise. */
  readonly readOutput?: (output: string) => string;
}

/** Library upgrades change every tool's verdict. */
const packages = ['package.json', 'package-lock.json'];
/** What the generators, the compiled rules and the reviews are built from. */
const sourcesOfGeneratedCode = [
  'openapi.yaml',
  'schema.graphql',
  'permissions.yaml',
  'permissions.schema.json',
  'codegen.yml',
  'src/',
  'scripts/',
  'generated/',
  'sdk/',
  ...packages,
];

function touches(changes: Changes, inputs: readonly string[]): boolean {
  return changes.files.some((file) =>
    inputs.some((input) => (input.endsWith('/') ? file.startsWith(input) : file === input)),
  );
}

function unlessChanged(inputs: readonly string[], why: string): (changes: Changes) => string | null {
  return (changes) => (touches(changes, inputs) ? null : why);
}

const npmRun = (script: string, ...args: string[]): string[] =>
  args.length > 0 ? ['npm', 'run', '--silent', script, '--', ...args] : ['npm', 'run', '--silent', script];

/** The changed files that still exist with one of `extensions` (all when the list is empty). */
export function existingChangedFiles(root: string, changes: Changes, extensions: readonly string[]): string[] {
  return changes.files.filter(
    (file) =>
      existsSync(path.join(root, file)) &&
      (extensions.length === 0 || extensions.some((extension) => file.endsWith(extension))),
  );
}

const lintable = ['.ts', '.js', '.mjs', '.cjs'];
/** A change of the tool's own configuration re-judges every file, not only the changed ones. */
const lintConfiguration = ['eslint.config.js', ...packages];
const formatConfiguration = ['.prettierrc.json', '.prettierignore', ...packages];

function compareWith(changes: Changes): string {
  return changes.base ?? 'HEAD';
}

function noBase(changes: Changes): string | null {
  return changes.base === null ? 'no commit to compare with' : null;
}

export function obligations(root: string): Obligation[] {
  const lintFiles = (changes: Changes) => existingChangedFiles(root, changes, lintable);
  const formatFiles = (changes: Changes) => existingChangedFiles(root, changes, []);
  const eslint = (changes: Changes) =>
    touches(changes, lintConfiguration) ? ['.'] : ['--no-warn-ignored', ...lintFiles(changes)];
  const prettier = (changes: Changes) =>
    touches(changes, formatConfiguration) ? ['.'] : ['--ignore-unknown', ...formatFiles(changes)];
  const shellWords = (words: readonly string[]) => words.join(' ');
  return [
    {
      name: 'codegen --check',
      skip: unlessChanged(sourcesOfGeneratedCode, 'no spec, source, generated file or package changed'),
      command: () => npmRun('codegen', '--check'),
      rerun: () => 'npm run codegen -- --check (npm run codegen rewrites)',
      fallbackFile: 'generated/',
    },
    {
      name: 'lint:spec',
      skip: unlessChanged(['openapi.yaml', ...packages], 'openapi.yaml did not change'),
      command: () => npmRun('lint:spec'),
      rerun: () => 'npm run lint:spec',
      fallbackFile: 'openapi.yaml',
    },
    {
      name: 'typecheck',
      skip: () => null,
      command: () => npmRun('typecheck'),
      rerun: () => 'npm run typecheck',
    },
    {
      name: 'lint',
      skip: (changes) =>
        touches(changes, lintConfiguration) || lintFiles(changes).length > 0 ? null : 'no script changed',
      command: (changes) => ['node_modules/.bin/eslint', '--format', 'json', ...eslint(changes)],
      rerun: (changes) => `npx eslint ${shellWords(eslint(changes))}`,
      readOutput: eslintProblems,
    },
    {
      name: 'format:check',
      skip: (changes) =>
        touches(changes, formatConfiguration) || formatFiles(changes).length > 0 ? null : 'no file changed',
      command: (changes) => ['node_modules/.bin/prettier', '--check', ...prettier(changes)],
      rerun: (changes) => `npx prettier --check ${shellWords(prettier(changes))} (--write rewrites)`,
    },
    {
      name: 'access lint',
      skip: unlessChanged(
        ['permissions.yaml', 'access-lint-allow.yaml', 'src/', 'scripts/', 'generated/', ...packages],
        'neither permissions.yaml, its allow-list nor the sources changed',
      ),
      command: () => npmRun('access', 'lint'),
      rerun: () => 'npm run access -- lint',
      fallbackFile: 'permissions.yaml',
    },
    {
      name: 'access diff',
      skip: (changes) =>
        noBase(changes) ??
        unlessChanged(
          ['permissions.yaml', 'access-diff-allow.yaml', 'src/', 'scripts/', 'generated/', ...packages],
          'neither permissions.yaml, its allow-list nor the sources changed',
        )(changes),
      command: (changes) => npmRun('access', 'diff', compareWith(changes)),
      rerun: (changes) => `npm run access -- diff ${compareWith(changes)}`,
      fallbackFile: 'permissions.yaml',
    },
    {
      name: 'spec:diff',
      // The diff of a spec whose text did not change is empty, whatever else changed.
      skip: (changes) =>
        noBase(changes) ??
        unlessChanged(
          ['openapi.yaml', 'schema.graphql', 'spec-diff-allow.yaml'],
          'neither spec nor spec-diff-allow.yaml changed',
        )(changes),
      command: (changes) => npmRun('spec:diff', compareWith(changes)),
      rerun: (changes) => `npm run spec:diff -- ${compareWith(changes)}`,
      fallbackFile: 'openapi.yaml',
    },
    {
      name: 'doc-backed tests',
      skip: () => null,
      command: () => ['npm', 'test', '--silent', '--', 'docs/'],
      rerun: () => 'npm test -- docs/',
      fallbackFile: 'docs/',
    },
  ];
}
