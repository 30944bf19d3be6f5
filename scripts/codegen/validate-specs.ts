// Every spec checked before any generator runs (docs/code-generation.md#spec-problems):
// openapi.yaml and schema.graphql at once, and permissions.yaml once the throwaway database is
// introspected (its rules name tables and columns). All problems of all three are reported
// together, as `file:line:col: message` lines in one SpecProblemsError.
import type { YamlWithPositions } from '../../src/spec-problems/parse-yaml-with-positions.ts';
import type { SpecProblem } from '../../src/spec-problems/spec-problem.ts';
import { SpecProblemsError } from '../../src/spec-problems/spec-problems-error.ts';
import { validateGraphqlSchema } from '../../src/spec-review/graphql/validate-graphql-schema.ts';
import { schemaRootFields } from './graphql/schema-root-fields.ts';
import { validateOpenApi } from './openapi/validate-openapi.ts';
import type { DbSchema } from './permissions/database-schema.ts';
import { compilePermissionsFile, PermissionsFileError } from './permissions/generate-permissions.ts';

export interface SpecTexts {
  readonly openapi: string;
  readonly schema: string;
  readonly permissions: string;
}

export const specFiles = {
  openapi: 'openapi.yaml',
  schema: 'schema.graphql',
  permissions: 'permissions.yaml',
} as const;

/** openapi.yaml and schema.graphql; on success the parsed OpenAPI document. */
export async function validateApiSpecs(
  texts: SpecTexts,
): Promise<{ openapi: YamlWithPositions | null; problems: SpecProblem[] }> {
  const openapi = await validateOpenApi(texts.openapi, specFiles.openapi);
  const problems = [...(openapi.ok ? [] : openapi.problems), ...validateGraphqlSchema(texts.schema, specFiles.schema)];
  return { openapi: openapi.ok ? openapi.parsed : null, problems };
}

/**
 * Throws SpecProblemsError naming every problem of the three specs, given those already found in
 * the API specs; permissions.yaml's root-field check runs only on a schema.graphql that builds.
 */
export function throwSpecProblems(texts: SpecTexts, apiProblems: readonly SpecProblem[], database: DbSchema): never {
  const schemaIsValid = !apiProblems.some((problem) => problem.file === specFiles.schema);
  const permissionsProblems = permissionsFileProblems({
    yamlText: texts.permissions,
    fileName: specFiles.permissions,
    database,
    rootFields: schemaIsValid ? schemaRootFields(texts.schema) : undefined,
  });
  throw new SpecProblemsError([...apiProblems, ...permissionsProblems]);
}

function permissionsFileProblems(input: Parameters<typeof compilePermissionsFile>[0]): readonly SpecProblem[] {
  try {
    compilePermissionsFile(input);
    return [];
  } catch (error) {
    if (error instanceof PermissionsFileError) return error.problems;
    throw error;
  }
}
