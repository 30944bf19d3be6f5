// The demo data has NULLs in only a handful of columns, too few for the property test to meet
// SQL's three-valued logic often (`_neq`, `_nin`, `_not` and NULLS FIRST/LAST on a NULL).
// Before the reference reads the rows, this sets one row's value to NULL in every nullable
// column of the test's own database copy, a different row per column where it can. Updates a
// constraint refuses (a CHECK tying a column to a status, say) are skipped.
import pg from 'pg';

export async function spreadNulls(databaseUrl: string, tables: readonly string[]): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on('error', () => {});
  await client.connect();
  let updated = 0;
  try {
    for (const table of tables) {
      const columns = await client.query<{ column_name: string }>(
        `SELECT column_name FROM information_schema.columns
          WHERE table_schema = 'public' AND table_name = $1 AND is_nullable = 'YES' AND is_generated = 'NEVER'
          ORDER BY ordinal_position`,
        [table],
      );
      const identifier = client.escapeIdentifier(table);
      for (const [index, { column_name: column }] of columns.rows.entries()) {
        const columnId = client.escapeIdentifier(column);
        try {
          const result = await client.query(
            `UPDATE ${identifier} SET ${columnId} = NULL WHERE ctid = (
               SELECT ctid FROM ${identifier} WHERE ${columnId} IS NOT NULL ORDER BY ctid OFFSET $1 % GREATEST(1, (SELECT count(*) FROM ${identifier} WHERE ${columnId} IS NOT NULL)) LIMIT 1)`,
            [index],
          );
          updated += result.rowCount ?? 0;
        } catch {
          // A constraint keeps this column non-null in every row it could pick: leave it.
        }
      }
    }
  } finally {
    await client.end();
  }
  return updated;
}
