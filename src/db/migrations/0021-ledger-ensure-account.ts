// One home for opening a journal account (docs/ledger.md#accounts): `ledger_ensure_account`
// answers the account of a key, opening it (and the coin's ledger asset, with the coin's
// decimals) when it is missing, in one statement of its caller, safe under concurrency. The
// journal module's `ensureAccount` calls it, and `ledger_deposit` (migration 0012, the opening
// balances and the demo seed) is redefined on it, so the two no longer each spell out the inserts.
import { type Kysely, sql } from 'kysely';
import { deposit as depositOf0012 } from './0012-wallet-holdings.ts';

/**
 * The account of one key, read by the branch of its owner so that each lookup is a plain equality
 * or IS NULL on ledger_account_identity's columns (its index serves it).
 */
const findAccount = sql`CREATE FUNCTION ledger_find_account(account_kind text, account_asset text, wallet integer,
  fund integer, investor text)
  RETURNS ledger_account LANGUAGE plpgsql STABLE AS $$
  DECLARE
    account ledger_account;
  BEGIN
    IF wallet IS NOT NULL THEN
      SELECT * INTO account FROM ledger_account WHERE kind = account_kind AND asset = account_asset
        AND wallet_id = wallet AND fund_id IS NULL AND user_id IS NULL;
    ELSIF fund IS NOT NULL THEN
      SELECT * INTO account FROM ledger_account WHERE kind = account_kind AND asset = account_asset
        AND wallet_id IS NULL AND fund_id = fund AND user_id = investor;
    ELSE
      SELECT * INTO account FROM ledger_account WHERE kind = account_kind AND asset = account_asset
        AND wallet_id IS NULL AND fund_id IS NULL AND user_id IS NULL;
    END IF;
    RETURN account;
  END
$$`;

/**
 * Finds first, so an existing account costs no insert and no identity value; a missing one is
 * inserted (ON CONFLICT DO NOTHING: a concurrent opener wins) and read again when another
 * transaction opened it meanwhile (each statement of a function sees what committed before it).
 * The caller says which columns the kind fills (`coin`, the owners, `may_go_negative`); the
 * table's CHECKs hold them to the kind.
 */
const ensureAccount = sql`CREATE FUNCTION ledger_ensure_account(account_kind text, account_asset text,
  account_coin text, wallet integer, fund integer, investor text, overdraft boolean, at timestamptz DEFAULT now())
  RETURNS ledger_account LANGUAGE plpgsql AS $$
  DECLARE
    account ledger_account;
  BEGIN
    account := ledger_find_account(account_kind, account_asset, wallet, fund, investor);
    IF account.id IS NOT NULL THEN
      RETURN account;
    END IF;
    -- No conflict target: ledger_asset is unique on code and on coin, and a concurrent opener's
    -- row conflicts on whichever index is checked first; only a target-less DO NOTHING takes both.
    INSERT INTO ledger_asset (code, decimals, coin) SELECT symbol, decimals, symbol FROM coin WHERE symbol = account_asset
      ON CONFLICT DO NOTHING;
    INSERT INTO ledger_account (kind, asset, coin, wallet_id, fund_id, user_id, may_go_negative, created_at)
      VALUES (account_kind, account_asset, account_coin, wallet, fund, investor, overdraft, at)
      ON CONFLICT ON CONSTRAINT ledger_account_identity DO NOTHING
      RETURNING * INTO account;
    IF account.id IS NULL THEN
      account := ledger_find_account(account_kind, account_asset, wallet, fund, investor);
    END IF;
    RETURN account;
  END
$$`;

/** `ledger_deposit` of migration 0012, its accounts opened by `ledger_ensure_account`. */
const deposit = sql`CREATE OR REPLACE FUNCTION ledger_deposit(wallet integer, coin_symbol text, amount numeric,
  transfer_id text, at timestamptz DEFAULT now())
  RETURNS void LANGUAGE plpgsql AS $$
  DECLARE
    places integer;
    units numeric;
    world_id integer;
    holding_id integer;
  BEGIN
    SELECT decimals INTO STRICT places FROM coin WHERE symbol = coin_symbol;
    units := amount * 10::numeric ^ places;
    IF units <= 0 OR units <> trunc(units) THEN
      RAISE EXCEPTION 'ledger: a deposit of % % into wallet % is not a positive whole number of base units (% decimals)',
        amount, coin_symbol, wallet, places USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_transfer_amount_check';
    END IF;
    world_id := (ledger_ensure_account('world', coin_symbol, NULL, NULL, NULL, NULL, true, at)).id;
    holding_id := (ledger_ensure_account('wallet', coin_symbol, coin_symbol, wallet, NULL, NULL, false, at)).id;
    INSERT INTO ledger_transfer (id, debit_account_id, credit_account_id, asset, amount, kind, description, metadata, created_at)
    VALUES (transfer_id, world_id, holding_id, coin_symbol, units, 'single',
      'deposit of ' || amount || ' ' || coin_symbol || ' into wallet ' || wallet,
      jsonb_build_object('walletId', wallet, 'amount', amount::text), at);
    UPDATE digital_wallet_asset SET updated_at = at WHERE wallet_id = wallet AND symbol = coin_symbol;
  END
$$`;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of [findAccount, ensureAccount, deposit]) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP FUNCTION ledger_deposit(integer, text, numeric, text, timestamptz)`.execute(db);
  await depositOf0012.execute(db);
  await sql`DROP FUNCTION ledger_ensure_account(text, text, text, integer, integer, text, boolean, timestamptz)`.execute(
    db,
  );
  await sql`DROP FUNCTION ledger_find_account(text, text, integer, integer, text)`.execute(db);
}
