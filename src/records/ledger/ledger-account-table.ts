// The journal's accounts (table ledger_account; docs/ledger.md#accounts): find one by its key or
// id, and open one idempotently (in the database: `ledger_ensure_account`, migration 0021). A coin
// becomes a ledger asset, with the coin's decimals, when its first account opens; a fiat currency
// is a row migration 0011 (or a later one) adds.
import { sql } from 'kysely';
import type { Db } from '../../db/create-database.ts';
import { type AccountRow, accountColumns, accountOf, type LedgerAccount } from './ledger-account.ts';
import { holdsCoinsOnly, type LedgerAccountKey, mayGoNegative, ownerOf } from './ledger-account-key.ts';
import { ledgerErrorOf } from './ledger-refusals.ts';

/** The account of `key`, or null when none was opened. */
export async function findAccount(db: Db, key: LedgerAccountKey): Promise<LedgerAccount | null> {
  const owner = ownerOf(key);
  // `= value` or `IS NULL` per owner column, so ledger_account_identity's index serves the lookup.
  const row = await db
    .selectFrom('ledger_account')
    .select(accountColumns)
    .where('kind', '=', key.kind)
    .where('asset', '=', key.asset)
    .where('wallet_id', owner.walletId === null ? 'is' : '=', owner.walletId)
    .where('fund_id', owner.fundId === null ? 'is' : '=', owner.fundId)
    .where('user_id', owner.userId === null ? 'is' : '=', owner.userId)
    .executeTakeFirst();
  return row ? accountOf(row as AccountRow) : null;
}

export async function findAccountById(db: Db, accountId: number): Promise<LedgerAccount | null> {
  const row = await db
    .selectFrom('ledger_account')
    .select(accountColumns)
    .where('id', '=', accountId)
    .executeTakeFirst();
  return row ? accountOf(row as AccountRow) : null;
}

/**
 * The account of `key`, opened with nothing when it did not exist; any number of callers at once
 * open one. One statement: the SQL function `ledger_ensure_account` (migration 0021) finds it, or
 * opens the coin's ledger asset and the account, as `ledger_deposit` does.
 */
export async function ensureAccount(db: Db, key: LedgerAccountKey): Promise<LedgerAccount> {
  const owner = ownerOf(key);
  const coin = holdsCoinsOnly(key.kind) ? key.asset : null;
  let row: AccountRow | undefined;
  try {
    const { rows } = await sql<AccountRow>`SELECT ${sql.join(accountColumns.map((column) => sql.ref(column)))}
      FROM ledger_ensure_account(${key.kind}, ${key.asset}, ${coin}, ${owner.walletId}::integer, ${owner.fundId}::integer,
        ${owner.userId}::text, ${mayGoNegative(key.kind)})`.execute(db);
    row = rows[0];
  } catch (error) {
    throw ledgerErrorOf(error, null, `${key.kind} account of ${key.asset}`);
  }
  if (row?.id == null) throw new Error(`the ${key.kind} account of ${key.asset} was opened but cannot be read`);
  return accountOf(row);
}
