// The journal's accounts (table ledger_account; docs/ledger.md#accounts): find one by its key or
// id, and open one idempotently. A coin becomes a ledger asset, with the coin's decimals, when its
// first account opens; a fiat currency is a row migration 0011 (or a later one) adds.
import type { Db } from '../../db/create-database.ts';
import { type AccountRow, accountColumns, accountOf, type LedgerAccount } from './ledger-account-record.ts';
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

/** A coin's ledger asset, added from `coin` when missing; nothing for a code that is no coin. */
async function ensureCoinAsset(db: Db, code: string): Promise<void> {
  await db
    .insertInto('ledger_asset')
    .columns(['code', 'decimals', 'coin'])
    .expression((eb) =>
      eb.selectFrom('coin').select(['symbol', 'decimals', 'symbol as coin']).where('symbol', '=', code),
    )
    .onConflict((conflict) => conflict.doNothing())
    .execute();
}

async function insertAccount(db: Db, key: LedgerAccountKey): Promise<void> {
  const owner = ownerOf(key);
  await db
    .insertInto('ledger_account')
    .values({
      kind: key.kind,
      asset: key.asset,
      coin: holdsCoinsOnly(key.kind) ? key.asset : null,
      wallet_id: owner.walletId,
      fund_id: owner.fundId,
      user_id: owner.userId,
      may_go_negative: mayGoNegative(key.kind),
    })
    .onConflict((conflict) => conflict.constraint('ledger_account_identity').doNothing())
    .execute();
}

/** The account of `key`, opened with nothing when it did not exist; any number of callers at once open one. */
export async function ensureAccount(db: Db, key: LedgerAccountKey): Promise<LedgerAccount> {
  const found = await findAccount(db, key);
  if (found) return found;
  try {
    await ensureCoinAsset(db, key.asset);
    await insertAccount(db, key);
  } catch (error) {
    throw ledgerErrorOf(error, null, `${key.kind} account of ${key.asset}`);
  }
  const opened = await findAccount(db, key);
  if (!opened) throw new Error(`the ${key.kind} account of ${key.asset} was opened but cannot be read`);
  return opened;
}
