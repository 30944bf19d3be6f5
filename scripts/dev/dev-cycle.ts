// One turn of `npm run dev` after a batch of edits (docs/code-generation.md#npm-run-dev): regenerate
// what the edit affects, typecheck, and only when both succeeded restart the service and wait for
// `/readyz`; otherwise the service keeps serving the last good version. One exception, for speed:
// an edit of the permissions alone, once compiled (which checks its rules against the tables, the
// roles and schema.graphql), restarts first and typechecks after, its errors still printed
// (docs/code-generation.md#npm-run-dev says why). Generators a failed turn owed are run by the next
// one, so a fix regenerates everything the broken edit held back; a turn that changed nothing the
// service runs (the fix of a spec problem, say) ends without a restart.
import type { Generator } from '../codegen/generator-selection.ts';
import type { AffectedWork } from './affected-generators.ts';
import type { Regenerator } from './regenerate.ts';
import type { TypecheckResult } from './typecheck.ts';

export interface CycleDeps {
  readonly regenerator: Regenerator;
  typecheck(print: (line: string) => void): Promise<TypecheckResult>;
  /** Stops the running service, starts the new one; the ms from `since` to `/readyz` 200, or an error text. */
  restart(since: number): Promise<Restarted>;
  print(line: string): void;
}

export type Restarted = { readonly readyMs: number } | { readonly failed: string };

export interface DevCycle {
  run(work: AffectedWork, since: number): Promise<void>;
}

/** The generators whose edit restarts before the typecheck: their TypeScript is data the compiler already checked. */
const restartBeforeTypecheck: ReadonlySet<Generator> = new Set(['permissions']);

/** What a turn knows: the loop's parts, the state turns share, and this turn's edit and status. */
interface Turn {
  readonly deps: CycleDeps;
  readonly state: CycleState;
  /** The edited paths, as the status line names them. */
  readonly what: string;
  /** When the edit was seen; every time in the status line counts from it. */
  readonly since: number;
  readonly parts: string[];
}

interface CycleState {
  /** Generators an edit needed that have not run successfully since. */
  readonly owed: Set<Generator>;
  /** False from the first edit the running service does not have until a restart succeeds. */
  servedIsCurrent: boolean;
}

export function createDevCycle(deps: CycleDeps): DevCycle {
  const state: CycleState = { owed: new Set(), servedIsCurrent: true };
  return {
    async run(work, since) {
      if (work.paths.length > 0)
        await runTurn({ deps, state, what: describePaths(work.paths), since, parts: [] }, work);
    },
  };
}

async function runTurn(turn: Turn, work: AffectedWork): Promise<void> {
  const { deps, state } = turn;
  // Restarting before the typecheck only when the permissions would be the one thing the service lacks.
  const wasCurrent = state.servedIsCurrent;
  for (const generator of work.generators) state.owed.add(generator);
  if (work.migrations) deps.regenerator.introspect();
  const generated = new Set(state.owed);
  if (generated.size > 0 && !(await regenerate(turn))) return;
  const sourceEdited = work.paths.some((file) => file.startsWith('src/'));
  if (sourceEdited) state.servedIsCurrent = false;
  if (state.servedIsCurrent) {
    deps.print(`${turn.what}: ${[...turn.parts, 'nothing the service runs changed'].join(', ')}`);
    return;
  }
  const restartFirst =
    wasCurrent &&
    !sourceEdited &&
    generated.size > 0 &&
    [...generated].every((name) => restartBeforeTypecheck.has(name));
  await (restartFirst ? restartThenCheck : checkThenRestart)(turn);
}

/** Runs the owed generators; false after printing the problems. */
async function regenerate(turn: Turn): Promise<boolean> {
  const { deps, state } = turn;
  const generators = new Set(state.owed);
  const result = await deps.regenerator.run(generators);
  if (!result.ok) {
    for (const problem of result.problems) deps.print(problem);
    const count = result.problems.length;
    deps.print(`${turn.what}: ${count} problem(s), nothing generated; still serving the last good version`);
    return false;
  }
  state.owed.clear();
  if (result.written.length > 0 || result.removed.length > 0) state.servedIsCurrent = false;
  const files = `${result.written.length} written, ${result.removed.length} removed`;
  turn.parts.push(`regenerated ${[...generators].sort().join(', ')} (${files}) in ${elapsed(turn.since)} ms`);
  return true;
}

/** Typecheck, then restart when it passed. */
async function checkThenRestart(turn: Turn): Promise<void> {
  const checked = await turn.deps.typecheck(turn.deps.print);
  if (checked.errors > 0) {
    const failed = `typecheck: ${checked.errors} error(s) at ${elapsed(turn.since)} ms`;
    turn.deps.print(`${turn.what}: ${[...turn.parts, failed].join(', ')}; still serving the last good version`);
    return;
  }
  turn.parts.push(`typecheck ok at ${elapsed(turn.since)} ms`);
  report(turn, await turn.deps.restart(turn.since));
}

/**
 * Restart, then typecheck (not at once: on two cores they would slow each other, and the
 * restart is what the edit waits for); a type error is reported against the version now running.
 */
async function restartThenCheck(turn: Turn): Promise<void> {
  const restarted = await turn.deps.restart(turn.since);
  const checked = await turn.deps.typecheck(turn.deps.print);
  const typecheck =
    checked.errors > 0
      ? `typecheck: ${checked.errors} error(s) at ${elapsed(turn.since)} ms (the service runs this edit)`
      : `typecheck ok at ${elapsed(turn.since)} ms`;
  report(turn, restarted, typecheck);
}

function report(turn: Turn, restarted: Restarted, after?: string): void {
  const { deps, parts } = turn;
  const tail = after ? [after] : [];
  if ('failed' in restarted) {
    deps.print(restarted.failed);
    deps.print(`${turn.what}: ${[...parts, ...tail].join(', ')}; the service did not start (above)`);
    return;
  }
  turn.state.servedIsCurrent = true;
  deps.print(`${turn.what}: ${[...parts, `ready in ${restarted.readyMs} ms`, ...tail].join(', ')}`);
}

function describePaths(paths: readonly string[]): string {
  return paths.length <= 3 ? paths.join(' ') : `${paths.slice(0, 3).join(' ')} (+${paths.length - 3} more)`;
}

function elapsed(since: number): number {
  return Math.round(performance.now() - since);
}
