// Reads tables, columns, primary, unique and foreign keys of the `public` schema from the catalog.
// Order is fixed (table name, column position) so generated output is byte-stable.
import type pg from 'pg';
import type { DbColumn, DbSchema, DbTable } from './database-schema.ts';

const internalTables = new Set(['schema_migration', 'schema_migration_lock']);

const literalText = /^'((?:[^']|'')*)'::[\w\s."[\]]+$/;
const literalNumber = /^\(?(-?\d+(?:\.\d+)?)\)?(?:::[\w\s]+)?$/;

/**
 * A column default as the access diff models it (docs/access-review.md#write-rules-judged-as-a-whole):
 * a literal (text, number, Boolean, NULL) is a constant; anything else may vary.
 */
function defaultOf(expression: string | null, identity: boolean): Pick<DbColumn, 'default'> {
  if (identity) return { default: { kind: 'varying' } };
  if (expression === null) return {};
  const text = literalText.exec(expression);
  if (text) return { default: { kind: 'constant', value: (text[1] as string).replaceAll("''", "'") } };
  const number = literalNumber.exec(expression);
  if (number && Number.isSafeInteger(Number(number[1])))
    return { default: { kind: 'constant', value: Number(number[1]) } };
  if (number) return { default: { kind: 'constant', value: number[1] as string } };
  if (/^(true|false)$/.test(expression)) return { default: { kind: 'constant', value: expression === 'true' } };
  if (/^NULL(::[\w\s]+)?$/.test(expression)) return { default: { kind: 'constant', value: null } };
  return { default: { kind: 'varying' } };
}

export async function introspectDatabase(client: pg.ClientBase): Promise<DbSchema> {
  const columns = await client.query<{
    table_name: string;
    column_name: string;
    udt_name: string;
    is_nullable: string;
    column_default: string | null;
    is_identity: string;
  }>(`SELECT table_name, column_name, udt_name, is_nullable, column_default, is_identity
        FROM information_schema.columns
       WHERE table_schema = 'public'
       ORDER BY table_name, ordinal_position`);
  const keys = await client.query<{
    table_name: string;
    constraint_name: string;
    type: string;
    columns: string[];
    ref_table: string | null;
    ref_columns: string[] | null;
  }>(
    `SELECT rel.relname AS table_name, con.conname AS constraint_name, con.contype AS type,
            ARRAY(SELECT att.attname FROM unnest(con.conkey) WITH ORDINALITY AS k(attnum, n)
                    JOIN pg_attribute att ON att.attrelid = con.conrelid AND att.attnum = k.attnum ORDER BY k.n)::text[] AS columns,
            ref.relname AS ref_table,
            CASE WHEN con.confrelid = 0 THEN NULL ELSE
              ARRAY(SELECT att.attname FROM unnest(con.confkey) WITH ORDINALITY AS k(attnum, n)
                      JOIN pg_attribute att ON att.attrelid = con.confrelid AND att.attnum = k.attnum ORDER BY k.n)::text[] END AS ref_columns
       FROM pg_constraint con
       JOIN pg_class rel ON rel.oid = con.conrelid
       JOIN pg_namespace ns ON ns.oid = rel.relnamespace
       LEFT JOIN pg_class ref ON ref.oid = con.confrelid
      WHERE ns.nspname = 'public' AND con.contype IN ('p', 'u', 'f')
      ORDER BY rel.relname, con.conname`,
  );
  const tables = new Map<string, DbTable>();
  for (const row of columns.rows) {
    if (internalTables.has(row.table_name)) continue;
    let table = tables.get(row.table_name);
    if (!table) {
      table = { name: row.table_name, columns: [], primaryKey: [], foreignKeys: [], uniqueConstraints: [] };
      tables.set(row.table_name, table);
    }
    table.columns.push({
      name: row.column_name,
      dataType: row.udt_name,
      isNullable: row.is_nullable === 'YES',
      hasDefault: row.column_default !== null || row.is_identity === 'YES',
      ...defaultOf(row.column_default, row.is_identity === 'YES'),
    });
  }
  for (const key of keys.rows) {
    const table = tables.get(key.table_name);
    if (!table) continue;
    if (key.type === 'p') table.primaryKey = key.columns;
    if (key.type === 'p' || key.type === 'u')
      table.uniqueConstraints.push({ name: key.constraint_name, columns: key.columns });
    else
      table.foreignKeys.push({
        name: key.constraint_name,
        columns: key.columns,
        referencedTable: key.ref_table ?? '',
        referencedColumns: key.ref_columns ?? [],
      });
  }
  return { tables: [...tables.values()] };
}
