// The journal's first invariant seen from a test service (docs/ledger.md#invariants): per asset,
// posted debits equal posted credits and held debits equal held credits, read from the accounts.
import * as assert from 'uvu/assert';
import type { BusinessApiClient } from './business-api-client.ts';

export async function assertJournalBalanced(api: BusinessApiClient): Promise<void> {
  const rows = await api.rows(
    `SELECT asset FROM ledger_account GROUP BY asset
     HAVING sum(debits_posted) <> sum(credits_posted) OR sum(debits_pending) <> sum(credits_pending)`,
  );
  assert.equal(rows, [], 'every asset sums to zero');
}
