// One database per test file (docs/testing.md#what-a-test-gets), cloned from the migrated template
// that scripts/run-tests.ts prepared. Cloning takes milliseconds; migrations ran once per run. A
// test of start-up itself (nodes migrating and seeding one database together) asks for an empty
// one instead.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

function adminUrl(): string {
  const url = process.env.PLATFORM_TEST_ADMIN_URL;
  if (!url) throw new Error('run tests with `npm test` (it prepares the test PostgreSQL)');
  return url;
}

/** A clone of the migrated template: what nearly every test wants. */
export async function createTestDatabase(): Promise<TestDatabase> {
  return createDatabaseFrom(process.env.PLATFORM_TEST_TEMPLATE ?? '');
}

/** A database with no table at all (PostgreSQL's pristine `template0`): the service's start migrates it. */
export async function createEmptyTestDatabase(): Promise<TestDatabase> {
  return createDatabaseFrom('template0');
}

async function createDatabaseFrom(template: string): Promise<TestDatabase> {
  const name = `platform_test_${randomBytes(6).toString('hex')}`;
  await asAdmin(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => asAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

async function asAdmin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
