// The database the diff's witnesses are replayed in over HTTP (docs/access-review.md#how-diff-is-tested):
// a clone of the migrated test template, emptied, whose foreign keys, CHECK constraints and NOT NULL
// constraints are dropped. A witness names only the columns its filters read and may name rows the
// schema would refuse (a dangling `wallet_id`, a `status` outside a CHECK): the diff does not model
// those constraints, so the replay must accept such rows as they are. Primary keys and UNIQUE
// constraints stay (the tables are emptied before every replay and no witness repeats a key), and
// so do the column defaults, which a replayed insert meets as a client would; numbered keys start
// at 1,000,000, above the small integers witnesses name.
import { CompiledQuery, sql } from 'kysely';
import type { PermissionModel } from '../../../src/access/permission-model.ts';
import type { WorldValue } from '../../../src/access-review/diff/evaluate-filter.ts';
import { createDatabase, type Db } from '../../../src/db/create-database.ts';
import type { StatementRunner } from '../../../src/db/statement-runner.ts';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.ts';

/** A column's default: its value when constant, null when it varies (now(), a sequence, a random uuid). */
export type ColumnDefault = { readonly value: WorldValue } | null;

export interface WitnessDatabase {
  readonly db: Db;
  /** The runner of the data layer's (named) statements, on the same pool as `db`. */
  readonly statements: StatementRunner;
  /** Primary key columns that get no value from the database when a row names none. */
  readonly keysWithoutDefault: ReadonlyMap<string, readonly string[]>;
  /** Columns that get a value when an insert names none, and GENERATED ALWAYS columns, by table. */
  readonly defaults: ReadonlyMap<string, ReadonlyMap<string, ColumnDefault>>;
  close(): Promise<void>;
}

interface ColumnRow {
  table: string;
  column: string;
  notNull: boolean;
  defaultExpression: string | null;
  identity: string;
}

async function columnsOf(db: Db, tables: readonly string[]): Promise<ColumnRow[]> {
  const result = await sql<ColumnRow>`
    SELECT c.relname AS "table", a.attname AS "column", a.attnotnull AS "notNull",
           pg_get_expr(d.adbin, d.adrelid) AS "defaultExpression", a.attidentity AS "identity"
    FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
    LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
    WHERE c.relnamespace = 'public'::regnamespace AND c.relname = ANY(${tables})
      AND a.attnum > 0 AND NOT a.attisdropped`.execute(db);
  return result.rows;
}

const varying = /nextval|now\(\)|random|current_|clock_/i;

async function defaultOf(db: Db, column: ColumnRow): Promise<ColumnDefault> {
  if (column.identity !== '' || varying.test(column.defaultExpression ?? '')) return null;
  const result = await db.executeQuery<{ value: WorldValue }>(
    CompiledQuery.raw(`SELECT to_jsonb(${column.defaultExpression}) AS "value"`),
  );
  return { value: result.rows[0]?.value ?? null };
}

function add<Value>(map: Map<string, Value[]>, key: string, value: Value): void {
  map.set(key, [...(map.get(key) ?? []), value]);
}

/** Drops what a witness may violate, numbers keys from 1,000,000 and empties every tracked table. */
async function relax(db: Db, model: PermissionModel) {
  const tables = Object.keys(model.tables);
  const constraints = await sql<{ table: string; name: string }>`
    SELECT conrelid::regclass::text AS "table", conname AS "name" FROM pg_constraint
    WHERE connamespace = 'public'::regnamespace AND contype IN ('f', 'c')`.execute(db);
  for (const { table, name } of constraints.rows)
    await db.executeQuery(CompiledQuery.raw(`ALTER TABLE ${table} DROP CONSTRAINT "${name}"`));
  const keysWithoutDefault = new Map<string, string[]>();
  const defaults = new Map<string, [string, ColumnDefault][]>();
  for (const column of await columnsOf(db, tables)) {
    const key = model.tables[column.table]?.primaryKey.includes(column.column) ?? false;
    const numbered = column.identity !== '' || /nextval/.test(column.defaultExpression ?? '');
    if (key && column.defaultExpression === null && column.identity === '')
      add(keysWithoutDefault, column.table, column.column);
    if (numbered)
      await sql`SELECT setval(pg_get_serial_sequence(${`"${column.table}"`}, ${column.column}), 1000000)`.execute(db);
    if (column.defaultExpression !== null || column.identity !== '')
      add(defaults, column.table, [column.column, await defaultOf(db, column)] as [string, ColumnDefault]);
    if (!key && column.identity === '' && column.notNull)
      await db.executeQuery(
        CompiledQuery.raw(`ALTER TABLE "${column.table}" ALTER COLUMN "${column.column}" DROP NOT NULL`),
      );
  }
  // The journal's tables refuse TRUNCATE by trigger (docs/ledger.md#invariants); a replica session
  // fires no trigger, as the guards' own docs say of a superuser.
  await db.transaction().execute(async (trx) => {
    await sql`SET LOCAL session_replication_role = replica`.execute(trx);
    await trx.executeQuery(CompiledQuery.raw(`TRUNCATE ${tables.map((table) => `"${table}"`).join(', ')} CASCADE`));
  });
  return {
    keysWithoutDefault,
    defaults: new Map([...defaults].map(([table, entries]) => [table, new Map(entries)])),
  };
}

export async function createWitnessDatabase(model: PermissionModel): Promise<WitnessDatabase> {
  const database: TestDatabase = await createTestDatabase();
  const { db, statements } = createDatabase({ url: database.url, poolSize: 4 });
  try {
    return {
      db,
      statements,
      ...(await relax(db, model)),
      async close() {
        await db.destroy();
        await database.drop();
      },
    };
  } catch (error) {
    await db.destroy();
    await database.drop();
    throw error;
  }
}
