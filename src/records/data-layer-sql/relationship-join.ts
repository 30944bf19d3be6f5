// The join condition of a relationship from the compiled model: remote columns equal the
// local columns of the row the relationship starts from.
import { sql, type SqlBool } from 'kysely';
import type { SqlCondition } from '../../access/condition-to-sql.ts';
import type { RelationshipModel } from '../../access/permission-model.ts';
import type { CompileScope } from './compile-scope.ts';
import { PlanPermissionError } from './role-permissions.ts';

export function relationshipOf(scope: CompileScope, table: string, name: string): RelationshipModel {
  const { role, rules } = scope;
  const relationship = rules.tableModel(table).relationships[name];
  if (!relationship) throw new PlanPermissionError(`'${name}' is not a relationship of '${table}'`);
  rules.requireSelect(role, relationship.remoteTable);
  // Following a relationship reveals its local join columns, so the role must be able to read them.
  for (const local of Object.keys(relationship.columnMapping)) rules.requireColumn(role, table, local);
  return relationship;
}

export function relationshipJoin(
  relationship: RelationshipModel,
  localAlias: string,
  remoteAlias: string,
): SqlCondition[] {
  return Object.entries(relationship.columnMapping).map(
    ([local, remote]) => sql<SqlBool>`${sql.ref(`${remoteAlias}.${remote}`)} = ${sql.ref(`${localAlias}.${local}`)}`,
  );
}
