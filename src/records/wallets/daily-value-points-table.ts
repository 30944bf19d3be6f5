// Writes the value history's daily points (docs/valuation.md#value-history): one point per wallet
// and UTC day, at the day's start, worth the wallet's current balances at the day's price
// (docs/valuation.md#daily-prices), each holding rounded to cents as digital_wallet_asset.usd_value
// is (docs/valuation.md#the-rounding-rule). The platform writes these for every organization, so no
// scope applies. An insert does nothing where a wallet has the day's point (the unique index of
// migration 0015), so the writes are idempotent whichever node, or how many, run them.
import { sql } from 'kysely';
import type { Db } from '../../db/create-database.ts';

/** A UTC calendar day, `YYYY-MM-DD`. */
export type UtcDay = string;

export interface DailyValuePointsTable {
  /**
   * The day after the oldest latest point among the wallets that are not archived and have
   * points: the first day a point may be missing on. Null when no such wallet has any.
   */
  firstMissingDay(): Promise<UtcDay | null>;
  /**
   * The point of `day` for every wallet not archived whose latest point is before `day`; a
   * wallet without any point gets one only on `today` (its history starts when it is first
   * valued). Returns the points written.
   */
  writeDay(day: UtcDay, today: UtcDay): Promise<number>;
}

export function createDailyValuePointsTable(db: Db): DailyValuePointsTable {
  return {
    async firstMissingDay() {
      const { rows } = await sql<{ day: string | null }>`
        SELECT (min(latest.day) + 1)::text AS day
        FROM digital_wallet w
        CROSS JOIN LATERAL (
          SELECT max((h.recorded_at AT TIME ZONE 'UTC')::date) AS day
          FROM digital_wallet_value_history h WHERE h.wallet_id = w.id
        ) AS latest
        WHERE w.status <> 'archived'`.execute(db);
      return rows[0]?.day ?? null;
    },

    async writeDay(day, today) {
      const result = await sql`
        INSERT INTO digital_wallet_value_history (wallet_id, recorded_at, usd_value)
        SELECT w.id, ${day}::date::timestamp AT TIME ZONE 'UTC',
          coalesce(sum(round(a.balance * ${dayPrice(day)}, 2)), 0)
        FROM digital_wallet w
        LEFT JOIN digital_wallet_asset a ON a.wallet_id = w.id
        WHERE w.status <> 'archived'
          AND NOT EXISTS (
            SELECT 1 FROM digital_wallet_value_history h
            WHERE h.wallet_id = w.id AND (h.recorded_at AT TIME ZONE 'UTC')::date >= ${day}::date
          )
          AND (${day}::date = ${today}::date
            OR EXISTS (SELECT 1 FROM digital_wallet_value_history h WHERE h.wallet_id = w.id))
        GROUP BY w.id
        ON CONFLICT DO NOTHING`.execute(db);
      return Number(result.numAffectedRows ?? 0n);
    },
  };
}

/**
 * The USD price of holding `a`'s coin on `day`: the last price stored that day, else the newest
 * stored before it, else the oldest stored after it; 0 for a coin never priced.
 */
function dayPrice(day: UtcDay) {
  return sql`coalesce(
    (SELECT d.usd_price FROM coin_price_day d WHERE d.symbol = a.symbol AND d.day <= ${day}::date
     ORDER BY d.day DESC LIMIT 1),
    (SELECT d.usd_price FROM coin_price_day d WHERE d.symbol = a.symbol AND d.day > ${day}::date
     ORDER BY d.day LIMIT 1),
    0)`;
}
