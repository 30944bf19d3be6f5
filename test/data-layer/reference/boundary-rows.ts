// The demo data never puts two compared columns on equal values (every wallet's updated_at is
// after its created_at, no screening is completed), so `_cgt` and `_cgte`, or `_clte` and `_clt`,
// would agree on every row. Before the reference reads the rows, this moves a few rows of the
// test's own database copy onto those boundaries (triggers off: they would stamp updated_at).
import pg from 'pg';

const statements = [
  // A wallet of Aurora and one of Meridian updated at their creation instant.
  'UPDATE digital_wallet SET updated_at = created_at WHERE id IN (2, 6)',
  // Invoices without a cost breakdown whose total equals, or falls below, the subtotal.
  'UPDATE invoice SET total = subtotal WHERE id = 4',
  'UPDATE invoice SET total = subtotal - 1 WHERE id = 1',
  // Screenings completed at their creation instant, after it and before it.
  "UPDATE aml_report SET completed_at = created_at WHERE id = '44444444-0000-4000-8000-000000000002'",
  "UPDATE aml_report SET completed_at = created_at + interval '1 hour' WHERE id = '44444444-0000-4000-8000-000000000004'",
  "UPDATE aml_report SET completed_at = created_at - interval '1 second' WHERE id = '44444444-0000-4000-8000-000000000005'",
];

/** Applies the boundary rows; returns how many rows changed. */
export async function placeBoundaryRows(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let changed = 0;
  try {
    await client.query('SET session_replication_role = replica');
    for (const statement of statements) changed += (await client.query(statement)).rowCount ?? 0;
  } finally {
    await client.end();
  }
  return changed;
}
