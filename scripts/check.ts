// `npm run check`: every obligation CI enforces (.ci/run), run on what changed since the merge base
// with main (docs/testing.md#npm-run-check). One line per obligation, in a fixed order: ok, skipped
// (and why), or failed with the file to edit and the command to rerun, then its first problem
// lines. Exit code 1 when any failed.
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { changesSince, type Changes } from './check/changed-files.ts';
import { obligations, type Obligation } from './check/obligations.ts';
import { problemReport } from './check/problem-report.ts';
import { runCommand } from './check/run-command.ts';
import { runInOrder } from './check/run-in-order.ts';

const root = path.resolve(import.meta.dirname, '..');

type Outcome = { status: 'ok' } | { status: 'skipped'; why: string } | { status: 'failed'; output: string };

async function fulfil(obligation: Obligation, changes: Changes): Promise<Outcome> {
  const why = obligation.skip(changes);
  if (why !== null) return { status: 'skipped', why };
  const { code, output } = await runCommand(root, obligation.command(changes));
  return code === 0 ? { status: 'ok' } : { status: 'failed', output };
}

function outcomeText(obligation: Obligation, outcome: Outcome, changes: Changes): string {
  const label = (status: string) => `${status.padEnd(8)} ${obligation.name}`;
  if (outcome.status === 'ok') return label('ok');
  if (outcome.status === 'skipped') return `${label('skipped')}: ${outcome.why}`;
  const output = obligation.readOutput ? obligation.readOutput(outcome.output) : outcome.output;
  const { file, lines } = problemReport(root, output, obligation.fallbackFile);
  const where = file ? `edit ${file}; ` : '';
  const problems = lines.map((line) => `${' '.repeat(9)}${line}`);
  return [`${label('failed')}: ${where}rerun: ${obligation.rerun(changes)}`, ...problems].join('\n');
}

function heading(changes: Changes): string {
  const since = changes.base ? `${changes.base.slice(0, 10)} (${changes.baseName})` : 'the first commit';
  return `check: ${changes.files.length} changed file(s) since ${since}`;
}

const changes = changesSince(root);
process.stdout.write(`${heading(changes)}\n`);
const list = obligations(root);
// Two cores are plenty busy with tsc and eslint; more only where the machine has them.
const concurrency = Math.min(4, Math.max(2, availableParallelism() - 1));
const outcomes = await runInOrder(
  list,
  concurrency,
  (obligation) => fulfil(obligation, changes),
  (obligation, outcome) => process.stdout.write(`${outcomeText(obligation, outcome, changes)}\n`),
);
const failed = outcomes.filter((outcome) => outcome.status === 'failed').length;
process.stdout.write(failed === 0 ? 'check: all obligations met\n' : `check: ${failed} of ${list.length} failed\n`);
process.exitCode = failed === 0 ? 0 : 1;
