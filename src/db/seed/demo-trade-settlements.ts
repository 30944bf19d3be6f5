// The journal group of each settled demo OTC trade (docs/ledger.md#otc-trades): a trade is
// `settled` only with both legs of `trade:<id>` in the journal (migration 0020,
// otc_trade_settled_journal, checked at the seed's commit). The demo trades name no wallets (as
// trades executed before trades named them), so both legs settle with the outside world: `:leg1`
// what the client paid, rounded up to its currency's unit, into the desk; `:leg2` what it received,
// rounded down, out of the desk (docs/trading.md#amounts). No wallet's balance moves.
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../../generated/database/database.ts';

const openAccounts = sql`INSERT INTO ledger_account (kind, asset, may_go_negative, created_at)
  SELECT DISTINCT kind, asset, true, t.executed_at
  FROM otc_trade t JOIN otc_quote q ON q.id = t.quote_id,
    LATERAL (VALUES ('world', q.from_currency), ('otc_desk', q.from_currency),
                    ('world', q.to_currency), ('otc_desk', q.to_currency)) AS k (kind, asset)
  WHERE t.status = 'settled'
  ON CONFLICT ON CONSTRAINT ledger_account_identity DO NOTHING`;

/** The legs, in whole units of each currency's journal asset, paid rounded up and received rounded down. */
const postLegs = sql`WITH legs AS (
    SELECT t.id AS trade_id, t.settled_at, leg.n, leg.asset, leg.from_kind, leg.to_kind,
      CASE WHEN leg.n = 1 THEN ceil(leg.amount * 10::numeric ^ a.decimals)
           ELSE floor(leg.amount * 10::numeric ^ a.decimals) END AS units
    FROM otc_trade t JOIN otc_quote q ON q.id = t.quote_id,
      LATERAL (VALUES
        (1, q.from_currency, 'world', 'otc_desk', CASE q.side WHEN 'BUY' THEN q.total ELSE q.quote_size END),
        (2, q.to_currency, 'otc_desk', 'world', CASE q.side WHEN 'BUY' THEN q.quote_size ELSE q.total END)
      ) AS leg (n, asset, from_kind, to_kind, amount)
    JOIN ledger_asset a ON a.code = leg.asset
    WHERE t.status = 'settled')
  INSERT INTO ledger_transfer (id, debit_account_id, credit_account_id, asset, amount, kind, linked_id, description, metadata, created_at)
  SELECT 'trade:' || l.trade_id || ':leg' || l.n, debit.id, credit.id, l.asset, l.units, 'single', 'trade:' || l.trade_id,
    'demo OTC trade ' || l.trade_id || ', leg ' || l.n || ', settled off the platform',
    jsonb_build_object('tradeId', l.trade_id::text), l.settled_at
  FROM legs l
  JOIN ledger_account debit ON debit.kind = l.from_kind AND debit.asset = l.asset AND debit.wallet_id IS NULL
  JOIN ledger_account credit ON credit.kind = l.to_kind AND credit.asset = l.asset AND credit.wallet_id IS NULL
  ORDER BY l.trade_id, l.n`;

/** Each group opened at its trade's settlement, not at the seed's run (the join trigger would stamp now()). */
const openGroups = sql`INSERT INTO ledger_link (id, created_at)
  SELECT 'trade:' || id, settled_at FROM otc_trade WHERE status = 'settled' ORDER BY id`;

export async function insertDemoTradeSettlements(db: Kysely<Database>): Promise<void> {
  await openAccounts.execute(db);
  await openGroups.execute(db);
  await postLegs.execute(db);
}
