// One database per test file (docs/testing.md#what-a-test-gets), cloned from the migrated template
// that scripts/run-tests.ts prepared. Cloning takes milliseconds; migrations ran once per run.
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

export async function createTestDatabase(): Promise<TestDatabase> {
  const template = process.env.PLATFORM_TEST_TEMPLATE ?? '';
  const name = `platform_test_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const admin = new pg.Client({ connectionString: adminUrl() });
      await admin.connect();
      try {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await admin.end();
      }
    },
  };
}
