// The codegen part of `npm run dev` (docs/code-generation.md#what-npm-run-dev-regenerates): runs the
// generators an edit affects in this long-lived process (their modules stay loaded), with the
// database introspected once per migration change and openapi.yaml and schema.graphql checked
// again only when their text changed, then writes what differs as `npm run codegen` would.
import { compareWithDisk, writeDifference } from '../codegen/compare-with-disk.ts';
import { type Generator, generatorFolders } from '../codegen/generator-selection.ts';
import type { DbSchema } from '../codegen/permissions/database-schema.ts';
import { runGenerators } from '../codegen/run-generators.ts';
import { validateApiSpecs } from '../codegen/validate-specs.ts';
import { SpecProblemsError } from '../../src/spec-problems/spec-problems-error.ts';
import { introspectInChild } from './introspect-in-child.ts';

export type Regeneration =
  | { readonly ok: true; readonly written: readonly string[]; readonly removed: readonly string[] }
  /** `file:line:col: message` lines, or a failed migration's output. */
  | { readonly ok: false; readonly problems: readonly string[] };

export interface Regenerator {
  /** Starts migrating and introspecting (again), so the next run need not wait for it from scratch. */
  introspect(): void;
  run(generators: ReadonlySet<Generator>): Promise<Regeneration>;
}

export function createRegenerator(root: string): Regenerator {
  let database: Promise<DbSchema> | undefined;
  const introspect = () => {
    database = introspectInChild(root);
    database.catch(() => {});
  };
  const validateApi = lastCheck();
  return {
    introspect,
    async run(generators) {
      if (!database) introspect();
      try {
        const files = await runGenerators(root, { generators, database, validateApiSpecs: validateApi });
        const difference = compareWithDisk(
          root,
          files,
          [...generators].flatMap((name) => generatorFolders[name]),
        );
        writeDifference(root, files, difference);
        return { ok: true, written: difference.stale, removed: difference.orphans };
      } catch (error) {
        if (error instanceof SpecProblemsError) return { ok: false, problems: error.errors };
        // A migration that fails leaves no database to generate from: try again at the next edit.
        database = undefined;
        return { ok: false, problems: [failureText(error)] };
      }
    },
  };
}

/** validateApiSpecs, remembering its last answer: a permissions.yaml edit does not check the other two again. */
function lastCheck(): typeof validateApiSpecs {
  let last: { key: string; answer: ReturnType<typeof validateApiSpecs> } | undefined;
  return (texts) => {
    const key = `${texts.openapi}\u0000${texts.schema}`;
    if (last?.key !== key) last = { key, answer: validateApiSpecs(texts) };
    return last.answer;
  };
}

function failureText(error: unknown): string {
  const stderr = (error as { stderr?: unknown }).stderr;
  if (typeof stderr === 'string' && stderr.trim()) return stderr.trim();
  return error instanceof Error ? error.message : String(error);
}
