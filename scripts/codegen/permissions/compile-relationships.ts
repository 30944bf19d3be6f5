// Checks the object and array relationships of every tracked table: the remote table is
// tracked, mapped columns exist on both sides with the same type, and the name does not
// shadow a column (the data layer exposes both as fields of one GraphQL type).
import { suggestionList } from 'graphql/jsutils/suggestionList.js';
import { report, type CompileContext } from './compile-context.ts';
import type { RelationshipModel } from './permission-model.ts';
import type { PermissionsSource, RawRelationship } from './permissions-source.ts';
import type { YamlPath } from './validation-issue.ts';

type RelationshipKind = 'object' | 'array';

/**
 * Whether `tables:` lists a name the database does not know that is a near miss of `table` (one
 * misspelt key): that key is reported as an unknown table, and `table` not being tracked follows
 * from it, so it is not reported again at every relationship naming it.
 */
export function misspeltAsUnknownTable(
  context: Pick<CompileContext, 'database'>,
  source: PermissionsSource,
  table: string,
): boolean {
  return Object.keys(source.tables).some(
    (listed) => !context.database.table(listed) && suggestionList(listed, [table]).length > 0,
  );
}

type RelationshipContext = Pick<CompileContext, 'database' | 'issues'>;

function compileRelationship(
  context: RelationshipContext,
  source: PermissionsSource,
  table: string,
  name: string,
  kind: RelationshipKind,
  raw: RawRelationship,
  path: YamlPath,
): RelationshipModel | null {
  const label = `${kind} relationship '${name}' of table '${table}'`;
  const issuesBefore = context.issues.length;
  if (context.database.column(table, name)) {
    report(context, path, 'key', `${label} has the same name as a column of '${table}'`);
  }
  const remote = raw.remote_table;
  if (!context.database.table(remote)) {
    report(context, [...path, 'remote_table'], 'value', `unknown table '${remote}' (${label})`);
    return null;
  }
  if (!(remote in source.tables) && !misspeltAsUnknownTable(context, source, remote)) {
    report(
      context,
      [...path, 'remote_table'],
      'value',
      `table '${remote}' is not tracked in permissions.yaml (${label})`,
    );
  }
  for (const [local, remoteColumn] of Object.entries(raw.column_mapping)) {
    const localColumn = context.database.column(table, local);
    const target = context.database.column(remote, remoteColumn);
    if (!localColumn)
      report(
        context,
        [...path, 'column_mapping', local],
        'key',
        `unknown column '${local}' in table '${table}' (${label})`,
      );
    if (!target)
      report(
        context,
        [...path, 'column_mapping', local],
        'value',
        `unknown column '${remoteColumn}' in table '${remote}' (${label})`,
      );
    if (localColumn && target && localColumn.dataType !== target.dataType) {
      report(
        context,
        [...path, 'column_mapping', local],
        'value',
        `column types differ: '${table}.${local}' is ${localColumn.dataType}, '${remote}.${remoteColumn}' is ${target.dataType} (${label})`,
      );
    }
  }
  if (context.issues.length > issuesBefore) return null;
  return { kind, remoteTable: remote, columnMapping: { ...raw.column_mapping } };
}

/** table → relationship name → model (null when invalid); only tables that exist. */
export function compileRelationships(
  context: RelationshipContext,
  source: PermissionsSource,
): Map<string, Map<string, RelationshipModel | null>> {
  const { database } = context;
  const result = new Map<string, Map<string, RelationshipModel | null>>();
  for (const [table, rawTable] of Object.entries(source.tables)) {
    if (!database.table(table)) continue;
    const relationships = new Map<string, RelationshipModel | null>();
    for (const kind of ['object', 'array'] as const) {
      const key = kind === 'object' ? 'object_relationships' : 'array_relationships';
      for (const [name, raw] of Object.entries(rawTable[key] ?? {})) {
        const path = ['tables', table, key, name];
        if (relationships.has(name)) {
          report(
            context,
            path,
            'key',
            `relationship '${name}' of table '${table}' is declared as both an object and an array relationship`,
          );
          continue;
        }
        relationships.set(name, compileRelationship(context, source, table, name, kind, raw, path));
      }
    }
    result.set(table, relationships);
  }
  return result;
}
