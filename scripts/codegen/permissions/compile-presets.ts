// Checks a rule's `set` (column presets). Presets are filled in by the server, so a preset
// column must not also be client input (docs/data-layer.md#mutations, Hasura semantics).
import { isSecretColumn, report, type CompileContext, type RuleScope } from './compile-context.ts';
import { compilePresetValue } from './compile-rule-value.ts';
import type { RuleValue } from './permission-model.ts';
import type { RawPresets } from './permissions-source.ts';
import type { YamlPath } from './validation-issue.ts';

export function compilePresets(
  context: CompileContext,
  scope: RuleScope,
  table: string,
  raw: RawPresets | undefined,
  columns: readonly string[],
  path: YamlPath,
): Record<string, RuleValue> {
  const compiled = new Map<string, RuleValue>();
  for (const [name, value] of Object.entries(raw ?? {})) {
    const columnPath = [...path, name];
    const column = context.database.column(table, name);
    if (!column) {
      report(context, columnPath, 'key', `unknown column '${name}' in table '${table}' (${scope.label})`);
      continue;
    }
    if (isSecretColumn(context, table, name)) {
      report(
        context,
        columnPath,
        'key',
        `column '${name}' of table '${table}' is secret (secret_columns) and cannot be preset (${scope.label})`,
      );
    }
    if (columns.includes(name)) {
      report(
        context,
        columnPath,
        'key',
        `column '${name}' is both preset in set and listed in columns; presets are not client input (${scope.label})`,
      );
    }
    compiled.set(name, compilePresetValue({ context, scope, table, column, path: columnPath }, value));
  }
  const order = context.database.table(table)?.columns.map((column) => column.name) ?? [];
  return Object.fromEntries(
    order.filter((name) => compiled.has(name)).map((name) => [name, compiled.get(name) as RuleValue]),
  );
}
