// The statements of migration 0015 (docs/valuation.md#one-valuation): the triggers that keep every
// stored USD figure of a holding and a wallet equal to balance × the coin's current price, whoever
// writes the balance or the price, and the daily price record the value history is back-filled from.
import { sql } from 'kysely';

/**
 * The last price stored on each UTC day, per coin (docs/valuation.md#daily-prices): what a day of the
 * value history is valued at when it is written later (docs/valuation.md#value-history).
 */
export const dailyPrices = [
  sql`CREATE TABLE coin_price_day (
    symbol text NOT NULL REFERENCES coin (symbol) ON DELETE CASCADE,
    day date NOT NULL,
    usd_price numeric(38, 18) NOT NULL CHECK (usd_price >= 0),
    updated_at timestamptz NOT NULL,
    PRIMARY KEY (symbol, day)
  )`,
  sql`INSERT INTO coin_price_day (symbol, day, usd_price, updated_at)
    SELECT symbol, (updated_at AT TIME ZONE 'UTC')::date, usd_price, updated_at FROM coin_price`,
];

/**
 * A holding's `unit_price_usd` is its coin's `coin_price.usd_price` (0 without one) and its
 * `usd_value` is `round(balance × unit_price_usd, 2)`, half away from zero, set before every
 * INSERT and UPDATE of the row, so no writer (the ledger's balance projection, an operator, the
 * data layer's admin) can store another figure. A new holding reads the price FOR SHARE: a price
 * change committing meanwhile then waits for it, and its trigger below sees the new row. An update
 * needs no lock: a price change updating the same row waits on the row's lock and reads it again.
 */
export const holdingValuation = [
  sql`CREATE FUNCTION digital_wallet_asset_valuation() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        NEW.unit_price_usd := coalesce((SELECT usd_price FROM coin_price WHERE symbol = NEW.symbol FOR SHARE), 0);
      ELSIF NEW.symbol <> OLD.symbol THEN
        NEW.unit_price_usd := coalesce((SELECT usd_price FROM coin_price WHERE symbol = NEW.symbol FOR SHARE), 0);
      ELSE
        NEW.unit_price_usd := coalesce((SELECT usd_price FROM coin_price WHERE symbol = NEW.symbol), 0);
      END IF;
      NEW.usd_value := round(NEW.balance * NEW.unit_price_usd, 2);
      RETURN NEW;
    END
  $$`,
  sql`CREATE TRIGGER digital_wallet_asset_valuation BEFORE INSERT OR UPDATE ON digital_wallet_asset
    FOR EACH ROW EXECUTE FUNCTION digital_wallet_asset_valuation()`,
];

/**
 * A wallet's `usd_value` is the sum of its holdings' `usd_value`, recomputed once per statement
 * for the wallets the statement touched. The wallets are locked first, in id order, and summed in
 * the next statement, which sees every change committed by a transaction that held the lock
 * before: two transactions changing holdings of one wallet cannot leave a stale sum.
 */
export const walletTotals = [
  sql`CREATE FUNCTION digital_wallet_valuation() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      wallets integer[];
    BEGIN
      IF TG_OP = 'INSERT' THEN
        SELECT array_agg(DISTINCT wallet_id) INTO wallets FROM new_rows;
      ELSIF TG_OP = 'DELETE' THEN
        SELECT array_agg(DISTINCT wallet_id) INTO wallets FROM old_rows;
      ELSE
        SELECT array_agg(DISTINCT wallet_id) INTO wallets
        FROM (SELECT wallet_id FROM new_rows UNION SELECT wallet_id FROM old_rows) AS changed;
      END IF;
      IF wallets IS NULL THEN
        RETURN NULL;
      END IF;
      PERFORM 1 FROM digital_wallet WHERE id = ANY (wallets) ORDER BY id FOR NO KEY UPDATE;
      UPDATE digital_wallet w SET usd_value = totals.usd_value
      FROM (
        SELECT changed.wallet_id,
          coalesce((SELECT sum(a.usd_value) FROM digital_wallet_asset a WHERE a.wallet_id = changed.wallet_id), 0) AS usd_value
        FROM unnest(wallets) AS changed (wallet_id)
      ) AS totals
      WHERE w.id = totals.wallet_id AND w.usd_value <> totals.usd_value;
      RETURN NULL;
    END
  $$`,
  sql`CREATE TRIGGER digital_wallet_asset_inserted AFTER INSERT ON digital_wallet_asset
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION digital_wallet_valuation()`,
  sql`CREATE TRIGGER digital_wallet_asset_updated AFTER UPDATE ON digital_wallet_asset
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION digital_wallet_valuation()`,
  sql`CREATE TRIGGER digital_wallet_asset_deleted AFTER DELETE ON digital_wallet_asset
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION digital_wallet_valuation()`,
];

/**
 * A price written (by the price refresh or anyone) moves every holding of its coin in the same
 * statement's transaction: one set-based UPDATE per statement, of the rows whose price differs
 * (so any holding left behind is mended by the next refresh), and the day's price record. A price
 * removed leaves its holdings at 0, as a coin without a price.
 */
export const priceFollowers = [
  sql`CREATE FUNCTION coin_price_follow() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' THEN
        UPDATE digital_wallet_asset a SET unit_price_usd = 0
        FROM old_prices o WHERE a.symbol = o.symbol AND a.unit_price_usd <> 0;
        RETURN NULL;
      END IF;
      UPDATE digital_wallet_asset a SET unit_price_usd = n.usd_price
      FROM new_prices n WHERE a.symbol = n.symbol AND a.unit_price_usd <> n.usd_price;
      INSERT INTO coin_price_day (symbol, day, usd_price, updated_at)
      SELECT symbol, (updated_at AT TIME ZONE 'UTC')::date, usd_price, updated_at FROM new_prices
      ON CONFLICT (symbol, day) DO UPDATE SET usd_price = excluded.usd_price, updated_at = excluded.updated_at
      WHERE coin_price_day.updated_at <= excluded.updated_at;
      RETURN NULL;
    END
  $$`,
  sql`CREATE TRIGGER coin_price_inserted AFTER INSERT ON coin_price
    REFERENCING NEW TABLE AS new_prices FOR EACH STATEMENT EXECUTE FUNCTION coin_price_follow()`,
  sql`CREATE TRIGGER coin_price_updated AFTER UPDATE ON coin_price
    REFERENCING NEW TABLE AS new_prices FOR EACH STATEMENT EXECUTE FUNCTION coin_price_follow()`,
  sql`CREATE TRIGGER coin_price_deleted AFTER DELETE ON coin_price
    REFERENCING OLD TABLE AS old_prices FOR EACH STATEMENT EXECUTE FUNCTION coin_price_follow()`,
];

/** The stored figures brought in line once: every holding through its trigger, wallets without any to 0. */
export const realign = [
  sql`UPDATE digital_wallet_asset SET unit_price_usd = unit_price_usd`,
  sql`UPDATE digital_wallet w SET usd_value = 0
    WHERE w.usd_value <> 0 AND NOT EXISTS (SELECT 1 FROM digital_wallet_asset a WHERE a.wallet_id = w.id)`,
];

/**
 * One value history point per wallet and UTC day (docs/valuation.md#value-history): the daily job's
 * insert does nothing where the day has its point, however many nodes run it.
 */
export const oneHistoryPointADay = [
  sql`CREATE UNIQUE INDEX digital_wallet_value_history_day
    ON digital_wallet_value_history (wallet_id, ((recorded_at AT TIME ZONE 'UTC')::date))`,
];
