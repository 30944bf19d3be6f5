// The declarations every rule refers to: session variables, roles (with the variables
// each needs) and secret columns.
import { report, type CompileContext } from './compile-context.ts';
import type { PermissionsSource, SessionVariableType } from './permissions-source.ts';
import { sessionVariableKey } from './session-variable-names.ts';

type DeclarationContext = Pick<CompileContext, 'database' | 'issues'>;

export function compileSessionVariables(source: PermissionsSource): Map<string, SessionVariableType> {
  return new Map(
    Object.entries(source.session_variables).map(([name, variable]) => [sessionVariableKey(name), variable.type]),
  );
}

/** role → the session variables it declares (lower case). */
export function compileRoleDeclarations(
  context: DeclarationContext,
  source: PermissionsSource,
  sessionVariables: ReadonlyMap<string, SessionVariableType>,
): Map<string, Set<string>> {
  const roles = new Map<string, Set<string>>();
  for (const [role, raw] of Object.entries(source.roles)) {
    const declared = new Set<string>();
    raw.session_variables.forEach((reference, index) => {
      const name = sessionVariableKey(reference);
      const path = ['roles', role, 'session_variables', index];
      if (!sessionVariables.has(name)) {
        report(
          context,
          path,
          'value',
          `undeclared session variable '${reference}' (declare it under session_variables) (role '${role}')`,
        );
      } else if (declared.has(name)) {
        report(context, path, 'value', `session variable '${reference}' is listed twice (role '${role}')`);
      }
      declared.add(name);
    });
    roles.set(role, declared);
  }
  return roles;
}

/** table → secret column names; tables need not be tracked (that is the point). */
export function compileSecretColumns(context: DeclarationContext, source: PermissionsSource): Map<string, Set<string>> {
  const secret = new Map<string, Set<string>>();
  for (const [table, columns] of Object.entries(source.secret_columns ?? {})) {
    const dbTable = context.database.table(table);
    if (!dbTable) {
      report(context, ['secret_columns', table], 'key', `unknown table '${table}' (secret_columns)`);
      continue;
    }
    if (columns === '*') {
      secret.set(table, new Set(dbTable.columns.map((column) => column.name)));
      continue;
    }
    columns.forEach((column, index) => {
      if (!context.database.column(table, column)) {
        report(
          context,
          ['secret_columns', table, index],
          'value',
          `unknown column '${column}' in table '${table}' (secret_columns)`,
        );
      }
    });
    secret.set(table, new Set(columns));
  }
  return secret;
}
