// The database check of /readyz (docs/configuration.md#operations).
import { sql } from 'kysely';
import type { Db } from './create-database.ts';

/** Resolves when the database answers a trivial query (readiness). */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`SELECT 1`.execute(db);
}
