// parse → validate structure → compile, with every problem reported as
// `file:line:col: message` (src/spec-problems) in one PermissionsFileError.
import { yamlProblem } from '../../../src/spec-problems/locate-yaml-node.ts';
import {
  parseYamlWithPositions,
  type YamlWithPositions,
} from '../../../src/spec-problems/parse-yaml-with-positions.ts';
import { compilePermissions, type CompiledPermissions } from './compile-permissions.ts';
import type { DbSchema } from './database-schema.ts';
import { PermissionsFileError } from './permissions-file-error.ts';
import type { PermissionsSource } from './permissions-source.ts';
import { validatePermissionsStructure } from './validate-permissions-structure.ts';
import type { ValidationIssue } from './validation-issue.ts';

export interface PermissionsFileInput {
  readonly yamlText: string;
  /** How messages name the file, e.g. `permissions.yaml`. */
  readonly fileName: string;
  readonly database: DbSchema;
  /** The root fields of schema.graphql, which business_operations may name; absent: not checked. */
  readonly rootFields?: ReadonlySet<string>;
}

function fileError(parsed: YamlWithPositions, issues: readonly ValidationIssue[]): PermissionsFileError {
  return new PermissionsFileError(issues.map((found) => yamlProblem(parsed, found.path, found.at, found.message)));
}

export function compilePermissionsFile(input: PermissionsFileInput): CompiledPermissions {
  const parsed = parseYamlWithPositions(input.yamlText, input.fileName);
  if (!parsed.ok) throw new PermissionsFileError(parsed.problems);
  const structural = validatePermissionsStructure(parsed.parsed.value);
  // Semantic checks assume the structure the schema describes, so they wait for it.
  if (structural.length > 0) throw fileError(parsed.parsed, structural);
  const result = compilePermissions(parsed.parsed.value as PermissionsSource, input.database, input.rootFields ?? null);
  if (!result.ok) throw fileError(parsed.parsed, result.issues);
  return result.compiled;
}
