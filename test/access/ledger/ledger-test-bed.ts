// What the journal's tests (and bench/ledger-postings-bench.ts) post between: coins of three
// decimal sizes, an organization with wallets, a fund and an investor, inserted into an empty
// migrated database; and, for the tests, that database cloned from the run's template.
import { sql } from 'kysely';
import { createDatabase, type Db } from '../../../src/db/create-database.ts';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.ts';

export interface LedgerOwners {
  walletIds: number[];
  fundId: number;
  investorUserId: string;
}

/** BTC 8, ETH 18 and USDC 6 decimals (docs/domain.md#wallets-and-custody), and `walletCount` BTC wallets. */
export async function insertLedgerOwners(db: Db, walletCount: number): Promise<LedgerOwners> {
  await sql`INSERT INTO coin (symbol, name, network, decimals) VALUES
    ('BTC', 'Bitcoin', 'bitcoin', 8), ('ETH', 'Ether', 'ethereum', 18), ('USDC', 'USD Coin', 'ethereum', 6)
    ON CONFLICT DO NOTHING`.execute(db);
  const organization = await sql<{ id: string }>`INSERT INTO organization (name, slug)
    VALUES ('Ledger Test', 'ledger-test') RETURNING id`.execute(db);
  const organizationId = organization.rows[0]!.id;
  await sql`INSERT INTO app_user (id, email, organization_id)
    VALUES ('ledger-investor', 'investor@ledger.test', ${organizationId})`.execute(db);
  const wallets = await sql<{ id: number }>`INSERT INTO digital_wallet (organization_id, label, coin, wallet_type)
    SELECT ${organizationId}, 'Wallet ' || n, 'BTC', 'custodial' FROM generate_series(1, ${walletCount}) n
    RETURNING id`.execute(db);
  const fund = await sql<{
    id: number;
  }>`INSERT INTO fund (organization_id, name) VALUES (${organizationId}, 'Ledger Fund')
    RETURNING id`.execute(db);
  return {
    walletIds: wallets.rows.map((row) => row.id).sort((a, b) => a - b),
    fundId: fund.rows[0]!.id,
    investorUserId: 'ledger-investor',
  };
}

export interface LedgerTestBed extends LedgerOwners {
  db: Db;
  url: string;
  close(): Promise<void>;
}

export async function openLedgerTestBed(
  options: { walletCount?: number; poolSize?: number } = {},
): Promise<LedgerTestBed> {
  const database: TestDatabase = await createTestDatabase();
  const { db } = createDatabase({ url: database.url, poolSize: options.poolSize ?? 4 });
  const owners = await insertLedgerOwners(db, options.walletCount ?? 4);
  return {
    ...owners,
    db,
    url: database.url,
    close: async () => {
      await db.destroy();
      await database.drop();
    },
  };
}
