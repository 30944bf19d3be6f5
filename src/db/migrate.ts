// Migrations run at start. Kysely's PostgreSQL adapter takes a transaction-scoped advisory
// lock around the run, so nodes starting together do not race (docs/database.md#migrations).
import type { Kysely } from 'kysely';
import { type MigrationProvider, Migrator } from 'kysely/migration';
import { migrations } from './migrations/index.ts';

const provider: MigrationProvider = { getMigrations: async () => migrations };

function migratorFor(db: Kysely<any>): Migrator {
  return new Migrator({
    db,
    provider,
    migrationTableName: 'schema_migration',
    migrationLockTableName: 'schema_migration_lock',
  });
}

/** A migration that failed: its name (the file in src/db/migrations/ without `.ts`) and the database's error as `cause`. */
export class MigrationFailedError extends Error {
  override name = 'MigrationFailedError';
  readonly migrationName: string | undefined;

  constructor(migrationName: string | undefined, cause: unknown) {
    const of = migrationName ? ` ${migrationName}` : '';
    super(`migration${of} failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.migrationName = migrationName;
  }
}

export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const { error, results } = await migratorFor(db).migrateToLatest();
  if (error) throw new MigrationFailedError(results?.find((result) => result.status === 'Error')?.migrationName, error);
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}

/** Names of migrations known to this build but not yet applied (readiness check). */
export async function pendingMigrations(db: Kysely<any>): Promise<string[]> {
  const all = await migratorFor(db).getMigrations();
  return all.filter((migration) => migration.executedAt === undefined).map((migration) => migration.name);
}
