// One turn of `npm run dev` after a batch of edits (docs/code-generation.md#npm-run-dev): regenerate
// what the edit affects, typecheck, and only when both succeeded restart the service and wait for
// `/readyz`; otherwise the service keeps serving the last good version. Generators a failed turn
// owed are run by the next one, so a fix regenerates everything the broken edit held back; a
// turn that changed nothing the service runs from (the fix of a spec problem, say) ends without a
// restart.
import type { Generator } from '../codegen/generator-selection.ts';
import type { AffectedWork } from './affected-generators.ts';
import type { Regenerator } from './regenerate.ts';
import type { TypecheckResult } from './typecheck.ts';

export interface CycleDeps {
  readonly regenerator: Regenerator;
  typecheck(print: (line: string) => void): Promise<TypecheckResult>;
  /** Stops the running service, starts the new one; the ms from `since` to `/readyz` 200, or an error text. */
  restart(since: number): Promise<{ readyMs: number } | { failed: string }>;
  print(line: string): void;
}

export interface DevCycle {
  run(work: AffectedWork, since: number): Promise<void>;
}

export function createDevCycle(deps: CycleDeps): DevCycle {
  const owed = new Set<Generator>();
  // False from the first edit the running service does not have until a restart succeeds.
  let servedIsCurrent = true;
  return {
    async run(work, since) {
      if (work.paths.length === 0) return;
      const what = describePaths(work.paths);
      for (const generator of work.generators) owed.add(generator);
      if (work.migrations) deps.regenerator.introspect();
      const parts: string[] = [];
      if (owed.size > 0) {
        const generators = new Set(owed);
        const result = await deps.regenerator.run(generators);
        if (!result.ok) {
          for (const problem of result.problems) deps.print(problem);
          deps.print(
            `${what}: ${result.problems.length} problem(s), nothing generated; still serving the last good version`,
          );
          return;
        }
        owed.clear();
        if (result.written.length > 0 || result.removed.length > 0) servedIsCurrent = false;
        parts.push(
          `regenerated ${[...generators].sort().join(', ')} (${result.written.length} written, ${result.removed.length} removed) in ${elapsed(since)} ms`,
        );
      }
      if (work.paths.some((file) => file.startsWith('src/'))) servedIsCurrent = false;
      if (servedIsCurrent) {
        deps.print(`${what}: ${[...parts, 'nothing the service runs changed'].join(', ')}`);
        return;
      }
      const checked = await deps.typecheck(deps.print);
      if (checked.errors > 0) {
        const failed = `typecheck: ${checked.errors} error(s) at ${elapsed(since)} ms`;
        deps.print(`${what}: ${[...parts, failed].join(', ')}; still serving the last good version`);
        return;
      }
      parts.push(`typecheck ok at ${elapsed(since)} ms`);
      const restarted = await deps.restart(since);
      if ('failed' in restarted) {
        deps.print(restarted.failed);
        deps.print(`${what}: ${parts.join(', ')}; the service did not start (above)`);
        return;
      }
      servedIsCurrent = true;
      deps.print(`${what}: ${[...parts, `ready in ${restarted.readyMs} ms`].join(', ')}`);
    },
  };
}

function describePaths(paths: readonly string[]): string {
  return paths.length <= 3 ? paths.join(' ') : `${paths.slice(0, 3).join(' ')} (+${paths.length - 3} more)`;
}

function elapsed(since: number): number {
  return Math.round(performance.now() - since);
}
