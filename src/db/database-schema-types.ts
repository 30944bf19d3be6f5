// The shape of the introspected database; the permissions compiler and the data layer read it.
export interface DbColumn {
  name: string;
  /** PostgreSQL type name (`udt_name`): uuid, text, int4, numeric, timestamptz, jsonb, bool, _text … */
  dataType: string;
  isNullable: boolean;
  hasDefault: boolean;
}

export interface DbForeignKey {
  name: string;
  columns: string[];
  referencedTable: string;
  referencedColumns: string[];
}

export interface DbTable {
  name: string;
  columns: DbColumn[];
  primaryKey: string[];
  foreignKeys: DbForeignKey[];
}

export interface DbSchema {
  tables: DbTable[];
}
