// The demo data (docs/demo-data.md) in a test database of its own, for the organization scope
// tests of the wallet readers (docs/identity.md#organization-scope): Aurora's and Meridian's
// scopes, every organization's, and one demo wallet of each of the two organizations.
import { everyOrganization, scopeOf } from '../../../../src/access/organization-scope.ts';
import { createDatabase, type Db } from '../../../../src/db/create-database.ts';
import { seedDemoData } from '../../../../src/db/seed/demo-seed.ts';
import { demoOrganizationIds } from '../../../../src/db/seed/demo-organizations.ts';
import { demoWalletIds } from '../../../../src/db/seed/demo-wallets.ts';
import { createTestDatabase } from '../../../support/test-database.ts';

export const { aurora, meridian } = demoOrganizationIds;

export const scopes = { aurora: scopeOf(aurora), meridian: scopeOf(meridian), every: everyOrganization } as const;

/** Aurora's BTC custody wallet and Meridian's BTC operating wallet. */
export const wallets = {
  aurora: demoWalletIds.auroraBtcCustody,
  meridian: demoWalletIds.meridianBtcOperating,
} as const;

export interface DemoWalletDatabase {
  readonly db: Db;
  close(): Promise<void>;
}

/** A new test database with the demo data; `close` destroys the pool and drops the database. */
export async function demoWalletDatabase(): Promise<DemoWalletDatabase> {
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
