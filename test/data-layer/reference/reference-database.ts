// The rows the reference evaluator judges, read once with plain SQL (no data-layer code): every
// row of every table, every scalar as PostgreSQL's own text form, and per column the order
// PostgreSQL gives its values (its comparison semantics for text, enums, numbers and times,
// which the evaluator reuses rather than re-implementing collations).
import pg from 'pg';

/** A scalar as text (`to_jsonb(v) #>> '{}'`: exact numerics, ISO times), jsonb and arrays as JSON. */
export type ReferenceValue = string | null | readonly unknown[] | { readonly [key: string]: unknown };
export type ReferenceRow = { readonly [column: string]: ReferenceValue };

export interface ReferenceTable {
  readonly name: string;
  readonly columnNames: readonly string[];
  /** pg type name per column (`int4`, `numeric`, `_text`, or the enum's type name). */
  readonly columnTypes: ReadonlyMap<string, string>;
  readonly enumColumns: ReadonlySet<string>;
  readonly primaryKey: readonly string[];
  readonly rows: readonly ReferenceRow[];
  /** Column → (text value → rank in PostgreSQL's order); equal values share a rank. Enums list every label. */
  readonly ranks: ReadonlyMap<string, ReadonlyMap<string, number>>;
}

export interface ReferenceDatabase {
  table(name: string): ReferenceTable;
}

/** Types whose values the evaluator compares and orders through ranks; others are selected only. */
const unorderedTypes = new Set(['jsonb', 'json', 'bytea']);

export function isOrderable(table: ReferenceTable, column: string): boolean {
  const type = table.columnTypes.get(column) ?? 'jsonb';
  return !unorderedTypes.has(type) && !type.startsWith('_');
}

export async function loadReferenceDatabase(
  databaseUrl: string,
  tableNames: readonly string[],
): Promise<ReferenceDatabase> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const tables = new Map<string, ReferenceTable>();
    for (const name of tableNames) tables.set(name, await loadTable(client, name));
    return {
      table(name) {
        const table = tables.get(name);
        if (!table) throw new Error(`reference database has no table '${name}'`);
        return table;
      },
    };
  } finally {
    await client.end();
  }
}

async function loadTable(client: pg.Client, name: string): Promise<ReferenceTable> {
  const columns = await client.query<{ column_name: string; udt_name: string; data_type: string }>(
    `SELECT column_name, udt_name, data_type FROM information_schema.columns
      WHERE table_schema = 'public' AND table_name = $1 ORDER BY ordinal_position`,
    [name],
  );
  if (columns.rows.length === 0) throw new Error(`table '${name}' does not exist`);
  const key = await client.query<{ column_name: string }>(
    `SELECT a.attname AS column_name FROM pg_index i
       JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)
      WHERE i.indrelid = $1::regclass AND i.indisprimary ORDER BY array_position(i.indkey, a.attnum)`,
    [`public.${name}`],
  );
  const columnTypes = new Map(columns.rows.map((column) => [column.column_name, column.udt_name]));
  const enumColumns = new Set(
    columns.rows.filter((column) => column.data_type === 'USER-DEFINED').map((column) => column.column_name),
  );
  const identifier = client.escapeIdentifier(name);
  const rows = await client.query<{ text_row: Record<string, string | null>; json_row: Record<string, unknown> }>(
    `SELECT to_jsonb(t) AS json_row,
            (SELECT jsonb_object_agg(e.key, e.value #>> '{}') FROM jsonb_each(to_jsonb(t)) e) AS text_row
       FROM ${identifier} t`,
  );
  const structured = (column: string) => {
    const type = columnTypes.get(column) ?? '';
    return type === 'jsonb' || type === 'json' || type.startsWith('_');
  };
  const referenceRows = rows.rows.map((row) =>
    Object.fromEntries(
      columns.rows.map(({ column_name: column }) => [
        column,
        structured(column) ? ((row.json_row[column] ?? null) as ReferenceValue) : (row.text_row[column] ?? null),
      ]),
    ),
  );
  const ranks = new Map<string, Map<string, number>>();
  const table: ReferenceTable = {
    name,
    columnNames: columns.rows.map((column) => column.column_name),
    columnTypes,
    enumColumns,
    primaryKey: key.rows.map((row) => row.column_name),
    rows: referenceRows,
    ranks,
  };
  for (const column of table.columnNames) {
    if (!isOrderable(table, column)) continue;
    const columnId = client.escapeIdentifier(column);
    const query = enumColumns.has(column)
      ? `SELECT label AS key, rank FROM unnest(enum_range(NULL::${client.escapeIdentifier(columnTypes.get(column) as string)})) WITH ORDINALITY AS e(label, rank)`
      : `SELECT to_jsonb(v) #>> '{}' AS key, dense_rank() OVER (ORDER BY v) AS rank
           FROM (SELECT DISTINCT ${columnId} AS v FROM ${identifier} WHERE ${columnId} IS NOT NULL) d`;
    const result = await client.query<{ key: string; rank: string }>(query);
    ranks.set(column, new Map(result.rows.map((row) => [String(row.key), Number(row.rank)])));
  }
  return table;
}
