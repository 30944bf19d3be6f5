// A wallet's holdings are a projection of the journal (docs/ledger.md#wallet-holdings):
// `digital_wallet_asset.balance` is the posted balance of the wallet's account of that coin and
// the new `available_balance` what it may still send (posted minus held), both written by a
// trigger on the account in the transaction of the transfer that moved it, and by nothing else:
// an UPDATE of either column, or an INSERT carrying a balance, made outside that trigger is
// refused. Balances stored before this migration become opening transfers from the outside world
// (`opening:digital_wallet_asset-<id>`), so the journal explains every unit a wallet holds.
import { type Kysely, sql } from 'kysely';

/**
 * Posted and available balance of a wallet account, in whole coins, onto its asset row (opened
 * if the coin is new to the wallet). Runs inside the journal's projection trigger, so
 * pg_trigger_depth() is at least 2 when it writes; the guard below admits only that.
 */
const projectHolding = sql`CREATE FUNCTION digital_wallet_asset_project() RETURNS trigger LANGUAGE plpgsql AS $$
  DECLARE
    places integer;
    unit numeric;
  BEGIN
    SELECT decimals INTO places FROM ledger_asset WHERE code = NEW.asset;
    IF places > 18 THEN
      RAISE EXCEPTION 'ledger: % has % decimals; digital_wallet_asset holds at most 18', NEW.asset, places
        USING ERRCODE = 'integrity_constraint_violation', TABLE = 'digital_wallet_asset',
          CONSTRAINT = 'digital_wallet_asset_decimals';
    END IF;
    unit := 10::numeric ^ places;
    INSERT INTO digital_wallet_asset AS a (wallet_id, symbol, balance, available_balance, updated_at)
    VALUES (NEW.wallet_id, NEW.coin, (NEW.credits_posted - NEW.debits_posted) / unit,
      (NEW.credits_posted - NEW.debits_posted - NEW.debits_pending) / unit, now())
    ON CONFLICT (wallet_id, symbol) DO UPDATE
      SET balance = excluded.balance, available_balance = excluded.available_balance, updated_at = now()
      WHERE (a.balance, a.available_balance) IS DISTINCT FROM (excluded.balance, excluded.available_balance);
    RETURN NULL;
  END
$$`;

const holdingTriggers = [
  sql`ALTER TABLE digital_wallet_asset ADD COLUMN available_balance numeric(38, 18) NOT NULL DEFAULT 0`,
  projectHolding,
  sql`CREATE TRIGGER ledger_account_wallet_holding AFTER UPDATE ON ledger_account FOR EACH ROW
    WHEN (NEW.kind = 'wallet' AND (OLD.debits_posted, OLD.credits_posted, OLD.debits_pending)
      IS DISTINCT FROM (NEW.debits_posted, NEW.credits_posted, NEW.debits_pending))
    EXECUTE FUNCTION digital_wallet_asset_project()`,
  sql`CREATE TRIGGER digital_wallet_asset_projection BEFORE UPDATE OF balance, available_balance ON digital_wallet_asset
    FOR EACH ROW WHEN (pg_trigger_depth() < 2 AND (OLD.balance, OLD.available_balance)
      IS DISTINCT FROM (NEW.balance, NEW.available_balance))
    EXECUTE FUNCTION ledger_refuse_change('digital_wallet_asset_projection',
      'a balance is the journal''s: post a transfer (docs/ledger.md#wallet-holdings)')`,
  sql`CREATE TRIGGER digital_wallet_asset_opening_balance BEFORE INSERT ON digital_wallet_asset
    FOR EACH ROW WHEN (pg_trigger_depth() < 2 AND (NEW.balance <> 0 OR NEW.available_balance <> 0))
    EXECUTE FUNCTION ledger_refuse_change('digital_wallet_asset_projection',
      'a holding opens with nothing: post a transfer (docs/ledger.md#wallet-holdings)')`,
];

/**
 * `ledger_deposit(wallet, coin, amount, id[, at])`: `amount` whole coins arriving from the outside
 * world into the wallet, as one transfer `id` dated `at`, opening the coin's asset and the two
 * accounts if needed.
 * What an opening balance is (this migration's rows, the demo seed's) and what tests post. An
 * amount finer than the coin's decimals, or not above zero, cannot be a journal amount: refused,
 * naming it, rather than rounded. The custodian's deposits post through the journal module.
 */
export const deposit = sql`CREATE FUNCTION ledger_deposit(wallet integer, coin_symbol text, amount numeric, transfer_id text,
  at timestamptz DEFAULT now())
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
    INSERT INTO ledger_asset (code, decimals, coin) VALUES (coin_symbol, places, coin_symbol) ON CONFLICT (code) DO NOTHING;
    INSERT INTO ledger_account (kind, asset, may_go_negative, created_at) VALUES ('world', coin_symbol, true, at)
      ON CONFLICT ON CONSTRAINT ledger_account_identity DO NOTHING;
    INSERT INTO ledger_account (kind, asset, coin, wallet_id, may_go_negative, created_at)
      VALUES ('wallet', coin_symbol, coin_symbol, wallet, false, at)
      ON CONFLICT ON CONSTRAINT ledger_account_identity DO NOTHING;
    SELECT id INTO STRICT world_id FROM ledger_account WHERE kind = 'world' AND asset = coin_symbol;
    SELECT id INTO STRICT holding_id FROM ledger_account WHERE kind = 'wallet' AND asset = coin_symbol AND wallet_id = wallet;
    INSERT INTO ledger_transfer (id, debit_account_id, credit_account_id, asset, amount, kind, description, metadata, created_at)
    VALUES (transfer_id, world_id, holding_id, coin_symbol, units, 'single',
      'deposit of ' || amount || ' ' || coin_symbol || ' into wallet ' || wallet,
      jsonb_build_object('walletId', wallet, 'amount', amount::text), at);
    UPDATE digital_wallet_asset SET updated_at = at WHERE wallet_id = wallet AND symbol = coin_symbol;
  END
$$`;

/**
 * A transfer confirmed before its wallet's balance entered the journal is part of that opening
 * balance: `in_opening_balance` marks it, so whatever posts custody transfers to the journal
 * never counts it a second time. Transfers not yet final are not in it (the custodian's
 * confirmed balance excludes them) and post when they move on.
 */
const carriedTransfers = [
  sql`ALTER TABLE digital_wallet_transaction ADD COLUMN in_opening_balance boolean NOT NULL DEFAULT false`,
  sql`UPDATE digital_wallet_transaction SET in_opening_balance = true WHERE state = 'confirmed'`,
];

/** Balances stored before this migration, each an opening deposit whose projection writes it back. */
const openingBalances = sql`SELECT ledger_deposit(wallet_id, symbol, balance, 'opening:digital_wallet_asset-' || id, updated_at)
  FROM digital_wallet_asset WHERE balance <> 0 ORDER BY id`;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of [...holdingTriggers, deposit, openingBalances, ...carriedTransfers])
    await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER digital_wallet_asset_opening_balance ON digital_wallet_asset`.execute(db);
  await sql`DROP TRIGGER digital_wallet_asset_projection ON digital_wallet_asset`.execute(db);
  await sql`DROP TRIGGER ledger_account_wallet_holding ON ledger_account`.execute(db);
  await sql`DROP FUNCTION digital_wallet_asset_project(), ledger_deposit(integer, text, numeric, text, timestamptz)`.execute(
    db,
  );
  await sql`ALTER TABLE digital_wallet_asset DROP COLUMN available_balance`.execute(db);
  await sql`ALTER TABLE digital_wallet_transaction DROP COLUMN in_opening_balance`.execute(db);
}
