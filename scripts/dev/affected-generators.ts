// What an edit affects, for `npm run dev` (docs/code-generation.md#what-npm-run-dev-regenerates):
// the changed paths of one batch → the generators to run, whether the database must be migrated
// and introspected again, and whether anything is to do at all. Pure, so the mapping is tested on
// its own (test/scripts/dev/affected-generators.test.ts).
import type { Generator } from '../codegen/generator-selection.ts';
import { migrationsFolder } from '../../src/composition/codegen-inputs.js';

export interface AffectedWork {
  /** The generators whose inputs changed; the SDK is never among them (left to `npm run codegen`). */
  readonly generators: ReadonlySet<Generator>;
  /** A migration changed: the throwaway database is migrated and introspected again. */
  readonly migrations: boolean;
  /** The changed paths the loop reacts to (typecheck and restart), relative to the checkout. */
  readonly paths: readonly string[];
}

/** Spec or configuration file at the checkout's root → the generators that read it. */
const rootInputs: Readonly<Record<string, readonly Generator[]>> = {
  'openapi.yaml': ['openapi'],
  'schema.graphql': ['graphql'],
  'codegen.yml': ['graphql'],
  'permissions.yaml': ['permissions'],
  'permissions.schema.json': ['permissions'],
};

/** The database types, and the permissions compiled against the tables, come from the migrations. */
const migrationGenerators: readonly Generator[] = ['database', 'permissions'];

/** Editors' swap, backup and probe files (vim's `4913`), which come and go beside an edited file. */
const editorScratch = /(^|\/)(\.[^/]*|[^/]*~|[^/]*\.sw[px]|4913)$/;

/** Paths relative to the checkout, `/`-separated; anything outside the watched inputs is ignored. */
export function affectedWork(changed: Iterable<string>): AffectedWork {
  const generators = new Set<Generator>();
  const paths = new Set<string>();
  let migrations = false;
  for (const file of changed) {
    if (editorScratch.test(file)) continue;
    const fromRoot = rootInputs[file];
    if (fromRoot) for (const generator of fromRoot) generators.add(generator);
    else if (file.startsWith(`${migrationsFolder}/`)) {
      migrations = true;
      for (const generator of migrationGenerators) generators.add(generator);
    } else if (!file.startsWith('src/')) continue;
    paths.add(file);
  }
  return { generators, migrations, paths: [...paths].sort() };
}

/** Whether a path (relative, `/`-separated) is one `npm run dev` watches. */
export function isWatchedInput(file: string): boolean {
  return affectedWork([file]).paths.length > 0;
}
