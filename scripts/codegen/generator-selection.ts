// Which generators a run of run-generators.ts runs (docs/code-generation.md#what-npm-run-dev-regenerates).
// `npm run codegen` runs every one; `npm run dev` runs those an edit affects, and hands over what
// it already has: the introspected database (a throwaway PostgreSQL costs seconds) and the
// checks of specs that did not change.
import type { DbSchema } from './permissions/database-schema.ts';
import type { validateApiSpecs } from './validate-specs.ts';

/**
 * database: generated/database/ (from the migrations); openapi: generated/openapi/; graphql:
 * generated/graphql/ (schema.graphql, codegen.yml); permissions: generated/permissions/ and
 * generated/data-layer/; sdk: the client SDK, sdk/src/generated/, sdk/data-layer/, sdk/dist/.
 * generated/codegen-inputs.json is written by every run.
 */
export type Generator = 'database' | 'openapi' | 'graphql' | 'permissions' | 'sdk';

export const generators: readonly Generator[] = ['database', 'openapi', 'graphql', 'permissions', 'sdk'];

export interface GeneratorSelection {
  readonly generators: ReadonlySet<Generator>;
  /** The migrated database, introspected; by default a throwaway PostgreSQL is migrated for it. */
  readonly database?: Promise<DbSchema>;
  /** Checks openapi.yaml and schema.graphql; by default validate-specs.ts's, run afresh. */
  readonly validateApiSpecs?: typeof validateApiSpecs;
}

export const everyGenerator: GeneratorSelection = { generators: new Set(generators) };

/** The folders only a generator writes: a partial run removes files no generator produced only there. */
export const generatorFolders: Readonly<Record<Generator, readonly string[]>> = {
  database: ['generated/database'],
  openapi: ['generated/openapi'],
  graphql: ['generated/graphql'],
  permissions: ['generated/permissions', 'generated/data-layer'],
  sdk: ['sdk/src/generated', 'sdk/dist', 'sdk/data-layer'],
};
