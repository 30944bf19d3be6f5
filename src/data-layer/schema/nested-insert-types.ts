// `<t>_insert_input` of a role with Hasura's nested inserts (docs/data-layer.md#nested-inserts):
// the columns its insert rule lets the client give, plus per relationship to a table the role
// may insert into, `<r>_obj_rel_insert_input {data, on_conflict}` (object) or
// `<r>_arr_rel_insert_input {data: [...], on_conflict}` (array). The relationship fills a join
// column, so it is offered only when the rule lets the client write that column itself: on this
// table for an object relationship (the parent's key goes into it), on the related table for an
// array relationship (the new row's key goes into each child). A nested insert can then never
// write a column its rule keeps from the client.
import { GraphQLInputObjectType, GraphQLList, GraphQLNonNull, type GraphQLInputFieldConfigMap } from 'graphql';
import type { RelationshipModel } from '../../access/permission-model.ts';
import { onConflictType } from './on-conflict-types.ts';
import type { RoleTable, RoleTables } from './role-tables.ts';
import { dataLayerExtensions } from './schema-metadata.ts';
import { visibleRelationships } from './table-input-types.ts';
import { columnInputType } from './table-object-types.ts';

/**
 * What a relationship field of `<t>_insert_input` means to the plan builder, kept in its own
 * `extensions` key (`dataLayerInsert`) beside the columns' `dataLayer`: local column → remote column.
 */
export interface InsertRelationshipMeta {
  readonly relationship: string;
  readonly table: string;
  readonly many: boolean;
  readonly columnMapping: { readonly [local: string]: string };
}

export function insertRelationshipMeta(
  extensions: { readonly [key: string]: unknown } | null | undefined,
): InsertRelationshipMeta | undefined {
  return extensions?.dataLayerInsert as InsertRelationshipMeta | undefined;
}

export interface InsertInputTypes {
  /** `<t>_insert_input`; null when the role may not insert into the table. */
  insertInput(table: string): GraphQLInputObjectType | null;
  /** `<t>_on_conflict`; null when the role may not upsert into the table. */
  onConflict(table: string): GraphQLInputObjectType | null;
}

function memo<T>(build: (name: string) => T): (name: string) => T {
  const made = new Map<string, T>();
  return (name) => {
    if (!made.has(name)) made.set(name, build(name));
    return made.get(name) as T;
  };
}

const writable = (table: RoleTable | undefined, columns: readonly string[]) =>
  columns.every((column) => table?.insertColumns?.some((found) => found.name === column) ?? false);

/** The relationships of `table` a nested insert may follow, for this role. */
export function insertableRelationships(table: RoleTable, tables: RoleTables): [string, RelationshipModel][] {
  return visibleRelationships(table, tables).filter(([, relationship]) => {
    const remote = tables.get(relationship.remoteTable);
    if (!remote?.insertColumns?.length) return false;
    return relationship.kind === 'object'
      ? writable(table, Object.keys(relationship.columnMapping))
      : writable(remote, Object.values(relationship.columnMapping));
  });
}

export function createInsertInputTypes(
  tables: RoleTables,
  boolExp: (table: string) => GraphQLInputObjectType,
): InsertInputTypes {
  const onConflict = memo((name) => {
    const table = tables.get(name);
    return table?.insertColumns ? onConflictType(table, () => boolExp(name)) : null;
  });
  const relationshipInput = memo((key) => {
    const [name, many] = key.split(':') as [string, string];
    const data = insertInput(name) as GraphQLInputObjectType;
    const conflict = onConflict(name);
    return new GraphQLInputObjectType({
      name: `${name}_${many === 'array' ? 'arr' : 'obj'}_rel_insert_input`,
      description: `input type for inserting ${many === 'array' ? 'array' : 'object'} relation for remote table "${name}"`,
      fields: {
        data: {
          type: new GraphQLNonNull(many === 'array' ? new GraphQLList(new GraphQLNonNull(data)) : data),
        },
        ...(conflict ? { on_conflict: { type: conflict, description: 'upsert condition' } } : {}),
      },
    });
  });
  const insertInput = memo((name): GraphQLInputObjectType | null => {
    const table = tables.get(name);
    if (!table?.insertColumns) return null;
    return new GraphQLInputObjectType({
      name: `${name}_insert_input`,
      description: `input type for inserting data into table "${name}"`,
      fields: () => {
        const fields: GraphQLInputFieldConfigMap = {};
        for (const column of table.insertColumns ?? [])
          fields[column.name] = {
            type: columnInputType(column),
            extensions: dataLayerExtensions({ kind: 'column', column: column.name }),
          };
        for (const [relationship, model] of insertableRelationships(table, tables))
          fields[relationship] = {
            type: relationshipInput(`${model.remoteTable}:${model.kind}`),
            extensions: {
              dataLayerInsert: {
                relationship,
                table: model.remoteTable,
                many: model.kind === 'array',
                columnMapping: model.columnMapping,
              } satisfies InsertRelationshipMeta,
            },
          };
        return fields;
      },
    });
  });
  return { insertInput, onConflict };
}
