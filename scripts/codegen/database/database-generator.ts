// Migrates a throwaway embedded PostgreSQL and introspects it, so the `Database` interface always
// matches the migrations exactly (docs/code-generation.md), independent of any local
// server. A migration that fails is a problem at its place (migration-problem.ts), not a stack trace.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../../../src/db/embedded-postgres.ts';
import { createDatabase } from '../../../src/db/create-database.ts';
import { MigrationFailedError, migrateToLatest } from '../../../src/db/migrate.ts';
import { SpecProblemsError } from '../../../src/spec-problems/spec-problems-error.ts';
import type { DbSchema } from './database-schema.ts';
import { introspectDatabase } from './introspect-database.ts';
import { migrationProblem } from './migration-problem.ts';

export async function introspectFreshDatabase(): Promise<DbSchema> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'codegen-pg-'));
  const postgres = await startEmbeddedPostgres({ dataDir, password: 'codegen', port: 0 });
  try {
    const { db } = createDatabase({ url: postgres.url, poolSize: 1 });
    try {
      await migrateToLatest(db);
    } catch (error) {
      if (error instanceof MigrationFailedError)
        throw new SpecProblemsError([migrationProblem(error)], 'the migrations');
      throw error;
    } finally {
      await db.destroy();
    }
    const client = new pg.Client({ connectionString: postgres.url });
    await client.connect();
    try {
      return await introspectDatabase(client);
    } finally {
      await client.end();
    }
  } finally {
    await postgres.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
