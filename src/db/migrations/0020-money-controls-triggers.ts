// The guards of migration 0020 beside the freeze's (0020-money-controls-freeze.ts): whitelist
// additions refused while a wallet is frozen, a settled OTC trade held to its journal group, who
// processed a fund request, and a wallet's USD value derived from its holdings only. Each refusal
// is a check violation naming its constraint, with a HINT the data layer repeats to its client
// (src/records/data-layer-sql/database-errors.ts) or a message of its own
// (business-rule-refusals.ts).
import { sql } from 'kysely';

/**
 * A wallet FROZEN (by a denial or by hand) or under an open freeze takes no whitelist address:
 * an entry inserted pending or approved, or one made pending or approved (or moved to another
 * address or wallet) by an update, is refused. Removals and rejections pass: they only tighten it.
 */
const refuseWhitelistWhileFrozen = sql`CREATE FUNCTION digital_wallet_whitelist_refuse_frozen() RETURNS trigger
  LANGUAGE plpgsql AS $$
  BEGIN
    IF EXISTS (SELECT 1 FROM digital_wallet w WHERE w.id = NEW.wallet_id AND (w.status = 'frozen'
        OR EXISTS (SELECT 1 FROM digital_wallet_freeze f WHERE f.wallet_id = w.id AND f.unfrozen_at IS NULL))) THEN
      RAISE EXCEPTION 'wallet % is frozen: its whitelist takes no new address', NEW.wallet_id
        USING ERRCODE = 'check_violation', TABLE = 'digital_wallet_whitelist_entry',
          CONSTRAINT = 'digital_wallet_whitelist_frozen',
          HINT = 'a FROZEN wallet''s whitelist takes no new address until the wallet is unfrozen (business API mutation unfreezeDigitalWallet for a freeze by a DENIED AML screening); removing entries stays allowed';
    END IF;
    RETURN NEW;
  END
$$`;

export const whitelistRefusedWhileFrozen = [
  refuseWhitelistWhileFrozen,
  sql`CREATE TRIGGER digital_wallet_whitelist_frozen_insert BEFORE INSERT ON digital_wallet_whitelist_entry
    FOR EACH ROW WHEN (NEW.status IN ('pending', 'approved'))
    EXECUTE FUNCTION digital_wallet_whitelist_refuse_frozen()`,
  sql`CREATE TRIGGER digital_wallet_whitelist_frozen_update BEFORE UPDATE ON digital_wallet_whitelist_entry
    FOR EACH ROW WHEN (NEW.status IN ('pending', 'approved')
      AND (OLD.status, OLD.address, OLD.wallet_id) IS DISTINCT FROM (NEW.status, NEW.address, NEW.wallet_id))
    EXECUTE FUNCTION digital_wallet_whitelist_refuse_frozen()`,
];

/**
 * A trade `settled` at commit has both legs of its linked group `trade:<id>` in the journal, in the
 * quote's currencies, `:leg1` paid from the wallet the trade names (`from_wallet_id`) and `:leg2`
 * paid into `to_wallet_id`; an off-platform leg (no wallet) settles with the outside world, and is
 * a journal transfer all the same (docs/ledger.md#otc-trades). Deferred to the commit, since the
 * execution writes the trade before its legs; the row is read again there, as it stands then.
 * Rows settled before this migration are not checked again.
 */
const settledJournal = sql`CREATE FUNCTION otc_trade_settled_journal() RETURNS trigger LANGUAGE plpgsql AS $$
  DECLARE
    trade record;
    link text := 'trade:' || NEW.id;
  BEGIN
    SELECT t.status, t.from_wallet_id, t.to_wallet_id, q.from_currency, q.to_currency INTO trade
      FROM otc_trade t JOIN otc_quote q ON q.id = t.quote_id WHERE t.id = NEW.id;
    IF NOT FOUND OR trade.status <> 'settled' THEN
      RETURN NULL;
    END IF;
    IF NOT EXISTS (SELECT 1 FROM ledger_transfer l JOIN ledger_account a ON a.id = l.debit_account_id
          WHERE l.id = link || ':leg1' AND l.linked_id = link AND l.kind = 'single' AND l.asset = trade.from_currency
            AND a.wallet_id IS NOT DISTINCT FROM trade.from_wallet_id)
        OR NOT EXISTS (SELECT 1 FROM ledger_transfer l JOIN ledger_account a ON a.id = l.credit_account_id
          WHERE l.id = link || ':leg2' AND l.linked_id = link AND l.kind = 'single' AND l.asset = trade.to_currency
            AND a.wallet_id IS NOT DISTINCT FROM trade.to_wallet_id) THEN
      RAISE EXCEPTION 'otc_trade % is settled without both legs of its journal group %', NEW.id, link
        USING ERRCODE = 'check_violation', TABLE = 'otc_trade', CONSTRAINT = 'otc_trade_settled_journal';
    END IF;
    RETURN NULL;
  END
$$`;

export const otcTradeSettledJournal = [
  settledJournal,
  sql`CREATE CONSTRAINT TRIGGER otc_trade_settled_journal AFTER INSERT OR UPDATE ON otc_trade
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.status = 'settled')
    EXECUTE FUNCTION otc_trade_settled_journal()`,
];

/**
 * The person who processed a fund request (the business API's acting user of
 * processFundSubscription or processFundRedemption), set in the dealing's transaction; only a
 * processed request names one. Requests processed before this migration name none.
 */
export const fundProcessedBy = ['fund_subscription', 'fund_redemption'].map((table) =>
  sql.raw(`ALTER TABLE ${table}
    ADD COLUMN processed_by_user_id text REFERENCES app_user (id),
    ADD CONSTRAINT ${table}_processed_by CHECK (processed_by_user_id IS NULL OR status = 'processed')`),
);

/**
 * `digital_wallet.usd_value` written by a statement of its own (the data layer's admin, an
 * operator) is replaced by the sum of the wallet's holdings' values, as the valuation trigger of
 * migration 0015 writes it (from inside a trigger, so at depth 1 or more, which passes).
 */
const deriveUsdValue = sql`CREATE FUNCTION digital_wallet_usd_value_derive() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    NEW.usd_value := coalesce((SELECT sum(a.usd_value) FROM digital_wallet_asset a WHERE a.wallet_id = NEW.id), 0);
    RETURN NEW;
  END
$$`;

export const walletUsdValueDerived = [
  deriveUsdValue,
  sql`CREATE TRIGGER digital_wallet_usd_value_derived BEFORE INSERT OR UPDATE OF usd_value ON digital_wallet
    FOR EACH ROW WHEN (pg_trigger_depth() = 0) EXECUTE FUNCTION digital_wallet_usd_value_derive()`,
];
