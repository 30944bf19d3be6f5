// parse → validate structure → compile, with every problem reported as
// `file:line:col: message` (sorted by position) in one PermissionsFileError.
import { compilePermissions, type CompiledPermissions } from './compile-permissions.ts';
import type { DbSchema } from './database-schema.ts';
import { locateYamlNode } from './locate-yaml-node.ts';
import { parsePermissionsYaml, type ParsedPermissionsYaml } from './parse-permissions-yaml.ts';
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

function formatIssues(parsed: ParsedPermissionsYaml, fileName: string, issues: readonly ValidationIssue[]): string[] {
  const located = issues.map((found) => ({
    ...locateYamlNode(parsed.document, parsed.lineCounter, found.path, found.at),
    message: found.message,
  }));
  located.sort(
    (a, b) => a.line - b.line || a.col - b.col || (a.message < b.message ? -1 : a.message > b.message ? 1 : 0),
  );
  const lines = located.map(({ line, col, message }) => `${fileName}:${line}:${col}: ${message}`);
  return lines.filter((line, index) => lines.indexOf(line) === index);
}

export function compilePermissionsFile(input: PermissionsFileInput): CompiledPermissions {
  const parsed = parsePermissionsYaml(input.yamlText, input.fileName);
  if (!parsed.ok) throw new PermissionsFileError(parsed.errors);
  const structural = validatePermissionsStructure(parsed.parsed.value);
  // Semantic checks assume the structure the schema describes, so they wait for it.
  if (structural.length > 0) throw new PermissionsFileError(formatIssues(parsed.parsed, input.fileName, structural));
  const result = compilePermissions(parsed.parsed.value as PermissionsSource, input.database, input.rootFields ?? null);
  if (!result.ok) throw new PermissionsFileError(formatIssues(parsed.parsed, input.fileName, result.issues));
  return result.compiled;
}
