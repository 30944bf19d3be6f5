// The types PostgreSQL infers for a statement's parameters, as it would for the statement sent on
// its own: the statement is prepared once (not run), its types read from pg_prepared_statements,
// and it is deallocated, all on one connection. A multiplexed statement casts each subscriber's
// text value back to its parameter's type (multiplexed-statement.ts). Asked once per statement text.
import { sql } from 'kysely';
import type { Db } from '../../db/create-database.ts';
import { createHash } from 'node:crypto';

export async function inferParameterTypes(db: Db, text: string): Promise<string[]> {
  const name = `types_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
  return db.connection().execute(async (connection) => {
    await sql.raw(`PREPARE ${name} AS ${text}`).execute(connection);
    try {
      const { rows } = await sql<{
        types: string[];
      }>`SELECT parameter_types::text[] AS types FROM pg_prepared_statements WHERE name = ${name}`.execute(connection);
      return rows[0]?.types ?? [];
    } finally {
      await sql.raw(`DEALLOCATE ${name}`).execute(connection);
    }
  });
}
