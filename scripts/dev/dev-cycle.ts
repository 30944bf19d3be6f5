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

export function createDevCycle(deps: CycleDeps): DevCycle {
  const owed = new Set<Generator>();
  // False from the first edit the running service does not have until a restart succeeds.
  let servedIsCurrent = true;

  /** Runs the owed generators; the status part, or undefined after printing the problems. */
  async function regenerate(what: string, since: number): Promise<string | undefined> {
    const generators = new Set(owed);
    const result = await deps.regenerator.run(generators);
    if (!result.ok) {
      for (const problem of result.problems) deps.print(problem);
      const count = result.problems.length;
      deps.print(`${what}: ${count} problem(s), nothing generated; still serving the last good version`);
      return undefined;
    }
    owed.clear();
    if (result.written.length > 0 || result.removed.length > 0) servedIsCurrent = false;
    const files = `${result.written.length} written, ${result.removed.length} removed`;
    return `regenerated ${[...generators].sort().join(', ')} (${files}) in ${elapsed(since)} ms`;
  }

  /** Typecheck, then restart when it passed. */
  async function checkThenRestart(what: string, parts: string[], since: number): Promise<void> {
    const checked = await deps.typecheck(deps.print);
    if (checked.errors > 0) {
      const failed = `typecheck: ${checked.errors} error(s) at ${elapsed(since)} ms`;
      deps.print(`${what}: ${[...parts, failed].join(', ')}; still serving the last good version`);
      return;
    }
    parts.push(`typecheck ok at ${elapsed(since)} ms`);
    report(what, parts, await deps.restart(since));
  }

  /**
   * Restart, then typecheck (not at once: on two cores they would slow each other, and the
   * restart is what the edit waits for); a type error is reported against the version now running.
   */
  async function restartThenCheck(what: string, parts: string[], since: number): Promise<void> {
    const restarted = await deps.restart(since);
    const checked = await deps.typecheck(deps.print);
    const typecheck =
      checked.errors > 0
        ? `typecheck: ${checked.errors} error(s) at ${elapsed(since)} ms (the service runs this edit)`
        : `typecheck ok at ${elapsed(since)} ms`;
    report(what, parts, restarted, typecheck);
  }

  function report(what: string, parts: string[], restarted: Restarted, after?: string): void {
    if ('failed' in restarted) {
      deps.print(restarted.failed);
      deps.print(`${what}: ${[...parts, ...(after ? [after] : [])].join(', ')}; the service did not start (above)`);
      return;
    }
    servedIsCurrent = true;
    deps.print(`${what}: ${[...parts, `ready in ${restarted.readyMs} ms`, ...(after ? [after] : [])].join(', ')}`);
  }

  return {
    async run(work, since) {
      if (work.paths.length === 0) return;
      const what = describePaths(work.paths);
      // Before the typecheck only when the permissions would be the one thing the service lacks.
      const wasCurrent = servedIsCurrent;
      for (const generator of work.generators) owed.add(generator);
      if (work.migrations) deps.regenerator.introspect();
      const generated = new Set(owed);
      const parts: string[] = [];
      if (generated.size > 0) {
        const part = await regenerate(what, since);
        if (part === undefined) return;
        parts.push(part);
      }
      const sourceEdited = work.paths.some((file) => file.startsWith('src/'));
      if (sourceEdited) servedIsCurrent = false;
      if (servedIsCurrent) {
        deps.print(`${what}: ${[...parts, 'nothing the service runs changed'].join(', ')}`);
        return;
      }
      const restartFirst =
        wasCurrent &&
        !sourceEdited &&
        generated.size > 0 &&
        [...generated].every((name) => restartBeforeTypecheck.has(name));
      await (restartFirst ? restartThenCheck : checkThenRestart)(what, parts, since);
    },
  };
}

function describePaths(paths: readonly string[]): string {
  return paths.length <= 3 ? paths.join(' ') : `${paths.slice(0, 3).join(' ')} (+${paths.length - 3} more)`;
}

function elapsed(since: number): number {
  return Math.round(performance.now() - since);
}
