// Checks the journal's tests share: per asset, all posted debits equal all posted credits (and
// pending likewise), read straight from the accounts; and a LedgerError's refusal.
import { sql } from 'kysely';
import * as assert from 'uvu/assert';
import { LedgerError, type LedgerRefusal } from '../../../src/access/ledger/ledger-error.ts';
import type { Db } from '../../../src/db/create-database.ts';

export interface AssetTotals {
  asset: string;
  debitsPosted: bigint;
  creditsPosted: bigint;
  debitsPending: bigint;
  creditsPending: bigint;
}

export async function assetTotals(db: Db): Promise<AssetTotals[]> {
  const { rows } = await sql<{ asset: string; dp: string; cp: string; dh: string; ch: string }>`
    SELECT asset, sum(debits_posted) AS dp, sum(credits_posted) AS cp, sum(debits_pending) AS dh, sum(credits_pending) AS ch
    FROM ledger_account GROUP BY asset ORDER BY asset`.execute(db);
  return rows.map((row) => ({
    asset: row.asset,
    debitsPosted: BigInt(row.dp),
    creditsPosted: BigInt(row.cp),
    debitsPending: BigInt(row.dh),
    creditsPending: BigInt(row.ch),
  }));
}

export async function assertBalanced(db: Db): Promise<void> {
  for (const totals of await assetTotals(db)) {
    assert.is(totals.debitsPosted, totals.creditsPosted, `${totals.asset}: posted debits = posted credits`);
    assert.is(totals.debitsPending, totals.creditsPending, `${totals.asset}: pending debits = pending credits`);
  }
}

/** The LedgerError `action` throws, checked to be of `refusal`. */
export async function refusal(action: () => Promise<unknown>, expected: LedgerRefusal): Promise<LedgerError> {
  try {
    await action();
  } catch (error) {
    if (!(error instanceof LedgerError)) throw error;
    assert.is(error.refusal, expected, error.message);
    return error;
  }
  return assert.unreachable(`expected the refusal ${expected}, but it succeeded`) as never;
}
