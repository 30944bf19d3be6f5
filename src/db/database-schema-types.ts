// The shape of the introspected database; the permissions compiler and the data layer read it.
export interface DbColumn {
  name: string;
  /** PostgreSQL type name (`udt_name`): uuid, text, int4, numeric, timestamptz, jsonb, bool, _text … */
  dataType: string;
  isNullable: boolean;
  hasDefault: boolean;
  /**
   * What an insert that names no value writes: a constant (a literal default), or `varying` (now(),
   * a sequence, an identity, any other expression). Absent: no default (NULL).
   */
  default?: { kind: 'constant'; value: string | number | boolean | null } | { kind: 'varying' };
}

export interface DbForeignKey {
  name: string;
  columns: string[];
  referencedTable: string;
  referencedColumns: string[];
}

/** A primary-key or UNIQUE constraint (not a unique index: ON CONFLICT ON CONSTRAINT names constraints only). */
export interface DbUniqueConstraint {
  name: string;
  columns: string[];
}

export interface DbTable {
  name: string;
  columns: DbColumn[];
  primaryKey: string[];
  foreignKeys: DbForeignKey[];
  uniqueConstraints: DbUniqueConstraint[];
}

export interface DbSchema {
  tables: DbTable[];
}
