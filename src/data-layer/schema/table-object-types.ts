// Per table of a role: the object type `<t>` with exactly the columns the role may read, object
// relationships (nullable: the related row may be hidden by the role's rule) and array
// relationships with the list arguments, to tables the role may also read; beside each array
// relationship `<rel>_aggregate` when the role may aggregate the related table (Hasura's rule).
import {
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  type GraphQLFieldConfigMap,
  type GraphQLOutputType,
  type GraphQLScalarType,
} from 'graphql';
import type { ColumnModel } from '../../access/permission-model.ts';
import { columnKind } from './column-kinds.ts';
import { jsonbPathArguments } from './jsonb-path-argument.ts';
import { rowSetArguments } from './row-set-arguments.ts';
import type { RoleTables } from './role-tables.ts';
import { dataLayerExtensions } from './schema-metadata.ts';
import { visibleRelationships, type TableInputTypes } from './table-input-types.ts';

/** The column's value as an argument (`<t>_by_pk`): the scalar, or a list of it for array columns. */
export function columnInputType(
  column: ColumnModel,
): GraphQLScalarType | GraphQLList<GraphQLNonNull<GraphQLScalarType>> {
  const kind = columnKind(column.dataType);
  return kind.list ? new GraphQLList(new GraphQLNonNull(kind.scalar)) : kind.scalar;
}

export function columnOutputType(column: ColumnModel, nullable = column.isNullable): GraphQLOutputType {
  const base = columnInputType(column);
  return nullable ? base : new GraphQLNonNull(base);
}

export function createTableObjectTypes(
  tables: RoleTables,
  inputs: TableInputTypes,
  aggregateType: (table: string) => GraphQLObjectType | null,
): (table: string) => GraphQLObjectType {
  const made = new Map<string, GraphQLObjectType>();
  const objectType = (name: string): GraphQLObjectType => {
    const existing = made.get(name);
    if (existing) return existing;
    const table = tables.get(name);
    if (!table) throw new Error(`table '${name}' is not in this role's schema`);
    const type = new GraphQLObjectType({
      name,
      description: table.model.description || undefined,
      fields: () => {
        const fields: GraphQLFieldConfigMap<unknown, unknown> = {};
        for (const column of table.columns) {
          fields[column.name] = {
            type: columnOutputType(column),
            ...(columnKind(column.dataType).json ? { args: jsonbPathArguments } : {}),
            extensions: dataLayerExtensions({ kind: 'column', column: column.name }),
          };
        }
        for (const [relationshipName, relationship] of visibleRelationships(table, tables)) {
          const remote = objectType(relationship.remoteTable);
          const meta = { relationship: relationshipName, table: relationship.remoteTable };
          if (relationship.kind === 'object') {
            fields[relationshipName] = {
              type: remote,
              description: 'An object relationship',
              extensions: dataLayerExtensions({ kind: 'object_relationship', ...meta }),
            };
            continue;
          }
          const args = rowSetArguments(relationship.remoteTable, inputs);
          fields[relationshipName] = {
            type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(remote))),
            description: 'An array relationship',
            args,
            extensions: dataLayerExtensions({ kind: 'array_relationship', ...meta }),
          };
          const aggregate = aggregateType(relationship.remoteTable);
          if (aggregate)
            fields[`${relationshipName}_aggregate`] = {
              type: new GraphQLNonNull(aggregate),
              description: 'An aggregate relationship',
              args,
              extensions: dataLayerExtensions({ kind: 'array_aggregate', ...meta }),
            };
        }
        return fields;
      },
    });
    made.set(name, type);
    return type;
  };
  return objectType;
}
