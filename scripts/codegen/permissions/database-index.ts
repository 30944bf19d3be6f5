// Name lookups over the introspected schema, built once per compile.
import type { DbColumn, DbSchema, DbTable } from './database-schema.ts';

export interface DatabaseIndex {
  table(name: string): DbTable | undefined;
  column(table: string, name: string): DbColumn | undefined;
}

export function indexDatabase(database: DbSchema): DatabaseIndex {
  const tables = new Map(database.tables.map((table) => [table.name, table]));
  const columns = new Map(
    database.tables.map((table) => [table.name, new Map(table.columns.map((column) => [column.name, column]))]),
  );
  return {
    table: (name) => tables.get(name),
    column: (table, name) => columns.get(table)?.get(name),
  };
}
