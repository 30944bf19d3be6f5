// The synthetic data set of the data-layer bench (10,000 wallets in 200 organizations;
// docs/benchmarks.md#data-layer-organizations-with-their-wallets-benchdata-layer-benchts): extra
// organizations beside the demo ones, then every wallet in one `INSERT … SELECT generate_series`
// over a direct pg connection, spread round-robin so each organization holds the same number.
// Marked by slug and label prefixes so a run against an external database can remove exactly what
// it added.
import pg from 'pg';

const organizationSlugPrefix = 'bench-org-';
const walletLabelPrefix = 'bench-wallet-';

export interface DatasetShape {
  /** Organizations in total, demo ones included; the bench adds the difference. */
  readonly organizations: number;
  /** Synthetic wallets, on top of the demo wallets. */
  readonly wallets: number;
}

export interface DatasetSummary {
  readonly organizations: number;
  readonly wallets: number;
  readonly addedOrganizations: number;
  readonly addedWallets: number;
}

export async function addSyntheticWallets(connectionString: string, shape: DatasetShape): Promise<DatasetSummary> {
  return withClient(connectionString, async (client) => {
    const existing = Number(
      (await client.query<{ count: string }>('SELECT count(*) FROM organization')).rows[0]?.count ?? 0,
    );
    const addOrganizations = Math.max(0, shape.organizations - existing);
    await client.query(
      `INSERT INTO organization (name, slug, kind, country_code, created_at)
       SELECT format('Bench Organization %s', g),
              format('${organizationSlugPrefix}%s', lpad(g::text, 5, '0')),
              (ARRAY['company', 'family_office', 'fund_administrator', 'individual'])[1 + g % 4],
              (ARRAY['CH', 'GB', 'LU', 'DE', 'FR', 'US', 'SG'])[1 + g % 7],
              now() - g * interval '1 day'
       FROM generate_series(1, $1::int) AS g`,
      [addOrganizations],
    );
    // Wallet g goes to organization number g mod (organization count), so all hold the same
    // number; coins cycle through the coin table, values are deterministic per g.
    const inserted = await client.query(
      `WITH numbered AS (
         SELECT id, row_number() OVER (ORDER BY slug) - 1 AS n, count(*) OVER () AS total FROM organization
       ), coins AS (
         SELECT array_agg(symbol ORDER BY symbol) AS symbols FROM coin
       )
       INSERT INTO digital_wallet (organization_id, label, coin, wallet_type, status, usd_value, created_at)
       SELECT numbered.id,
              format('${walletLabelPrefix}%s', g),
              coins.symbols[1 + g % cardinality(coins.symbols)],
              (ARRAY['custodial', 'hot', 'smart'])[1 + g % 3],
              (ARRAY['active', 'active', 'active', 'frozen'])[1 + g % 4],
              ((g * 7919) % 5000000) + (g % 100) / 100.0,
              now() - (g % 900) * interval '1 day'
       FROM generate_series(1, $1::int) AS g
       CROSS JOIN coins
       JOIN numbered ON numbered.n = g % numbered.total`,
      [shape.wallets],
    );
    // VACUUM too: against an external database each run deletes and re-inserts the rows, and the
    // dead ones would otherwise lengthen every scan of the next run.
    await client.query('VACUUM (ANALYZE) organization, digital_wallet');
    const totals = (
      await client.query<{ organizations: string; wallets: string }>(
        'SELECT (SELECT count(*) FROM organization) AS organizations, (SELECT count(*) FROM digital_wallet) AS wallets',
      )
    ).rows[0];
    return {
      organizations: Number(totals?.organizations ?? 0),
      wallets: Number(totals?.wallets ?? 0),
      addedOrganizations: addOrganizations,
      addedWallets: inserted.rowCount ?? 0,
    };
  });
}

/**
 * Removes what addSyntheticWallets added (also the leftovers of an interrupted run); nothing on a
 * fresh database the service has not migrated yet.
 */
export async function removeSyntheticWallets(connectionString: string): Promise<void> {
  await withClient(connectionString, async (client) => {
    const migrated = await client.query<{ table: string | null }>("SELECT to_regclass('digital_wallet') AS table");
    if (migrated.rows[0]?.table === null) return;
    await client.query(`DELETE FROM digital_wallet WHERE label LIKE '${walletLabelPrefix}%'`);
    await client.query(`DELETE FROM organization WHERE slug LIKE '${organizationSlugPrefix}%'`);
  });
}

async function withClient<T>(connectionString: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString, application_name: 'data-layer-bench' });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
