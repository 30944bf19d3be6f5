// Expands and checks a rule's `columns`. The result is in the table's column order, so
// the generated output does not depend on how the YAML happens to list them.
import { isSecretColumn, report, type CompileContext, type RuleScope } from './compile-context.ts';
import type { RawColumns } from './permissions-source.ts';
import type { YamlPath } from './validation-issue.ts';

export function compileColumns(
  context: CompileContext,
  scope: RuleScope,
  table: string,
  raw: RawColumns,
  path: YamlPath,
): string[] {
  const dbTable = context.database.table(table);
  if (!dbTable) return [];
  if (raw === '*') {
    // '*' must never silently include a secret column; such tables list their columns.
    const secret = dbTable.columns.filter((column) => isSecretColumn(context, table, column.name));
    for (const column of secret) {
      report(
        context,
        path,
        'value',
        `columns '*' would expose secret column '${column.name}' of table '${table}'; list the columns explicitly (${scope.label})`,
      );
    }
    return dbTable.columns.filter((column) => !secret.includes(column)).map((column) => column.name);
  }
  const listed = new Set<string>();
  raw.forEach((name, index) => {
    if (!context.database.column(table, name)) {
      report(context, [...path, index], 'value', `unknown column '${name}' in table '${table}' (${scope.label})`);
    } else if (isSecretColumn(context, table, name)) {
      report(
        context,
        [...path, index],
        'value',
        `column '${name}' of table '${table}' is secret (secret_columns) and cannot be exposed (${scope.label})`,
      );
    } else {
      listed.add(name);
    }
  });
  return dbTable.columns.map((column) => column.name).filter((name) => listed.has(name));
}
