// What every compile step reads (names known so far) and where it reports problems.
import type { DatabaseIndex } from './database-index.ts';
import type { RelationshipModel } from './permission-model.ts';
import type { SessionVariableType } from './permissions-source.ts';
import { issue, type ValidationIssue, type YamlPath } from './validation-issue.ts';

export interface CompileContext {
  readonly database: DatabaseIndex;
  readonly sessionVariables: ReadonlyMap<string, SessionVariableType>;
  readonly secretColumns: ReadonlyMap<string, ReadonlySet<string>>;
  /** table → relationship name → model, or null when the relationship itself is invalid
   * (already reported, so expressions using it stay quiet). */
  readonly relationships: ReadonlyMap<string, ReadonlyMap<string, RelationshipModel | null>>;
  readonly issues: ValidationIssue[];
}

/** The rule being compiled: which role (if any) and how messages name it. */
export interface RuleScope {
  /** e.g. `select rule for role 'organization_admin'`. */
  readonly label: string;
  readonly role: string | null;
  /** Session variables the role declares; null where any declared variable may be used. */
  readonly declared: ReadonlySet<string> | null;
  /** Filled while compiling: session variables the rule uses. */
  readonly used: Set<string>;
}

export function report(
  context: Pick<CompileContext, 'issues'>,
  path: YamlPath,
  at: 'key' | 'value',
  message: string,
): void {
  context.issues.push(issue(path, at, message));
}

export function isSecretColumn(context: CompileContext, table: string, column: string): boolean {
  return context.secretColumns.get(table)?.has(column) ?? false;
}
