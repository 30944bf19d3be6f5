// What the organization-scope tests of the readers share (docs/identity.md#organization-scope): a
// database of their own with the demo data, and the scope of each demo organization beside
// `everyOrganization`. Aurora and Meridian are client organizations, Northbridge administers the
// funds (docs/demo-data.md).
import { everyOrganization, type OrganizationScope, scopeOf } from '../../../src/access/organization-scope.ts';
import { createDatabase, type Db } from '../../../src/db/create-database.ts';
import { demoOrganizationIds } from '../../../src/db/seed/demo-organizations.ts';
import { seedDemoData } from '../../../src/db/seed/demo-seed.ts';
import { createTestDatabase } from '../../support/test-database.ts';

export const organizations = demoOrganizationIds;

export const scopes = {
  aurora: scopeOf(demoOrganizationIds.aurora),
  meridian: scopeOf(demoOrganizationIds.meridian),
  northbridge: scopeOf(demoOrganizationIds.northbridge),
  every: everyOrganization,
} as const satisfies Record<string, OrganizationScope>;

export interface DemoDatabase {
  db: Db;
  close(): Promise<void>;
}

/** A fresh database with the demo data; `close` drops it. */
export async function demoDatabase(): Promise<DemoDatabase> {
  const database = await createTestDatabase();
  const { db } = createDatabase({ url: database.url });
  await seedDemoData(db);
  return {
    db,
    close: async () => {
      await db.destroy();
      await database.drop();
    },
  };
}
