// permissions.yaml `read_only: true` (docs/permissions.md#read-only-tables): a table nobody writes
// through the data layer, the admin secret included. A write rule on such a table contradicts the
// flag, so it is refused where it stands rather than silently ignored.
import { report, type CompileContext } from './compile-context.ts';
import type { PermissionsSource } from './permissions-source.ts';

const writeActions = ['insert', 'update', 'delete'] as const;

export function checkReadOnlyTables(context: Pick<CompileContext, 'issues'>, source: PermissionsSource): void {
  for (const [table, raw] of Object.entries(source.tables)) {
    if (raw.read_only !== true) continue;
    for (const action of writeActions) {
      for (const role of Object.keys(raw[action] ?? {})) {
        report(
          context,
          ['tables', table, action, role],
          'key',
          `${action} rule for role '${role}' on table '${table}', which is read_only: nobody writes it through the data layer`,
        );
      }
    }
  }
}
